import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

interface Role {
  id: string;
  tenantId: string;
  parentId: string;
  roleName: string;
  roleAlias: string;
  sort: number;
  version: number;
  parentName: string;
  children?: Role[];
}
interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  children?: TreeNode[];
}
interface RouteNode {
  code: string;
  path: string;
  children?: RouteNode[];
}

const flat = <T extends { children?: T[] }>(nodes: T[]): T[] =>
  nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('blade-system/role', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let sales: string;
  const db = () => t.app.ctx.db;
  const roleId = async (tenantId: string, alias: string) =>
    (
      await db()
        .selectFrom('bladeRole')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('roleAlias', '=', alias)
        .where('isDeleted', '=', 0)
        .executeTakeFirstOrThrow()
    ).id;
  const userId = async (tenantId: string, account: string) =>
    (
      await db()
        .selectFrom('bladeUser')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
    ).id;
  const menuIds = async (...codes: string[]) =>
    (
      await db()
        .selectFrom('bladeMenu')
        .select('id')
        .where('code', 'in', codes)
        .where('isDeleted', '=', 0)
        .execute()
    ).map((m) => m.id);
  const submit = (token: string, body: unknown) =>
    t.post('/api/blade-system/role/submit', token, body);
  const grant = (token: string, body: unknown) =>
    t.post('/api/blade-system/role/grant', token, body);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    sales = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
  });
  afterAll(() => t.close());

  describe('reads', () => {
    it("list: the caller's tenant's roles as a tree with parentName, filtered", async () => {
      expect((await t.get('/api/blade-system/role/list')).statusCode).toBe(401);
      expect((await t.get('/api/blade-system/role/list', sales)).statusCode).toBe(403);
      const mine = data<Role[]>(
        await t.get('/api/blade-system/role/list', tenantAdmin, { tenantId: '000000' }),
      );
      expect(mine.map((r) => r.roleAlias)).toEqual(['admin', 'staff']);
      expect(mine.every((r) => r.tenantId === DEMO_TENANT)).toBe(true);
      const filtered = data<Role[]>(
        await t.get('/api/blade-system/role/list', admin, { roleName: '财' }),
      );
      expect(filtered.map((r) => r.roleAlias)).toEqual(['finance']);

      const parent = await roleId(DEMO_TENANT, 'admin');
      const child = data<{ id: string }>(
        await submit(tenantAdmin, {
          roleName: '区域管理员',
          roleAlias: 'area_admin',
          parentId: parent,
        }),
      ).id;
      const tree = data<Role[]>(await t.get('/api/blade-system/role/list', tenantAdmin));
      const node = tree.find((r) => r.id === parent)!.children!.find((r) => r.id === child)!;
      expect(node).toMatchObject({ parentName: '租户管理员', roleAlias: 'area_admin' });
      await t.post('/api/blade-system/role/remove', tenantAdmin, undefined, { ids: child });
    });

    it("tree: TreeNodes of the caller's tenant only, whatever tenantId is sent", async () => {
      const tree = data<TreeNode[]>(
        await t.get('/api/blade-system/role/tree', tenantAdmin, { tenantId: '000000' }),
      );
      expect(tree.map((n) => n.title)).toEqual(['租户管理员', '员工']);
      expect(tree[0]).toMatchObject({ key: tree[0]!.id, value: tree[0]!.id, hasChildren: false });
      expect((await t.get('/api/blade-system/role/tree', sales)).statusCode).toBe(403);
    });

    it("tree-by-id: the tree of the role's tenant, 404 for another tenant's role", async () => {
      const own = await roleId(DEMO_TENANT, 'staff');
      expect(
        data<TreeNode[]>(
          await t.get('/api/blade-system/role/tree-by-id', tenantAdmin, { roleId: own }),
        ).map((n) => n.title),
      ).toEqual(['租户管理员', '员工']);
      const foreign = await roleId('000000', 'finance');
      expect(
        (await t.get('/api/blade-system/role/tree-by-id', tenantAdmin, { roleId: foreign }))
          .statusCode,
      ).toBe(404);
      expect((await t.get('/api/blade-system/role/tree-by-id', tenantAdmin)).statusCode).toBe(400);
    });

    it("select: the tenant's roles and the user's checked ones; 404 for another tenant's user", async () => {
      const res = data<{
        roles: { id: string; roleName: string; roleAlias: string }[];
        checked: string[];
      }>(
        await t.get('/api/blade-system/role/select', tenantAdmin, {
          userId: await userId(DEMO_TENANT, 'sales'),
        }),
      );
      expect(res.roles.map((r) => r.roleAlias)).toEqual(['admin', 'staff']);
      expect(Object.keys(res.roles[0]!).sort()).toEqual(['id', 'roleAlias', 'roleName']);
      expect(res.checked).toEqual([await roleId(DEMO_TENANT, 'staff')]);
      expect(
        (
          await t.get('/api/blade-system/role/select', tenantAdmin, {
            userId: await userId('000000', 'finance'),
          })
        ).statusCode,
      ).toBe(404);
    });

    it("detail: RoleVO, 404 for another tenant's role", async () => {
      const id = await roleId(DEMO_TENANT, 'staff');
      expect(
        data<Role>(await t.get('/api/blade-system/role/detail', tenantAdmin, { id })),
      ).toMatchObject({
        id,
        roleName: '员工',
        roleAlias: 'staff',
        parentName: '',
        parentId: '0',
        version: 1,
      });
      expect((await t.get('/api/blade-system/role/detail', admin, { id })).statusCode).toBe(404);
    });
  });

  describe('submit and remove', () => {
    it('creates and updates with optimistic locking; tenant comes from the token', async () => {
      const created = await submit(tenantAdmin, {
        roleName: '审计',
        roleAlias: 'auditor',
        sort: 5,
        tenantId: '000000',
      });
      expect(created.json().msg).toBe('新增成功');
      const id = data<{ id: string }>(created).id;
      expect(
        data<Role>(await t.get('/api/blade-system/role/detail', tenantAdmin, { id })),
      ).toMatchObject({ tenantId: DEMO_TENANT, sort: 5, version: 1 });
      const updated = await submit(tenantAdmin, {
        id,
        roleName: '审计员',
        roleAlias: 'auditor',
        version: 1,
      });
      expect(updated.json().msg).toBe('修改成功');
      expect(
        data<Role>(await t.get('/api/blade-system/role/detail', tenantAdmin, { id })),
      ).toMatchObject({ roleName: '审计员', sort: 5, version: 2 });
      const stale = await submit(tenantAdmin, {
        id,
        roleName: 'x',
        roleAlias: 'auditor',
        version: 1,
      });
      expect(stale.statusCode).toBe(409);
      // Another tenant's role: 404 on update.
      expect((await submit(admin, { id, roleName: 'x', roleAlias: 'auditor' })).statusCode).toBe(
        404,
      );
    });

    it('refuses aliases that look like the super administrator alias (issue 15 item 16)', async () => {
      const lookalikes = [
        'Administrator',
        'ADMINISTRATOR ',
        ' administrator\u200b',
        'admin_istrator',
        'аdministrator', // Cyrillic а
        'adm1nistrat0r',
        'ａｄｍｉｎｉｓｔｒａｔｏｒ', // full width
      ];
      for (const token of [tenantAdmin, admin]) {
        for (const roleAlias of lookalikes) {
          const res = await submit(token, { roleName: '仿冒', roleAlias });
          expect([roleAlias, res.statusCode, res.json().msg]).toEqual([
            roleAlias,
            400,
            'roleAlias:角色别名与超级管理员别名（administrator）过于相近，请更换',
          ]);
        }
      }
      // Renaming an existing role to a look-alike is refused too.
      const own = await roleId(DEMO_TENANT, 'admin');
      const res = await submit(tenantAdmin, {
        id: own,
        roleName: '管理员',
        roleAlias: 'Administrator',
      });
      expect(res.statusCode).toBe(400);
      const aliases = await db()
        .selectFrom('bladeRole')
        .select('roleAlias')
        .where('isDeleted', '=', 0)
        .execute();
      expect(
        aliases
          .filter((r) => /dm.n/i.test(r.roleAlias))
          .map((r) => r.roleAlias)
          .sort(),
      ).toEqual(['admin', 'administrator']);
    });

    it('validates names, aliases and parents', async () => {
      const own = await roleId(DEMO_TENANT, 'admin');
      const foreign = await roleId('000000', 'finance');
      const cases: [unknown, number, string][] = [
        [{ roleAlias: 'a' }, 400, 'roleName:请输入角色名称'],
        [{ roleName: 'a', roleAlias: '  ' }, 400, 'roleAlias:请输入角色别名'],
        [{ roleName: 'a', roleAlias: 'staff' }, 400, '角色别名已存在'],
        [{ roleName: 'a', roleAlias: 'x1', parentId: foreign }, 400, '上级角色不存在'],
        [
          { id: own, roleName: '租户管理员', roleAlias: 'admin', parentId: own },
          400,
          '上级角色不可选择自身!',
        ],
        [{ roleName: 'a', roleAlias: 'administrator' }, 403, '无权限创建超管角色！'],
        [{ id: own, roleName: 'a', roleAlias: 'administrator' }, 403, '无权限创建超管角色！'],
      ];
      for (const [body, status, msg] of cases) {
        const res = await submit(tenantAdmin, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().msg).toBe(msg);
      }
      // A role under its own descendant would make a cycle.
      const child = data<{ id: string }>(
        await submit(tenantAdmin, { roleName: 'c', roleAlias: 'child1', parentId: own }),
      ).id;
      expect(
        (
          await submit(tenantAdmin, {
            id: own,
            roleName: '租户管理员',
            roleAlias: 'admin',
            parentId: child,
          })
        ).json().msg,
      ).toBe('上级角色不可选择自身!');
      await t.post('/api/blade-system/role/remove', tenantAdmin, undefined, { ids: child });
      // The same alias in another tenant is fine.
      expect((await submit(admin, { roleName: '员工', roleAlias: 'staff' })).statusCode).toBe(200);
      // The super administrator role keeps its alias.
      const superRole = await roleId('000000', 'administrator');
      expect(
        (await submit(admin, { id: superRole, roleName: '超级管理员', roleAlias: 'boss' })).json()
          .msg,
      ).toBe('超管角色别名不可修改');
      expect(
        (await submit(admin, { id: superRole, roleName: '超管', roleAlias: 'administrator' }))
          .statusCode,
      ).toBe(200);
    });

    it('needs role_add / role_edit (or the role_permission equivalents)', async () => {
      expect((await submit(sales, { roleName: 'a', roleAlias: 'b' })).statusCode).toBe(403);
      // A user holding only the role_permission screen's add button may add but not edit.
      const limited = data<{ id: string }>(
        await submit(tenantAdmin, { roleName: '角色录入', roleAlias: 'role_clerk' }),
      ).id;
      await grant(tenantAdmin, {
        roleIds: [limited],
        menuIds: await menuIds(
          'setting',
          'setting_account',
          'role_permission',
          'role_permission_add',
          'role_permission_view',
        ),
      });
      const clerkId = await userId(DEMO_TENANT, 'service');
      await db()
        .updateTable('bladeUser')
        .set({ roleId: limited })
        .where('id', '=', clerkId)
        .execute();
      const clerk = await t.login('service', DEMO_PASSWORD, DEMO_TENANT);
      expect(
        data<Role[]>(await t.get('/api/blade-system/role/list', clerk)).length,
      ).toBeGreaterThan(0);
      const added = data<{ id: string }>(
        await submit(clerk, { roleName: '临时', roleAlias: 'temp1' }),
      ).id;
      expect(
        (await submit(clerk, { id: added, roleName: '临时2', roleAlias: 'temp1' })).statusCode,
      ).toBe(403);
      expect(
        (await t.post('/api/blade-system/role/remove', clerk, undefined, { ids: added }))
          .statusCode,
      ).toBe(403);
      expect((await grant(clerk, { roleIds: [added], menuIds: [] })).statusCode).toBe(403);
      await db()
        .updateTable('bladeUser')
        .set({ roleId: await roleId(DEMO_TENANT, 'staff') })
        .where('id', '=', clerkId)
        .execute();
    });

    it('remove: refused while users hold the role or the caller holds it; removes the grants', async () => {
      const staff = await roleId(DEMO_TENANT, 'staff');
      const held = await t.post('/api/blade-system/role/remove', tenantAdmin, undefined, {
        ids: staff,
      });
      expect(held.statusCode).toBe(400);
      expect(held.json().msg).toBe('请先解除该角色的用户关联');
      const own = await roleId(DEMO_TENANT, 'admin');
      expect(
        (await t.post('/api/blade-system/role/remove', tenantAdmin, undefined, { ids: own })).json()
          .msg,
      ).toBe('不能删除自己拥有的角色');
      expect(
        (await t.post('/api/blade-system/role/remove', admin, undefined, { ids: staff }))
          .statusCode,
      ).toBe(404);
      expect((await t.post('/api/blade-system/role/remove', tenantAdmin)).statusCode).toBe(400);

      const id = data<{ id: string }>(
        await submit(tenantAdmin, { roleName: '临时角色', roleAlias: 'temp_role' }),
      ).id;
      // A user whose role list only contains a longer id that starts with this one does not hold it.
      await db()
        .updateTable('bladeUser')
        .set({ roleId: `${staff},${id}9` })
        .where('id', '=', await userId(DEMO_TENANT, 'sales'))
        .execute();
      await grant(tenantAdmin, { roleIds: [id], menuIds: await menuIds('home', 'wel') });
      const removed = await t.post('/api/blade-system/role/remove', tenantAdmin, undefined, {
        ids: id,
      });
      expect(removed.json().msg).toBe('删除成功');
      expect((await t.get('/api/blade-system/role/detail', tenantAdmin, { id })).statusCode).toBe(
        404,
      );
      expect(
        await db().selectFrom('bladeRoleMenu').select('id').where('roleId', '=', id).execute(),
      ).toEqual([]);
      await db()
        .updateTable('bladeUser')
        .set({ roleId: staff })
        .where('id', '=', await userId(DEMO_TENANT, 'sales'))
        .execute();
    });
  });

  describe('grant', () => {
    it("validates the body and refuses another tenant's roles", async () => {
      const empty = await grant(tenantAdmin, { roleIds: [], menuIds: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toBe('roleIds:请选择角色');
      expect((await grant(tenantAdmin, { roleIds: ['a b'], menuIds: [] })).statusCode).toBe(400);
      expect((await grant(tenantAdmin, { roleIds: [{}], menuIds: [] })).statusCode).toBe(400);
      const foreign = await roleId('000000', 'finance');
      expect((await grant(tenantAdmin, { roleIds: [foreign], menuIds: [] })).statusCode).toBe(404);
      const staff = await roleId(DEMO_TENANT, 'staff');
      // Ids may be numbers; unknown ones are refused.
      const unknown = await grant(tenantAdmin, { roleIds: [staff], menuIds: [123] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().msg).toBe('所选菜单不存在');
      expect(
        (await grant(tenantAdmin, { roleIds: [staff], menuIds: [], dataScopeIds: ['123'] }))
          .statusCode,
      ).toBe(400);
      expect((await grant(sales, { roleIds: [staff], menuIds: [] })).statusCode).toBe(403);
      expect(
        (await grant(undefined as unknown as string, { roleIds: [staff], menuIds: [] })).statusCode,
      ).toBe(401);
    });

    it('refuses to grant what the granter does not hold, and menus outside the tenant package', async () => {
      const staff = await roleId(DEMO_TENANT, 'staff');
      const res = await grant(tenantAdmin, {
        roleIds: [staff],
        menuIds: await menuIds('home', 'wel', 'tenant_add'),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('不能授予自己没有的权限');
      // Nothing changed.
      const keys = data<{ menu: string[] }>(
        await t.get('/api/blade-system/menu/role-tree-keys', tenantAdmin, { roleIds: staff }),
      );
      // Staff hold the basics and, like every demo role, 我的事务 (issue 29, demo.ts).
      const work = (await db().selectFrom('bladeMenu').select('code').execute())
        .map((m) => m.code)
        .filter((c) => c === 'workflow' || c === 'work' || c.startsWith('work_'));
      expect(keys.menu.sort()).toEqual((await menuIds('home', 'wel', 'info', ...work)).sort());

      // A package limits even the super administrator's grants in that tenant.
      const packageId = nextId();
      const audit = {
        createUser: null,
        createDept: null,
        createTime: nowText(),
        updateUser: null,
        updateTime: nowText(),
        status: 1,
        isDeleted: 0,
      };
      await db()
        .insertInto('bladeTenantPackage')
        .values({
          id: packageId,
          packageName: '基础',
          menuId: (await menuIds('home', 'wel', 'info')).join(','),
          remark: null,
          ...audit,
        })
        .execute();
      await db()
        .updateTable('bladeTenant')
        .set({ packageId })
        .where('tenantId', '=', '000000')
        .execute();
      try {
        const finance = await roleId('000000', 'finance');
        expect(
          (
            await grant(admin, { roleIds: [finance], menuIds: await menuIds('home', 'user') })
          ).json().msg,
        ).toBe('不能授予自己没有的权限');
      } finally {
        await db()
          .updateTable('bladeTenant')
          .set({ packageId: null })
          .where('tenantId', '=', '000000')
          .execute();
      }
    });

    it('replaces menus and scopes; the holders are signed out and see the new menus after login', async () => {
      const finance = await roleId('000000', 'finance');
      let financeToken = await t.login('finance', DEMO_PASSWORD);
      const before = flat(
        data<RouteNode[]>(await t.get('/api/blade-system/menu/routes', financeToken)),
      ).map((n) => n.code);
      expect(before).toContain('finance_manage');

      const audit = {
        createUser: null,
        createDept: null,
        createTime: nowText(),
        updateUser: null,
        updateTime: nowText(),
        status: 1,
        isDeleted: 0,
      };
      const [homeId] = await menuIds('home');
      const dataScope = nextId();
      const apiScope = nextId();
      await db()
        .insertInto('bladeScopeData')
        .values({
          id: dataScope,
          menuId: homeId!,
          resourceCode: 'r',
          scopeName: '全部',
          scopeField: '*',
          scopeClass: 'x',
          scopeColumn: 'create_dept',
          scopeType: 1,
          scopeValue: null,
          remark: null,
          ...audit,
        })
        .execute();
      await db()
        .insertInto('bladeScopeApi')
        .values({
          id: apiScope,
          menuId: homeId!,
          resourceCode: 'r',
          scopeName: '接口',
          scopePath: '/api/x',
          scopeType: 1,
          remark: null,
          ...audit,
        })
        .execute();

      const menus = await menuIds('home', 'wel');
      const ok = await grant(admin, {
        roleIds: [finance],
        menuIds: menus,
        dataScopeIds: [dataScope],
        apiScopeIds: [apiScope],
      });
      expect(ok.json()).toMatchObject({ code: 200, success: true, msg: '操作成功' });
      const keys = data<{ menu: string[]; dataScope: string[]; apiScope: string[] }>(
        await t.get('/api/blade-system/menu/role-tree-keys', admin, { roleIds: finance }),
      );
      expect(keys).toEqual({
        menu: expect.arrayContaining(menus),
        dataScope: [dataScope],
        apiScope: [apiScope],
      });
      expect(keys.menu).toHaveLength(2);

      // The old token is revoked; a fresh login sees only what the role now holds.
      expect((await t.get('/api/blade-system/menu/routes', financeToken)).statusCode).toBe(401);
      financeToken = await t.login('finance', DEMO_PASSWORD);
      const after = flat(
        data<RouteNode[]>(await t.get('/api/blade-system/menu/routes', financeToken)),
      ).map((n) => n.code);
      expect(after.sort()).toEqual(['home', 'wel']);
      // Users not holding the role keep their session.
      expect((await t.get('/api/blade-system/menu/routes', admin)).statusCode).toBe(200);

      // Granting again with empty lists clears everything.
      await grant(admin, {
        roleIds: String(finance),
        menuIds: [],
        dataScopeIds: [],
        apiScopeIds: [],
      });
      expect(
        data(await t.get('/api/blade-system/menu/role-tree-keys', admin, { roleIds: finance })),
      ).toEqual({ menu: [], dataScope: [], apiScope: [] });
    });
  });
});
