import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../database.js';
import {
  allBut,
  migrationDatabase,
  type MigrationDatabase,
} from '../../test/migration-database.js';
import { isUniqueViolation } from '../unique.js';

const NAME = '036-system-unique';

/**
 * Migration 036 backs the system tables' unique rules with indexes, and leaves out the one of a
 * table that already holds live duplicates (its rows stay; the engine's check still answers).
 */
describe('migration 036-system-unique', () => {
  let m: MigrationDatabase | undefined;
  afterAll(() => m?.close());

  const audit = { createUser: null, createDept: null, createTime: null, updateUser: null };
  const scope = (id: string, isDeleted = 0) => ({
    id,
    menuId: 'm1',
    resourceCode: 'post',
    scopeName: '本部门',
    scopeField: 'createDept',
    scopeClass: 'Post',
    scopeColumn: 'create_dept',
    scopeType: 3,
    scopeValue: null,
    remark: null,
    ...audit,
    updateTime: null,
    status: 1,
    isDeleted,
    version: 1,
  });
  const source = (id: string, isDeleted = 0) => ({
    id,
    name: '报表库',
    driverClass: 'org.postgresql.Driver',
    url: 'jdbc:postgresql://db/report',
    username: null,
    password: null,
    remark: null,
    ...audit,
    updateTime: null,
    status: 1,
    isDeleted,
    version: 1,
  });
  const refused = (write: Promise<unknown>) =>
    write.then(
      () => false,
      (err: unknown) => isUniqueViolation(err),
    );

  it('makes a live duplicate a database refusal, except where duplicates already live', async () => {
    m = await migrationDatabase();
    await m.migrateTo(allBut(NAME));
    const db = m.database.db;
    // Scope rules already hold a live duplicate; data sources do not.
    await db
      .insertInto('bladeScopeData')
      .values([scope('s1'), scope('s2')])
      .execute();
    await db.insertInto('bladeDatasource').values(source('d1')).execute();

    await m.migrateTo(MIGRATIONS);
    expect(await refused(db.insertInto('bladeDatasource').values(source('d2')).execute())).toBe(
      true,
    );
    // A removed one's name may be used again.
    expect(await refused(db.insertInto('bladeDatasource').values(source('d3', 1)).execute())).toBe(
      false,
    );
    // The table with duplicates kept them and took no index.
    expect(await refused(db.insertInto('bladeScopeData').values(scope('s3')).execute())).toBe(
      false,
    );
  });
});
