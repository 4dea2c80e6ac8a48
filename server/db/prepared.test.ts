import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from './database.js';
import { prepared, preparedInsert } from './prepared.js';
import { ownDatabase, type OwnDatabase } from '../test/pg-admin.js';

/** prepared.ts: built once, run with each call's values, on SQLite and (TEST_DATABASE_URL) PostgreSQL. */
describe('prepared queries', () => {
  let database: Database;
  let own: OwnDatabase | undefined;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    own = url ? await ownDatabase(url) : undefined;
    database = await openDatabase({
      databaseUrl: own?.url,
      ...(own ? { pgSchema: 'public' } : {}),
    });
    await migrate(database.db, database.schema);
  });
  afterAll(async () => {
    await database.close();
    await own?.drop();
  });

  const hit = prepared<{ bucket: string; windowStart: number }>()((db, arg) =>
    db
      .insertInto('bladeRateWindow')
      .values({ bucket: arg('bucket'), windowStart: arg('windowStart'), hits: 1 })
      .returning(['bucket', 'windowStart', 'hits']),
  );
  const byBucket = prepared<{ bucket: string }>()((db, arg) =>
    db
      .selectFrom('bladeRateWindow')
      .select(['windowStart', 'hits'])
      .where('bucket', '=', arg('bucket'))
      .where('hits', '=', 1)
      .orderBy('windowStart'),
  );
  const bump = prepared<{ bucket: string }>()((db, arg) =>
    db.updateTable('bladeRateWindow').set({ hits: 5 }).where('bucket', '=', arg('bucket')),
  );

  it('runs with each call its own values, the built-in constants kept', async () => {
    const { db } = database;
    expect(await hit.first(db, { bucket: 'a', windowStart: 1 })).toEqual({
      bucket: 'a',
      windowStart: 1,
      hits: 1,
    });
    await hit.run(db, { bucket: 'a', windowStart: 2 });
    await hit.run(db, { bucket: 'b', windowStart: 1 });
    expect(await byBucket.all(db, { bucket: 'a' })).toEqual([
      { windowStart: 1, hits: 1 },
      { windowStart: 2, hits: 1 },
    ]);
    expect((await byBucket.all(db, { bucket: 'b' })).length).toBe(1);
    expect(await byBucket.first(db, { bucket: 'none' })).toBeUndefined();
    expect((await bump.run(db, { bucket: 'a' })).changed).toBe(2);
    // hits = 1 was built in: the bumped rows no longer match.
    expect(await byBucket.all(db, { bucket: 'a' })).toEqual([]);
  });

  it('runs inside a transaction and rolls back with it', async () => {
    const { db } = database;
    await expect(
      db.transaction().execute(async (trx) => {
        await hit.run(trx, { bucket: 'c', windowStart: 1 });
        expect((await byBucket.all(trx, { bucket: 'c' })).length).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await byBucket.all(db, { bucket: 'c' })).toEqual([]);
  });

  it('inserts rows with the columns each row has', async () => {
    const { db } = database;
    const insert = preparedInsert('bladeRateWindow');
    await insert.run(db, { bucket: 'd', windowStart: 1, hits: 3 });
    await insert.run(db, { bucket: 'd', windowStart: 2, hits: 4 });
    // The columns in another order: a statement of its own, each value in its column.
    await insert.run(db, { hits: 5, windowStart: 3, bucket: 'd' });
    const rows = await db
      .selectFrom('bladeRateWindow')
      .select(['windowStart', 'hits'])
      .where('bucket', '=', 'd')
      .orderBy('windowStart')
      .execute();
    expect(rows.map((r) => [r.windowStart, r.hits])).toEqual([
      [1, 3],
      [2, 4],
      [3, 5],
    ]);
  });
});
