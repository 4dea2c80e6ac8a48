import { afterAll, describe, expect, it } from 'vitest';
import { migrationDatabase, type MigrationDatabase } from '../../test/migration-database.js';
import * as m001 from '../../db/migrations/001-platform.js';
import * as m002 from '../../db/migrations/002-data-export.js';
import * as m003 from '../../db/migrations/003-table-set.js';
import * as m005 from '../../db/migrations/005-imports.js';
import { seedSystem } from '../../db/seed/system.js';

/** Migration 005 on a database seeded before the import button existed. */
describe('migration 005-imports', () => {
  let m: MigrationDatabase | undefined;
  afterAll(() => m?.close());

  it('adds user_import under the users screen, granted to the roles that may add users', async () => {
    m = await migrationDatabase();
    const { db } = m.database;
    const before = { '001-platform': m001, '002-data-export': m002, '003-table-set': m003 };
    await m.migrateTo(before);
    await seedSystem(db);
    // As the seed was before this issue.
    await db.deleteFrom('bladeMenu').where('code', '=', 'user_import').execute();

    await m.migrateTo({ ...before, '005-imports': m005 });
    const screen = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'user')
      .executeTakeFirstOrThrow();
    const button = await db
      .selectFrom('bladeMenu')
      .selectAll()
      .where('code', '=', 'user_import')
      .executeTakeFirstOrThrow();
    expect(button).toMatchObject({ parentId: screen.id, category: 2, alias: 'import', action: 1 });
    const holders = async (code: string) =>
      (
        await db
          .selectFrom('bladeRoleMenu as rm')
          .innerJoin('bladeMenu as m', 'm.id', 'rm.menuId')
          .select('rm.roleId')
          .where('m.code', '=', code)
          .execute()
      )
        .map((r) => r.roleId)
        .sort();
    expect(await holders('user_import')).toEqual(await holders('user_add'));
    expect(await holders('user_import')).toHaveLength(1);
    // The import table is there.
    expect(await db.selectFrom('bladeImport').selectAll().execute()).toEqual([]);
  });
});
