import { nextId } from '../../../lib/ids.js';
import { data, type TestApp } from '../../../test/support.js';

/** Test-only helpers shared by the data-scope, api-scope and log tests. */

export const DEMO = '100001';

/** The id of a live menu by code. */
export async function menuId(t: TestApp, code: string): Promise<string> {
  const row = await t.app.ctx.db
    .selectFrom('bladeMenu')
    .select('id')
    .where('code', '=', code)
    .where('isDeleted', '=', 0)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new role of `tenantId` (no menus yet). */
export async function createRole(t: TestApp, tenantId: string, alias: string): Promise<string> {
  const id = nextId();
  await t.app.ctx.db
    .insertInto('bladeRole')
    .values({
      id,
      tenantId,
      parentId: '0',
      roleName: alias,
      sort: 0,
      roleAlias: alias,
      isDeleted: 0,
      version: 1,
    })
    .execute();
  return id;
}

/** Gives a user these roles (their next login carries them). */
export async function setRoles(t: TestApp, tenantId: string, account: string, roleIds: string[]) {
  await t.app.ctx.db
    .updateTable('bladeUser')
    .set({ roleId: roleIds.join(',') })
    .where('tenantId', '=', tenantId)
    .where('account', '=', account)
    .execute();
}

export async function userOf(t: TestApp, tenantId: string, account: string) {
  return t.app.ctx.db
    .selectFrom('bladeUser')
    .select(['id', 'deptId'])
    .where('tenantId', '=', tenantId)
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
}

/** POST role/grant for one role (replaces its menus and scopes). */
export async function grant(
  t: TestApp,
  token: string,
  roleId: string,
  grants: { menuIds?: string[]; dataScopeIds?: string[]; apiScopeIds?: string[] },
): Promise<void> {
  data(
    await t.post('/api/blade-system/role/grant', token, {
      roleIds: [roleId],
      menuIds: grants.menuIds ?? [],
      dataScopeIds: grants.dataScopeIds ?? [],
      apiScopeIds: grants.apiScopeIds ?? [],
    }),
  );
}
