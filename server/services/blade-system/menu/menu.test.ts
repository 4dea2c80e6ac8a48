import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_TREE, type SeedMenu } from '../../../db/seed/menu-tree.js';
import { audit } from '../../../db/seed/system.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

interface Node {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn: string;
  path: string;
  category: number;
  hasChildren: boolean;
  children?: Node[];
  meta?: { i18n: string; title: { zh: string; en: string } };
  [key: string]: unknown;
}
interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: TreeNode[];
}

const flat = <T extends { children?: T[] }>(nodes: T[]): T[] =>
  nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const seedLeaves = (menus: SeedMenu[]): SeedMenu[] =>
  menus.flatMap((m) => (m.children?.length ? seedLeaves(m.children) : [m]));

/** Codes of a top-level area of the seeded tree: its menus and buttons. */
function areaCodes(area: string): Set<string> {
  const codes = new Set<string>();
  const walk = (nodes: SeedMenu[]) =>
    nodes.forEach((n) => {
      codes.add(n.code);
      n.buttons?.forEach((b) => codes.add(b.code));
      walk(n.children ?? []);
    });
  walk(MENU_TREE.filter((n) => n.code === area));
  return codes;
}

/** What every demo role holds besides its areas (issue 29): 工作流 > 我的事务 (demo.ts). */
const WORK_SCREENS = new Set<string>(['workflow']);
const WORK_CODES = new Set<string>(['workflow']);
(function walk(nodes: SeedMenu[]) {
  nodes.forEach((n) => {
    WORK_SCREENS.add(n.code);
    WORK_CODES.add(n.code);
    n.buttons?.forEach((b) => WORK_CODES.add(b.code));
    walk(n.children ?? []);
  });
})(MENU_TREE.find((n) => n.code === 'workflow')!.children!.filter((n) => n.code === 'work'));

describe('blade-system/menu', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let finance: string;
  let sales: string;
  const menuId = async (code: string) =>
    (
      await t.app.ctx.db
        .selectFrom('bladeMenu')
        .select('id')
        .where('code', '=', code)
        .where('isDeleted', '=', 0)
        .executeTakeFirstOrThrow()
    ).id;
  const topMenuId = async (tenantId: string, code: string) =>
    (
      await t.app.ctx.db
        .selectFrom('bladeTopMenu')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  const roleId = async (tenantId: string, alias: string) =>
    (
      await t.app.ctx.db
        .selectFrom('bladeRole')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('roleAlias', '=', alias)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    finance = await t.login('finance', DEMO_PASSWORD);
    sales = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
  });
  afterAll(() => t.close());

  describe('routes', () => {
    it('needs a token (401) but no permission', async () => {
      expect((await t.get('/api/blade-system/menu/routes')).statusCode).toBe(401);
      expect((await t.get('/api/blade-system/menu/buttons')).statusCode).toBe(401);
      expect((await t.get('/api/blade-system/menu/top-menu')).statusCode).toBe(401);
      expect((await t.get('/api/blade-system/menu/tree')).statusCode).toBe(401);
      expect((await t.get('/api/blade-system/menu/routes', sales)).statusCode).toBe(200);
    });

    it('gives the super administrator every seeded screen, without buttons', async () => {
      const routes = data<Node[]>(await t.get('/api/blade-system/menu/routes', admin));
      const nodes = flat(routes);
      const paths = new Set(nodes.map((n) => n.path));
      for (const leaf of seedLeaves(MENU_TREE)) expect(paths, leaf.path).toContain(leaf.path);
      expect(nodes.every((n) => n.category === 1)).toBe(true);
      expect(nodes.map((n) => n.code)).not.toContain('user_add');
      expect(routes.map((r) => r.code)).toEqual(MENU_TREE.map((m) => m.code));
    });

    it('writes the route node shape: names, i18n meta, hasChildren, no empty children', async () => {
      const routes = data<Node[]>(await t.get('/api/blade-system/menu/routes', admin));
      const home = routes.find((r) => r.code === 'home')!;
      expect(home).toMatchObject({
        parentId: '0',
        name: '首页',
        nameEn: 'Home',
        hasChildren: true,
        alias: 'menu',
        isOpen: 1,
        remark: '',
        parentName: '',
      });
      const wel = home.children!.find((c) => c.code === 'wel')!;
      expect(wel).toMatchObject({
        path: '/wel/index',
        parentId: home.id,
        hasChildren: false,
        meta: { i18n: 'wel', title: { zh: '工作台', en: 'Dashboard' } },
      });
      expect('children' in wel).toBe(false);
      // Sorted by sort within each level.
      expect(home.children!.map((c) => c.code)).toEqual(MENU_TREE[0]!.children!.map((c) => c.code));
    });

    it('shows the demo finance user only the home and finance areas', async () => {
      const routes = data<Node[]>(await t.get('/api/blade-system/menu/routes', finance));
      expect(routes.map((r) => r.code)).toEqual(['home', 'finance_manage', 'workflow']);
      const paths = flat(routes).map((n) => n.path);
      expect(paths).toContain('/wel/index');
      expect(
        paths.every(
          (p) =>
            p === '/home' ||
            p === '/wel/index' ||
            p === '/info/index' ||
            p.startsWith('/finance') ||
            p.startsWith('/work'),
        ),
      ).toBe(true);
      expect(paths).not.toContain('/system/user');
    });

    it('shows the demo tenant staff user only the home group', async () => {
      const routes = data<Node[]>(await t.get('/api/blade-system/menu/routes', sales));
      expect(routes.map((r) => r.code)).toEqual(['home', 'workflow']);
      expect(
        flat(routes)
          .map((n) => n.code)
          .sort(),
      ).toEqual(['home', 'info', 'wel', ...WORK_SCREENS].sort());
    });

    it("restricts routes to one top menu of the caller's tenant", async () => {
      const supplierTop = await topMenuId('000000', 'supplier_manage');
      const routes = data<Node[]>(
        await t.get('/api/blade-system/menu/routes', admin, { topMenuId: supplierTop }),
      );
      expect(routes.map((r) => r.code)).toEqual(['supplier_manage']);
      expect(flat(routes).map((n) => n.path)).toContain('/supplier/supplier-list');
      // A top menu of another tenant (or a nonsense id) shows nothing.
      const foreign = await topMenuId(DEMO_TENANT, 'supplier_manage');
      expect(
        data<Node[]>(await t.get('/api/blade-system/menu/routes', admin, { topMenuId: foreign })),
      ).toEqual([]);
      expect(
        data<Node[]>(
          await t.get('/api/blade-system/menu/routes', admin, { topMenuId: "1' or '1'='1" }),
        ),
      ).toEqual([]);
      // The caller's grants still apply inside a top menu.
      const financeTop = await topMenuId('000000', 'system');
      expect(
        data<Node[]>(
          await t.get('/api/blade-system/menu/routes', finance, { topMenuId: financeTop }),
        ),
      ).toEqual([]);
    });
  });

  describe('buttons and top menus', () => {
    it('gives the demo tenant admin user_add but not tenant_add, grouped under their screens', async () => {
      const tree = data<Node[]>(await t.get('/api/blade-system/menu/buttons', tenantAdmin));
      const codes = flat(tree).map((n) => n.code);
      expect(codes).toContain('user_add');
      expect(codes).not.toContain('tenant_add');
      expect(codes).not.toContain('tenant');
      const user = tree.find((n) => n.code === 'user')!;
      expect(user.children!.map((b) => b.code)).toEqual(
        expect.arrayContaining(['user_add', 'user_edit', 'user_delete']),
      );
      expect(user.children!.every((b) => b.category === 2)).toBe(true);
      expect(Object.keys(user).sort()).toEqual([
        'action',
        'alias',
        'children',
        'code',
        'hasChildren',
        'id',
        'name',
        'nameEn',
        'parentId',
        'path',
        'sort',
        'source',
      ]);
    });

    it('gives staff no buttons and the finance user only finance buttons', async () => {
      // Staff hold only the workflow task buttons every demo role has (issue 29).
      const staffButtons = flat(data<Node[]>(await t.get('/api/blade-system/menu/buttons', sales)));
      expect(staffButtons.every((n) => WORK_CODES.has(n.code))).toBe(true);
      const codes = flat(data<Node[]>(await t.get('/api/blade-system/menu/buttons', finance))).map(
        (n) => n.code,
      );
      expect(codes).not.toContain('user_add');
      const financeArea = areaCodes('finance_manage');
      expect(codes.length).toBeGreaterThan(0);
      expect(
        codes.every(
          (c) => financeArea.has(c) || WORK_CODES.has(c) || ['home', 'wel', 'info'].includes(c),
        ),
      ).toBe(true);
    });

    it("lists the caller's tenant's top menus by sort", async () => {
      const mine = data<
        { id: string; code: string; name: string; nameEn: string; sort: number; path: string }[]
      >(await t.get('/api/blade-system/menu/top-menu', admin));
      expect(mine.map((m) => m.code)).toEqual(MENU_TREE.map((m) => m.code));
      expect(mine[0]).toEqual({
        id: expect.any(String),
        code: 'home',
        name: '首页',
        nameEn: 'Home',
        source: 'IconHome',
        path: '/home',
        sort: 1,
      });
      const theirs = data<{ id: string; code: string }[]>(
        await t.get('/api/blade-system/menu/top-menu', sales),
      );
      expect(theirs.some((x) => mine.some((m) => m.id === x.id))).toBe(false);
    });

    it('lists only top menus that lead to a screen the caller holds (issue 16 item 5)', async () => {
      const codes = async (token: string) =>
        data<{ code: string }[]>(await t.get('/api/blade-system/menu/top-menu', token)).map(
          (m) => m.code,
        );
      expect(await codes(sales)).toEqual(['home', 'workflow']);
      expect(await codes(finance)).toEqual(['home', 'finance_manage', 'workflow']);
      // A top menu linked to nothing leads nowhere, even for the super administrator.
      const empty = nextId();
      await t.app.ctx.db
        .insertInto('bladeTopMenu')
        .values({
          id: empty,
          tenantId: '000000',
          code: 'empty_top',
          name: '空',
          nameEn: 'Empty',
          source: '',
          path: null,
          sort: 99,
          ...audit(),
        })
        .execute();
      expect(await codes(admin)).not.toContain('empty_top');
      await t.app.ctx.db.deleteFrom('bladeTopMenu').where('id', '=', empty).execute();
    });

    it('answers again at once after the menus change (kept answers follow the grants version)', async () => {
      const buttonNames = async () =>
        flat(data<Node[]>(await t.get('/api/blade-system/menu/buttons', tenantAdmin)))
          .filter((n) => n.code === 'user_add')
          .map((n) => n.name);
      const topCodes = async () =>
        data<{ code: string }[]>(await t.get('/api/blade-system/menu/top-menu', finance)).map(
          (m) => m.code,
        );
      expect(await buttonNames()).toEqual(['新增']);
      expect(await topCodes()).toContain('finance_manage');
      // The user_add button's name and whether the finance top menu is deleted.
      const setMenus = async (buttonName: string, topDeleted: number) => {
        const db = t.app.ctx.db;
        await db
          .updateTable('bladeMenu')
          .set({ name: buttonName })
          .where('code', '=', 'user_add')
          .execute();
        await db
          .updateTable('bladeTopMenu')
          .set({ isDeleted: topDeleted })
          .where('code', '=', 'finance_manage')
          .where('tenantId', '=', '000000')
          .execute();
      };
      await setMenus('添加', 1);
      try {
        expect(await buttonNames()).toEqual(['添加']);
        expect(await topCodes()).not.toContain('finance_manage');
      } finally {
        await setMenus('新增', 0);
      }
      expect(await buttonNames()).toEqual(['新增']);
    });
  });

  describe('trees for grant dialogs', () => {
    it('tree: the screens the caller holds', async () => {
      const all = flat(data<TreeNode[]>(await t.get('/api/blade-system/menu/tree', admin)));
      expect(all.find((n) => n.title === '租户管理')).toBeDefined();
      expect(all.find((n) => n.title === '新增')).toBeUndefined();
      const staff = data<TreeNode[]>(await t.get('/api/blade-system/menu/tree', sales));
      expect(staff).toHaveLength(2);
      expect(staff[0]).toMatchObject({ title: '首页', hasChildren: true });
      expect(staff[0]!.key).toBe(staff[0]!.id);
      expect(staff[0]!.value).toBe(staff[0]!.id);
    });

    it('grant-tree: held menus with buttons, scopes under their menus', async () => {
      expect((await t.get('/api/blade-system/menu/grant-tree', sales)).statusCode).toBe(403);
      expect((await t.get('/api/blade-system/menu/grant-tree')).statusCode).toBe(401);
      const mine = data<{ menu: TreeNode[]; dataScope: TreeNode[]; apiScope: TreeNode[] }>(
        await t.get('/api/blade-system/menu/grant-tree', tenantAdmin),
      );
      const ids = new Set(flat(mine.menu).map((n) => n.id));
      expect(ids.has(await menuId('user_add'))).toBe(true);
      expect(ids.has(await menuId('tenant_add'))).toBe(false);
      expect(mine.dataScope).toEqual([]);
      expect(mine.apiScope).toEqual([]);

      const userMenu = await menuId('user');
      const tenantMenu = await menuId('tenant');
      const audit = {
        createUser: null,
        createDept: null,
        createTime: nowText(),
        updateUser: null,
        updateTime: nowText(),
        status: 1,
        isDeleted: 0,
      };
      const scopeId = nextId();
      await t.app.ctx.db
        .insertInto('bladeScopeData')
        .values([
          {
            id: scopeId,
            menuId: userMenu,
            resourceCode: 'user_own',
            scopeName: '本人可见',
            scopeField: '*',
            scopeClass: 'x',
            scopeColumn: 'create_user',
            scopeType: 2,
            scopeValue: null,
            remark: null,
            ...audit,
          },
          {
            id: nextId(),
            menuId: tenantMenu,
            resourceCode: 'tenant_own',
            scopeName: '租户范围',
            scopeField: '*',
            scopeClass: 'x',
            scopeColumn: 'create_user',
            scopeType: 2,
            scopeValue: null,
            remark: null,
            ...audit,
          },
        ])
        .execute();
      const after = data<{ dataScope: TreeNode[]; apiScope: TreeNode[] }>(
        await t.get('/api/blade-system/menu/grant-tree', tenantAdmin),
      );
      expect(after.dataScope.map((n) => n.title)).toEqual(['系统管理']);
      const userNode = after.dataScope[0]!.children!.find((n) => n.id === userMenu)!;
      expect(userNode.children).toEqual([
        {
          id: scopeId,
          parentId: userMenu,
          title: '本人可见',
          key: scopeId,
          value: scopeId,
          hasChildren: false,
        },
      ]);
      // The tenant screen's scope is not the tenant admin's to see; the super admin sees both.
      expect(flat(after.dataScope).map((n) => n.title)).not.toContain('租户范围');
      const all = data<{ dataScope: TreeNode[] }>(
        await t.get('/api/blade-system/menu/grant-tree', admin),
      );
      expect(flat(all.dataScope).map((n) => n.title)).toEqual(
        expect.arrayContaining(['本人可见', '租户范围']),
      );
      expect(after.apiScope).toEqual([]);
    });

    it("role-tree-keys: what the tenant's roles hold; other tenants' roles are ignored", async () => {
      const financeRole = await roleId('000000', 'finance');
      const keys = data<{ menu: string[]; dataScope: string[]; apiScope: string[] }>(
        await t.get('/api/blade-system/menu/role-tree-keys', admin, { roleIds: financeRole }),
      );
      const expected = await Promise.all(
        ['home', 'wel', 'info', ...areaCodes('finance_manage'), ...WORK_CODES].map(menuId),
      );
      expect(keys.menu.sort()).toEqual(expected.sort());
      expect(keys.dataScope).toEqual([]);
      expect(
        data(
          await t.get('/api/blade-system/menu/role-tree-keys', tenantAdmin, {
            roleIds: financeRole,
          }),
        ),
      ).toEqual({ menu: [], dataScope: [], apiScope: [] });
      expect((await t.get('/api/blade-system/menu/role-tree-keys', admin)).statusCode).toBe(400);
      expect(
        (await t.get('/api/blade-system/menu/role-tree-keys', finance, { roleIds: financeRole }))
          .statusCode,
      ).toBe(403);
    });

    it('grant-top-tree and top-tree-keys: for top_menu_grant holders, tenant-scoped', async () => {
      expect((await t.get('/api/blade-system/menu/grant-top-tree', finance)).statusCode).toBe(403);
      expect(
        (await t.get('/api/blade-system/menu/top-tree-keys', finance, { topMenuIds: '1' }))
          .statusCode,
      ).toBe(403);
      const tree = data<{ menu: TreeNode[] }>(
        await t.get('/api/blade-system/menu/grant-top-tree', tenantAdmin),
      );
      const titles = flat(tree.menu).map((n) => n.title);
      expect(titles).toContain('用户管理');
      expect(titles).not.toContain('租户管理');
      expect(titles).not.toContain('新增');

      const mine = await topMenuId(DEMO_TENANT, 'finance_manage');
      const keys = data<{ menu: string[] }>(
        await t.get('/api/blade-system/menu/top-tree-keys', tenantAdmin, { topMenuIds: mine }),
      );
      expect(keys.menu).toContain(await menuId('finance_manage'));
      expect(keys.menu).toContain(await menuId('pay_order'));
      expect(keys.menu).not.toContain(await menuId('user'));
      const foreign = await topMenuId('000000', 'finance_manage');
      expect(
        data(
          await t.get('/api/blade-system/menu/top-tree-keys', tenantAdmin, { topMenuIds: foreign }),
        ),
      ).toEqual({ menu: [] });
    });
  });

  describe('management lists', () => {
    it('list: the full tree with buttons; filters LIKE by default, category exact', async () => {
      expect((await t.get('/api/blade-system/menu/list', sales)).statusCode).toBe(403);
      const all = flat(data<Node[]>(await t.get('/api/blade-system/menu/list', tenantAdmin)));
      expect(all.map((n) => n.code)).toEqual(
        expect.arrayContaining(['system', 'user', 'user_add', 'tenant_add']),
      );
      const named = data<Node[]>(
        await t.get('/api/blade-system/menu/list', admin, { name: '用户管理' }),
      );
      expect(named.map((n) => n.code)).toEqual(['user']);
      // Only matches are listed: the screen's buttons are not named 用户管理.
      expect('children' in named[0]!).toBe(false);
      const buttons = data<Node[]>(
        await t.get('/api/blade-system/menu/list', admin, { code: 'user_', category: '2' }),
      );
      expect(buttons.length).toBeGreaterThan(0);
      expect(buttons.every((n) => n.category === 2 && n.code.includes('user_'))).toBe(true);
      expect(
        data<Node[]>(await t.get('/api/blade-system/menu/list', admin, { category: 'abc' })),
      ).toEqual([]);
      expect(
        data<Node[]>(await t.get('/api/blade-system/menu/list', admin, { category_like: '1' }))
          .length,
      ).toBeGreaterThan(0);
    });

    it('list: unknown filters and SQL in names are ignored, % and _ are literal', async () => {
      const total = flat(data<Node[]>(await t.get('/api/blade-system/menu/list', admin))).length;
      const attempts: Record<string, string>[] = [
        { "code' OR '1'='1": 'x' },
        { isDeleted: '1' },
        { descs: 'code;drop table blade_menu' },
      ];
      for (const q of attempts) {
        expect(
          flat(data<Node[]>(await t.get('/api/blade-system/menu/list', admin, q))).length,
        ).toBe(total);
      }
      expect(
        data<Node[]>(await t.get('/api/blade-system/menu/list', admin, { code: '%' })),
      ).toEqual([]);
      const sorted = data<Node[]>(
        await t.get('/api/blade-system/menu/list', admin, { descs: 'sort' }),
      );
      expect(sorted[0]!.code).toBe(MENU_TREE[MENU_TREE.length - 1]!.code);
    });

    it('menu-list: screens only', async () => {
      const all = flat(data<Node[]>(await t.get('/api/blade-system/menu/menu-list', admin)));
      expect(all.every((n) => n.category === 1)).toBe(true);
      expect(all.map((n) => n.code)).toContain('user');
      expect((await t.get('/api/blade-system/menu/menu-list', finance)).statusCode).toBe(403);
    });

    it('lazy-list and lazy-menu-list: one level with hasChildren', async () => {
      const top = data<Node[]>(await t.get('/api/blade-system/menu/lazy-list', admin));
      expect(top.map((n) => n.code)).toEqual(MENU_TREE.map((m) => m.code));
      expect(top.every((n) => n.hasChildren && !('children' in n))).toBe(true);
      const system = await menuId('system');
      const level = data<Node[]>(
        await t.get('/api/blade-system/menu/lazy-list', admin, { parentId: system }),
      );
      const user = level.find((n) => n.code === 'user')!;
      expect(user.hasChildren).toBe(true); // its buttons
      const screens = data<Node[]>(
        await t.get('/api/blade-system/menu/lazy-menu-list', admin, { parentId: system }),
      );
      expect(screens.find((n) => n.code === 'user')!.hasChildren).toBe(false);
      const buttons = data<Node[]>(
        await t.get('/api/blade-system/menu/lazy-list', admin, { parentId: user.id }),
      );
      expect(buttons.map((b) => b.code)).toContain('user_add');
      expect(
        data<Node[]>(
          await t.get('/api/blade-system/menu/lazy-menu-list', admin, { parentId: user.id }),
        ),
      ).toEqual([]);
      // A search without parentId looks at every level.
      const found = data<Node[]>(
        await t.get('/api/blade-system/menu/lazy-menu-list', admin, { name: '用户管理' }),
      );
      expect(found.map((n) => n.code)).toEqual(['user']);
      expect((await t.get('/api/blade-system/menu/lazy-list', sales)).statusCode).toBe(403);
    });

    it('detail: the MenuVO with display names', async () => {
      const id = await menuId('user_add');
      const vo = data<Node>(await t.get('/api/blade-system/menu/detail', admin, { id }));
      expect(vo).toMatchObject({
        code: 'user_add',
        parentName: '用户管理',
        categoryName: '按钮',
        actionName: '工具栏',
        isOpenName: '否',
        category: 2,
      });
      expect((await t.get('/api/blade-system/menu/detail', admin, { id: '123' })).statusCode).toBe(
        404,
      );
      expect((await t.get('/api/blade-system/menu/detail', admin)).statusCode).toBe(400);
    });
  });

  describe('writes (super administrator only)', () => {
    const submit = (token: string, body: unknown) =>
      t.post('/api/blade-system/menu/submit', token, body);

    it('refuses tenant administrators (403) and anonymous callers (401)', async () => {
      expect((await submit(tenantAdmin, { name: 'x', code: 'x', path: '/x' })).statusCode).toBe(
        403,
      );
      expect(
        (
          await t.post('/api/blade-system/menu/remove', tenantAdmin, undefined, {
            ids: await menuId('wel'),
          })
        ).statusCode,
      ).toBe(403);
      expect((await submit('', { name: 'x', code: 'x', path: '/x' })).statusCode).toBe(401);
    });

    it('validates the body', async () => {
      const system = await menuId('system');
      const userMenu = await menuId('user');
      const cases: [unknown, string][] = [
        [{ code: 'a1', path: '/a' }, 'name:请输入菜单名称'],
        [{ name: ' ', code: 'a1', path: '/a' }, 'name:请输入菜单名称'],
        [{ name: 'A', path: '/a' }, 'code:请输入菜单编号'],
        [{ name: 'A', code: 'user', path: '/a' }, '菜单编号已存在'],
        [
          { name: 'A', code: 'a1', path: '/a', category: 3 },
          'category:菜单类型须为1(菜单)或2(按钮)',
        ],
        [{ name: 'A', code: 'a1', path: 'a/b' }, 'path:路由地址须以/开头或为http(s)://链接'],
        [{ name: 'A', code: 'a1', path: '/a', parentId: '999' }, '父节点不存在'],
        [
          { name: 'A', code: 'a1', path: '/a', parentId: await menuId('user_add') },
          '按钮下不可添加子节点',
        ],
        [
          { id: system, name: '系统管理', code: 'system', path: '/system', parentId: system },
          '父节点不可选择自身!',
        ],
        [
          { id: system, name: '系统管理', code: 'system', path: '/system', parentId: userMenu },
          '父节点不可选择自身!',
        ],
        [{ name: 'A', code: 'a1', path: '/a', sort: 'abc' }, 'sort:排序须为整数'],
        [[1, 2], '请求参数格式错误'],
      ];
      for (const [body, msg] of cases) {
        const res = await submit(admin, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        if (msg !== '请求参数格式错误') expect(res.json().msg).toBe(msg);
      }
      expect(
        (await submit(admin, { id: '42', name: 'A', code: 'a1', path: '/a' })).statusCode,
      ).toBe(404);
    });

    it("creates, updates and removes a menu; new screens reach the super admin's routes", async () => {
      const system = await menuId('system');
      const created = await submit(admin, {
        name: '报表中心',
        nameEn: 'Reports',
        code: 'report_centre',
        path: '/system/report',
        parentId: system,
        sort: 99,
        source: 'IconReport',
      });
      expect(created.json().msg).toBe('新增成功');
      const id = data<{ id: string }>(created).id;
      let routes = flat(data<Node[]>(await t.get('/api/blade-system/menu/routes', admin)));
      expect(routes.find((n) => n.id === id)).toMatchObject({
        path: '/system/report',
        parentId: system,
        meta: { i18n: 'report_centre', title: { zh: '报表中心', en: 'Reports' } },
      });
      // Nobody else was granted it.
      expect(
        flat(data<Node[]>(await t.get('/api/blade-system/menu/routes', tenantAdmin))).find(
          (n) => n.id === id,
        ),
      ).toBeUndefined();

      const button = data<{ id: string }>(
        await submit(admin, {
          name: '导出',
          code: 'report_centre_export',
          parentId: id,
          category: 2,
          alias: 'export',
          action: 1,
        }),
      ).id;
      const updated = await submit(admin, {
        id,
        name: '报表',
        code: 'report_centre',
        path: 'https://example.com/r?a=1',
        isOpen: 2,
      });
      expect(updated.json().msg).toBe('修改成功');
      const vo = data<Node>(await t.get('/api/blade-system/menu/detail', admin, { id }));
      expect(vo).toMatchObject({
        name: '报表',
        nameEn: 'Reports',
        parentId: system,
        sort: 99,
        isOpenName: '是',
        path: 'https://example.com/r?a=1',
      });

      const refused = await t.post('/api/blade-system/menu/remove', admin, undefined, { ids: id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe('请先删除子节点!');
      expect(
        (await t.post('/api/blade-system/menu/remove', admin, undefined, { ids: 'nope' }))
          .statusCode,
      ).toBe(404);
      const removed = await t.post('/api/blade-system/menu/remove', admin, undefined, {
        ids: `${button},${id}`,
      });
      expect(removed.json().msg).toBe('删除成功');
      expect((await t.get('/api/blade-system/menu/detail', admin, { id })).statusCode).toBe(404);
      routes = flat(data<Node[]>(await t.get('/api/blade-system/menu/routes', admin)));
      expect(routes.find((n) => n.id === id)).toBeUndefined();
      // The code is free again.
      expect(
        (await submit(admin, { name: '报表', code: 'report_centre', path: '/r' })).statusCode,
      ).toBe(200);
    });

    it('removing a menu also removes its role grants and top-menu links', async () => {
      const wel = await menuId('wel');
      const before = await t.app.ctx.db
        .selectFrom('bladeRoleMenu')
        .select('id')
        .where('menuId', '=', wel)
        .execute();
      expect(before.length).toBeGreaterThan(0);
      await t.post('/api/blade-system/menu/remove', admin, undefined, { ids: wel });
      expect(
        await t.app.ctx.db
          .selectFrom('bladeRoleMenu')
          .select('id')
          .where('menuId', '=', wel)
          .execute(),
      ).toEqual([]);
      expect(
        await t.app.ctx.db
          .selectFrom('bladeTopMenuSetting')
          .select('id')
          .where('menuId', '=', wel)
          .execute(),
      ).toEqual([]);
      const staff = flat(data<Node[]>(await t.get('/api/blade-system/menu/routes', sales))).map(
        (n) => n.code,
      );
      expect(staff.sort()).toEqual(['home', 'info', ...WORK_SCREENS].sort());
    });
  });

  // Issue 15 item 10: two administrators editing the same menu; the later save does not overwrite.
  it('answers 409 to a stale save and keeps the first save', async () => {
    const submit = (body: Record<string, unknown>) =>
      t.post('/api/blade-system/menu/submit', admin, body);
    const { id } = data<{ id: string }>(
      await submit({ code: 'lock_menu', name: '锁定', path: '/lock', category: 1 }),
    );
    const detail = async () =>
      data<Node & { version: number }>(await t.get('/api/blade-system/menu/detail', admin, { id }));
    const opened = await detail();
    expect(opened.version).toBe(1);
    const body = { id, version: opened.version, code: 'lock_menu' };
    expect((await submit({ ...body, name: '第一次' })).statusCode).toBe(200);
    const stale = await submit({ ...body, name: '第二次' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 409,
      success: false,
      msg: '数据已被其他用户修改，请刷新后重试',
    });
    expect(await detail()).toMatchObject({ name: '第一次', version: 2 });
    await t.post('/api/blade-system/menu/remove', admin, undefined, { ids: id });
  });
});
