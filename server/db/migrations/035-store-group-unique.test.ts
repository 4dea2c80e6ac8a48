import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../database.js';
import {
  allBut,
  migrationDatabase,
  type MigrationDatabase,
} from '../../test/migration-database.js';
import { isUniqueViolation } from '../unique.js';

const NAME = '035-store-group-unique';

/** Migration 035 on a database whose live groups share names (written before the index). */
describe('migration 035-store-group-unique', () => {
  let m: MigrationDatabase | undefined;
  afterAll(() => m?.close());

  it('renames later live duplicates with a free suffix, then holds names unique', async () => {
    m = await migrationDatabase();
    await m.migrateTo(allBut(NAME));
    const db = m.database.db;
    const long = '长'.repeat(64);
    const groups: [string, string, string, number][] = [
      // id, tenant, name, is_deleted (created in id order)
      ['g1', 'T1', '华北', 0],
      ['g2', 'T1', '华北', 0],
      ['g3', 'T1', '华北 (2)', 0],
      ['g4', 'T1', '华北', 0],
      ['g5', 'T1', '华北', 1],
      ['g6', 'T2', '华北', 0],
      ['g7', 'T1', long, 0],
      ['g8', 'T1', long, 0],
    ];
    await db
      .insertInto('bladeSupStoreGroup')
      .values(
        groups.map(([id, tenantId, groupName, isDeleted], i) => ({
          id,
          tenantId,
          groupName,
          remark: null,
          createUser: null,
          createDept: null,
          createTime: `2026-01-01 00:00:0${i}`,
          updateUser: null,
          updateTime: null,
          status: 1,
          isDeleted,
          version: 1,
        })),
      )
      .execute();

    await m.migrateTo(MIGRATIONS);
    const rows = await db
      .selectFrom('bladeSupStoreGroup')
      .select(['id', 'groupName', 'version'])
      .orderBy('id')
      .execute();
    const named = Object.fromEntries(rows.map((r) => [r.id, r.groupName]));
    expect(named).toEqual({
      g1: '华北',
      g2: '华北 (3)',
      g3: '华北 (2)',
      g4: '华北 (4)',
      g5: '华北',
      g6: '华北',
      g7: long,
      g8: `${'长'.repeat(60)} (2)`,
    });
    expect(rows.filter((r) => r.version === 2).map((r) => r.id)).toEqual(['g2', 'g4', 'g8']);

    const again = await db
      .insertInto('bladeSupStoreGroup')
      .values({
        id: 'g9',
        tenantId: 'T1',
        groupName: '华北',
        remark: null,
        createUser: null,
        createDept: null,
        createTime: null,
        updateUser: null,
        updateTime: null,
        status: 1,
        isDeleted: 0,
        version: 1,
      })
      .execute()
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(again)).toBe(true);
  });
});
