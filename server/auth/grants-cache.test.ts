import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, DEMO_TENANT, type TestApp } from '../test/support.js';

/**
 * Issue 30: a signed-in request runs no permission query while the grants version stands, and a
 * change of grants (however it is written: here plain SQL on the shared database) takes effect
 * for the next request on every process.
 */
describe('grants cached per grants version', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const permissions = async (t: TestApp, token: string) =>
    data<{ permissions: string[] }>(await t.get('/api/blade-auth/oauth/user-info', token))
      .permissions;
  const routeCount = async (t: TestApp, token: string) =>
    data<unknown[]>(await t.get('/api/blade-system/menu/routes', token)).length;

  it('drops a removed grant at the next request on the other process', async () => {
    const token = await second.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    // Twice, so the second answer comes from the cache.
    expect((await permissions(second, token)).length).toBeGreaterThan(0);
    expect((await permissions(second, token)).length).toBeGreaterThan(0);
    expect(await routeCount(second, token)).toBeGreaterThan(0);

    const db = first.app.ctx.db;
    const role = await db
      .selectFrom('bladeUser')
      .select('roleId')
      .where('account', '=', 'sales')
      .where('tenantId', '=', DEMO_TENANT)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('bladeRoleMenu').where('roleId', 'in', role.roleId.split(',')).execute();

    expect(await permissions(second, token)).toEqual([]);
    expect(await routeCount(second, token)).toBe(0);
  });

  it('moves the version with every kind of grant change', async () => {
    const db = first.app.ctx.db;
    const version = async () =>
      Number(
        (
          await db
            .selectFrom('bladeCacheVersion')
            .select('version')
            .where('name', '=', 'grants')
            .executeTakeFirstOrThrow()
        ).version,
      );
    const before = await version();
    await db.updateTable('bladeMenu').set({ sort: 7 }).where('code', '=', 'post').execute();
    const afterMenu = await version();
    expect(afterMenu).toBeGreaterThan(before);
    await db.updateTable('bladeRole').set({ sort: 3 }).where('roleAlias', '=', 'staff').execute();
    expect(await version()).toBeGreaterThan(afterMenu);
  });
});
