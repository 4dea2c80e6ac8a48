import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from './database.js';

/** live-rows-plugin.ts: a bound `is_deleted = ?` made SQLite prepare the statement again on every run. */
describe('is_deleted = 0 as a literal', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await migrate(database.db);
  });
  afterAll(() => database.close());

  const appByKey = () =>
    database.db
      .selectFrom('bladePsclientApp')
      .select('id')
      .where('appKey', '=', 'qk1')
      .where('isDeleted', '=', 0);

  it('writes the flag into the SQL and binds the rest', () => {
    const compiled = appByKey().compile();
    expect(compiled.sql).toContain('"is_deleted" = 0');
    expect(compiled.parameters).toEqual(['qk1']);
    // Other values of the flag stay parameters.
    const deleted = database.db
      .selectFrom('bladePsclientApp')
      .select('id')
      .where('isDeleted', '=', 1)
      .compile();
    expect(deleted.parameters).toEqual([1]);
  });

  it('turns names to snake_case in the SQL and back to camelCase in the rows, in the same pass', async () => {
    const query = database.db
      .selectFrom('bladeUser as u')
      .select(['u.realName', 'u.mustChangePassword'])
      .where('u.isDeleted', '=', 0)
      .where('u.tenantId', '=', '000000');
    const compiled = query.compile();
    expect(compiled.sql).toContain('"u"."real_name"');
    expect(compiled.sql).toContain('"u"."is_deleted" = 0');
    expect(compiled.parameters).toEqual(['000000']);
    const rows = await query.execute();
    for (const row of rows)
      expect(Object.keys(row).sort()).toEqual(['mustChangePassword', 'realName']);
  });
});
