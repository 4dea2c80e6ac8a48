import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../lib/ids.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

interface Dict {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string;
  isSealed: number;
  version: number;
  tenantId?: string;
  parentName?: string;
  hasChildren?: boolean;
  children?: Dict[];
}
interface Entry {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string;
}
interface Node {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: Node[];
}
interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

const SYS = '/api/blade-system/dict';
const BIZ = '/api/blade-system/dict-biz';
const SEALED = '该字典已封存，不可修改';

describe('blade-system/dict and dict-biz', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let sales: string;
  let finance: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    sales = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    finance = await t.login('finance', DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  const submit = (base: string, token: string, body: Record<string, unknown>) =>
    t.post(`${base}/submit`, token, body);
  const remove = (base: string, token: string, ids: string) =>
    t.post(`${base}/remove`, token, undefined, { ids });
  const dictionary = async (base: string, token: string, code: string) =>
    data<Entry[]>(await t.get(`${base}/dictionary`, token, { code }));
  /** Creates a dictionary with entries and answers the parent's and the entries' ids. */
  async function createDict(
    base: string,
    token: string,
    code: string,
    entries: [string, string][],
    isSealed = 0,
  ) {
    const parentId = data<{ id: string }>(
      await submit(base, token, { code, dictValue: `${code}标题`, sort: 1, isSealed }),
    ).id;
    const ids: string[] = [];
    let sort = 0;
    for (const [dictKey, dictValue] of entries) {
      sort += 1;
      const res = await submit(base, token, { parentId, code, dictKey, dictValue, sort, isSealed });
      ids.push(data<{ id: string }>(res).id);
    }
    return { parentId, ids };
  }

  describe('dictionary?code= (every select of the console)', () => {
    it('answers the seeded system entries, sorted, without the parent row, to any signed-in user', async () => {
      for (const token of [admin, tenantAdmin, sales]) {
        const sex = await dictionary(SYS, token, 'sex');
        expect(sex.map((e) => [e.dictKey, e.dictValue])).toEqual([
          ['1', '女'],
          ['0', '男'],
        ]);
        expect(Object.keys(sex[0]!).sort()).toEqual([
          'code',
          'dictKey',
          'dictValue',
          'id',
          'parentId',
          'remark',
          'sort',
        ]);
        expect(sex.every((e) => e.code === 'sex' && e.parentId !== '0' && e.remark === '')).toBe(
          true,
        );
      }
      const status = await dictionary(SYS, admin, 'user_status');
      expect(status.map((e) => e.dictKey)).toEqual(['1', '0', '2']);
      expect(await dictionary(SYS, admin, 'no_such_code')).toEqual([]);
    });

    it('needs a token and a code', async () => {
      expect((await t.get(`${SYS}/dictionary`, undefined, { code: 'sex' })).statusCode).toBe(401);
      expect((await t.get(`${BIZ}/dictionary`, undefined, { code: 'sex' })).statusCode).toBe(401);
      const missing = await t.get(`${SYS}/dictionary`, admin);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().msg).toBe('缺少必要的请求参数: code');
    });
  });

  describe('system dictionary reads', () => {
    it('lists all rows as a tree sorted by sort, filtered by code/dictValue/dictKey', async () => {
      const forest = data<Dict[]>(await t.get(`${SYS}/list`, admin));
      const codes = forest.map((d) => d.code);
      expect(codes.slice(0, 3)).toEqual(['sex', 'yes_no', 'menu_category']);
      const sex = forest.find((d) => d.code === 'sex')!;
      expect(sex).toMatchObject({
        parentId: '0',
        dictKey: '-1',
        dictValue: '性别',
        isSealed: 1,
        hasChildren: true,
      });
      expect(sex.children!.map((c) => c.dictValue)).toEqual(['女', '男']);

      const filtered = data<Dict[]>(await t.get(`${SYS}/list`, admin, { code: 'sex' }));
      expect(filtered).toHaveLength(1);
      expect(filtered[0]!.children).toHaveLength(2);
      const byValue = data<Dict[]>(await t.get(`${SYS}/list`, admin, { dictValue: '禁用' }));
      expect(byValue.map((d) => [d.code, d.dictKey])).toEqual([['user_status', '0']]);
      const byKey = data<Dict[]>(
        await t.get(`${SYS}/list`, admin, { code_equal: 'region', dictKey_equal: '5' }),
      );
      expect(byKey.map((d) => d.dictValue)).toEqual(['村委']);
    });

    it("pages the parent rows and lists a parent's children (paged or in full)", async () => {
      const parents = data<Page<Dict>>(await t.get(`${SYS}/parent-list`, admin, { size: '5' }));
      // Every seeded dictionary is a parent row (business issues add theirs).
      const seeded = await t.database.db
        .selectFrom('bladeDict')
        .select('id')
        .where('parentId', '=', '0')
        .where('isDeleted', '=', 0)
        .execute();
      expect(seeded.length).toBeGreaterThanOrEqual(12);
      expect(parents).toMatchObject({
        current: 1,
        size: 5,
        total: seeded.length,
        pages: Math.ceil(seeded.length / 5),
      });
      expect(parents.records.every((p) => p.parentId === '0' && p.dictKey === '-1')).toBe(true);
      const one = data<Page<Dict>>(await t.get(`${SYS}/parent-list`, admin, { dictValue: '性别' }));
      expect(one.records.map((p) => p.code)).toEqual(['sex']);

      const sexId = one.records[0]!.id;
      const page = data<Page<Dict>>(
        await t.get(`${SYS}/child-list`, admin, { parentId: sexId, current: '1', size: '1' }),
      );
      expect(page).toMatchObject({ total: 2, size: 1 });
      expect(page.records[0]!.dictValue).toBe('女');
      const all = data<Dict[]>(await t.get(`${SYS}/child-list`, admin, { parentId: sexId }));
      expect(all.map((c) => c.dictKey)).toEqual(['1', '0']);
      const filtered = data<Dict[]>(
        await t.get(`${SYS}/child-list`, admin, { parentId: sexId, dictValue: '男' }),
      );
      expect(filtered.map((c) => c.dictKey)).toEqual(['0']);

      expect((await t.get(`${SYS}/child-list`, admin, { parentId: '123' })).statusCode).toBe(404);
      const missing = await t.get(`${SYS}/child-list`, admin);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().msg).toBe('缺少必要的请求参数: parentId');
    });

    it("gives a detail with the parent's name, and a TreeNode tree titled by value", async () => {
      const sex = data<Dict[]>(await t.get(`${SYS}/list`, admin, { code: 'sex' }))[0]!;
      const child = sex.children![0]!;
      expect(data<Dict>(await t.get(`${SYS}/detail`, admin, { id: child.id }))).toMatchObject({
        id: child.id,
        dictValue: '女',
        parentName: '性别',
      });
      expect(data<Dict>(await t.get(`${SYS}/detail`, admin, { id: sex.id })).parentName).toBe(
        '顶级',
      );
      expect((await t.get(`${SYS}/detail`, admin, { id: '42' })).statusCode).toBe(404);

      const nodes = data<Node[]>(await t.get(`${SYS}/tree`, admin));
      const node = nodes.find((n) => n.id === sex.id)!;
      expect(node).toMatchObject({
        title: '性别',
        key: sex.id,
        value: sex.id,
        parentId: '0',
        hasChildren: true,
      });
      expect(node.children!.map((n) => n.title)).toEqual(['女', '男']);
    });

    it('lets a tenant admin read but not write the system dictionary; staff get 403, no token 401', async () => {
      expect((await t.get(`${SYS}/list`, tenantAdmin)).statusCode).toBe(200);
      const sex = data<Dict[]>(await t.get(`${SYS}/list`, tenantAdmin, { code: 'sex' }))[0]!;
      const write = await submit(SYS, tenantAdmin, {
        code: 'tenant_try',
        dictValue: 'x',
        sort: 1,
        isSealed: 0,
      });
      expect(write.statusCode).toBe(403);
      expect(
        (
          await submit(SYS, tenantAdmin, {
            id: sex.id,
            code: 'sex',
            dictValue: 'x',
            sort: 1,
            isSealed: 0,
          })
        ).statusCode,
      ).toBe(403);
      expect((await remove(SYS, tenantAdmin, sex.children![0]!.id)).statusCode).toBe(403);
      expect(await dictionary(SYS, admin, 'sex')).toHaveLength(2);

      for (const path of ['list', 'parent-list', 'tree']) {
        for (const base of [SYS, BIZ]) {
          expect((await t.get(`${base}/${path}`, sales)).statusCode).toBe(403);
          expect((await t.get(`${base}/${path}`, finance)).json()).toMatchObject({
            code: 403,
            success: false,
          });
          expect((await t.get(`${base}/${path}`)).statusCode).toBe(401);
        }
      }
      expect((await t.get(`${SYS}/detail`, finance, { id: sex.id })).statusCode).toBe(403);
      expect((await t.get(`${SYS}/child-list`, sales, { parentId: sex.id })).statusCode).toBe(403);
      expect(
        (await submit(BIZ, sales, { code: 'x', dictValue: 'x', sort: 1, isSealed: 0 })).statusCode,
      ).toBe(403);
      expect((await remove(BIZ, sales, sex.id)).statusCode).toBe(403);
      // The session survives a 403.
      expect((await t.get('/api/blade-auth/oauth/user-info', sales)).statusCode).toBe(200);
    });
  });

  describe('system dictionary writes (super admin)', () => {
    it('changes and removes sealed seeded rows only as the super admin', async () => {
      const yesNo = data<Dict[]>(await t.get(`${SYS}/list`, admin, { code: 'yes_no' }))[0]!;
      const entry = yesNo.children![0]!;
      const res = await submit(SYS, admin, { ...entry, dictValue: '不是', version: entry.version });
      expect(res.json().msg).toBe('修改成功');
      expect((await dictionary(SYS, sales, 'yes_no'))[0]!.dictValue).toBe('不是');

      const { parentId, ids } = await createDict(SYS, admin, 'sys_sealed', [['a', 'A']], 1);
      expect(await dictionary(SYS, tenantAdmin, 'sys_sealed')).toHaveLength(1);
      expect((await remove(SYS, admin, `${parentId},${ids[0]}`)).json().msg).toBe('删除成功');
      expect(await dictionary(SYS, admin, 'sys_sealed')).toEqual([]);
    });
  });

  describe('business dictionary', () => {
    it("keeps each tenant's business dictionary to itself", async () => {
      const hq = await createDict(BIZ, admin, 'biz_color', [
        ['r', '红'],
        ['g', '绿'],
      ]);
      expect((await dictionary(BIZ, admin, 'biz_color')).map((e) => e.dictValue)).toEqual([
        '红',
        '绿',
      ]);
      expect(data<Dict>(await t.get(`${BIZ}/detail`, admin, { id: hq.ids[0]! })).tenantId).toBe(
        '000000',
      );

      // Tenant 100001 sees none of it.
      expect(await dictionary(BIZ, tenantAdmin, 'biz_color')).toEqual([]);
      expect((await t.get(`${BIZ}/detail`, tenantAdmin, { id: hq.parentId })).statusCode).toBe(404);
      expect((await t.get(`${BIZ}/detail`, tenantAdmin, { id: hq.ids[0]! })).statusCode).toBe(404);
      expect(
        (await t.get(`${BIZ}/child-list`, tenantAdmin, { parentId: hq.parentId })).statusCode,
      ).toBe(404);
      expect(data<Dict[]>(await t.get(`${BIZ}/list`, tenantAdmin))).toEqual([]);
      expect(data<Page<Dict>>(await t.get(`${BIZ}/parent-list`, tenantAdmin)).total).toBe(0);
      expect(data<Node[]>(await t.get(`${BIZ}/tree`, tenantAdmin))).toEqual([]);
      // ... and cannot change, extend or remove it.
      const update = await submit(BIZ, tenantAdmin, {
        id: hq.ids[0],
        parentId: hq.parentId,
        code: 'biz_color',
        dictKey: 'r',
        dictValue: '黑',
        sort: 1,
        isSealed: 0,
      });
      expect(update.statusCode).toBe(404);
      const extend = await submit(BIZ, tenantAdmin, {
        parentId: hq.parentId,
        code: 'biz_color',
        dictKey: 'b',
        dictValue: '蓝',
        sort: 3,
        isSealed: 0,
      });
      expect(extend.statusCode).toBe(400);
      expect(extend.json().msg).toBe('parentId:上级字典不存在');
      expect((await remove(BIZ, tenantAdmin, hq.ids[0]!)).statusCode).toBe(404);
      expect((await dictionary(BIZ, admin, 'biz_color')).map((e) => e.dictValue)).toEqual([
        '红',
        '绿',
      ]);

      // The same code in another tenant is a different dictionary; tenantId in the body is ignored.
      const own = data<{ id: string }>(
        await submit(BIZ, tenantAdmin, {
          code: 'biz_color',
          dictValue: '颜色',
          sort: 1,
          isSealed: 0,
          tenantId: '000000',
        }),
      ).id;
      await submit(BIZ, tenantAdmin, {
        parentId: own,
        code: 'whatever',
        dictKey: 'y',
        dictValue: '黄',
        sort: 1,
        isSealed: 0,
      });
      const mine = await dictionary(BIZ, tenantAdmin, 'biz_color');
      expect(mine.map((e) => [e.code, e.dictValue])).toEqual([['biz_color', '黄']]);
      expect(data<Dict>(await t.get(`${BIZ}/detail`, tenantAdmin, { id: own })).tenantId).toBe(
        DEMO_TENANT,
      );
      expect((await dictionary(BIZ, admin, 'biz_color')).map((e) => e.dictValue)).toEqual([
        '红',
        '绿',
      ]);
      const list = data<Dict[]>(await t.get(`${BIZ}/list`, tenantAdmin));
      expect(list.map((d) => d.id)).toEqual([own]);
      expect((await t.get(`${BIZ}/detail`, admin, { id: own })).statusCode).toBe(404);
      // The business dictionary does not leak into the system one, nor the reverse.
      expect(await dictionary(SYS, tenantAdmin, 'biz_color')).toEqual([]);
      expect(await dictionary(BIZ, tenantAdmin, 'sex')).toEqual([]);
    });

    it('refuses changes to sealed dictionaries for a tenant admin', async () => {
      // Entries go in first: once the dictionary is sealed, only the super admin may add more.
      const sealed = await createDict(BIZ, tenantAdmin, 'biz_sealed', [['1', '一']]);
      for (const id of [sealed.ids[0]!, sealed.parentId]) {
        const row = data<Dict>(await t.get(`${BIZ}/detail`, tenantAdmin, { id }));
        expect((await submit(BIZ, tenantAdmin, { ...row, isSealed: 1 })).json().msg).toBe(
          '修改成功',
        );
      }
      const parent = data<Dict>(await t.get(`${BIZ}/detail`, tenantAdmin, { id: sealed.parentId }));
      expect(parent.isSealed).toBe(1);
      expect((await submit(BIZ, tenantAdmin, { ...parent, isSealed: 0 })).json().msg).toBe(SEALED);
      const update = await submit(BIZ, tenantAdmin, { ...parent, dictValue: '改名' });
      expect(update.statusCode).toBe(403);
      expect(update.json().msg).toBe(SEALED);
      const entry = data<Dict>(await t.get(`${BIZ}/detail`, tenantAdmin, { id: sealed.ids[0]! }));
      expect((await submit(BIZ, tenantAdmin, { ...entry, dictValue: '二' })).json().msg).toBe(
        SEALED,
      );
      const add = await submit(BIZ, tenantAdmin, {
        parentId: sealed.parentId,
        code: 'biz_sealed',
        dictKey: '2',
        dictValue: '二',
        sort: 2,
        isSealed: 0,
      });
      expect(add.statusCode).toBe(403);
      const removal = await remove(BIZ, tenantAdmin, `${sealed.ids[0]},${sealed.parentId}`);
      expect(removal.statusCode).toBe(403);
      expect(removal.json().msg).toBe(SEALED);

      // An unsealed entry under a sealed parent is frozen too.
      const open = await createDict(BIZ, tenantAdmin, 'biz_open', [['1', '一']]);
      const openParent = data<Dict>(
        await t.get(`${BIZ}/detail`, tenantAdmin, { id: open.parentId }),
      );
      expect((await submit(BIZ, tenantAdmin, { ...openParent, isSealed: 1 })).json().msg).toBe(
        '修改成功',
      );
      expect((await remove(BIZ, tenantAdmin, open.ids[0]!)).statusCode).toBe(403);
      expect(await dictionary(BIZ, tenantAdmin, 'biz_sealed')).toHaveLength(1);
      expect(await dictionary(BIZ, tenantAdmin, 'biz_open')).toHaveLength(1);
    });

    it('accepts changes to sealed dictionaries from the super admin', async () => {
      const sealed = await createDict(BIZ, admin, 'hq_sealed', [['1', '一']], 1);
      const entry = data<Dict>(await t.get(`${BIZ}/detail`, admin, { id: sealed.ids[0]! }));
      expect((await submit(BIZ, admin, { ...entry, dictValue: '壹' })).json().msg).toBe('修改成功');
      expect(
        (
          await submit(BIZ, admin, {
            parentId: sealed.parentId,
            code: 'hq_sealed',
            dictKey: '2',
            dictValue: '贰',
            sort: 2,
            isSealed: 1,
          })
        ).statusCode,
      ).toBe(200);
      expect((await dictionary(BIZ, admin, 'hq_sealed')).map((e) => e.dictValue)).toEqual([
        '壹',
        '贰',
      ]);
      const all = (await dictionary(BIZ, admin, 'hq_sealed')).map((e) => e.id);
      expect((await remove(BIZ, admin, [...all, sealed.parentId].join(','))).statusCode).toBe(200);
      expect(await dictionary(BIZ, admin, 'hq_sealed')).toEqual([]);
    });

    it("admits either screen's button code, the one the action needs", async () => {
      // A role holding only the setting screen's view and add buttons.
      const db = t.app.ctx.db;
      const menus = await db
        .selectFrom('bladeMenu')
        .select(['id'])
        .where('code', 'in', ['setting_dict_biz', 'setting_dict_biz_view', 'setting_dict_biz_add'])
        .execute();
      expect(menus).toHaveLength(3);
      const roleId = nextId();
      await db
        .insertInto('bladeRole')
        .values({
          id: roleId,
          tenantId: DEMO_TENANT,
          parentId: '0',
          roleName: '字典录入',
          sort: 9,
          roleAlias: 'dict_clerk',
          isDeleted: 0,
          version: 1,
        })
        .execute();
      await db
        .insertInto('bladeRoleMenu')
        .values(menus.map((m) => ({ id: nextId(), roleId, menuId: m.id })))
        .execute();
      await db
        .updateTable('bladeUser')
        .set({ roleId })
        .where('tenantId', '=', DEMO_TENANT)
        .where('account', '=', 'service')
        .execute();
      const clerk = await t.login('service', DEMO_PASSWORD, DEMO_TENANT);

      expect((await t.get(`${BIZ}/list`, clerk)).statusCode).toBe(200);
      expect((await t.get(`${SYS}/list`, clerk)).statusCode).toBe(403);
      const added = await submit(BIZ, clerk, {
        code: 'clerk_dict',
        dictValue: '录入',
        sort: 1,
        isSealed: 0,
      });
      expect(added.json().msg).toBe('新增成功');
      const id = data<{ id: string }>(added).id;
      const edit = await submit(BIZ, clerk, {
        id,
        code: 'clerk_dict',
        dictValue: '改',
        sort: 1,
        isSealed: 0,
      });
      expect(edit.statusCode).toBe(403);
      expect((await remove(BIZ, clerk, id)).statusCode).toBe(403);
      expect(
        (
          await submit(BIZ, tenantAdmin, {
            id,
            code: 'clerk_dict',
            dictValue: '改',
            sort: 1,
            isSealed: 0,
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('submit rules', () => {
    it("validates the form with the console's messages", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ dictValue: 'v', sort: 1, isSealed: 0 }, 'code:请输入字典编号'],
        [{ code: ' ', dictValue: 'v', sort: 1, isSealed: 0 }, 'code:请输入字典编号'],
        [{ code: 'c', sort: 1, isSealed: 0 }, 'dictValue:请输入字典名称'],
        [{ code: 'c', dictValue: 'v', isSealed: 0 }, 'sort:请输入字典排序'],
        [{ code: 'c', dictValue: 'v', sort: 'abc', isSealed: 0 }, 'sort:请输入字典排序'],
        [{ code: 'c', dictValue: 'v', sort: 1.5, isSealed: 0 }, 'sort:请输入字典排序'],
        [{ code: 'c', dictValue: 'v', sort: 1e12, isSealed: 0 }, 'sort:排序值超出范围'],
        [{ code: 'c', dictValue: 'v', sort: 1 }, 'isSealed:请选择是否封存'],
        [{ code: 'c', dictValue: 'v', sort: 1, isSealed: 2 }, 'isSealed:请选择是否封存'],
        [
          { code: 'c'.repeat(101), dictValue: 'v', sort: 1, isSealed: 0 },
          'code:长度不能超过100个字符',
        ],
        [{ code: { $ne: 1 }, dictValue: 'v', sort: 1, isSealed: 0 }, 'code:请输入字典编号'],
        [
          { code: 'c', dictValue: 'v', sort: 1, isSealed: 0, parentId: '999' },
          'parentId:上级字典不存在',
        ],
        [
          { code: 'c', dictValue: 'v', sort: 1, isSealed: 0, version: 'x' },
          'version:版本号格式错误',
        ],
        [{ id: {}, code: 'c', dictValue: 'v', sort: 1, isSealed: 0 }, 'id:参数格式错误'],
      ];
      for (const base of [SYS, BIZ]) {
        for (const [body, msg] of cases) {
          const res = await submit(base, admin, body);
          expect(res.statusCode, JSON.stringify(body)).toBe(400);
          expect(res.json().msg).toBe(msg);
        }
      }
      // Numbers may come as strings, as form inputs send them.
      const ok = await submit(BIZ, admin, {
        code: 'str_nums',
        dictValue: 'v',
        sort: '3',
        isSealed: '0',
        parentId: '',
        id: '',
      });
      expect(ok.json().msg).toBe('新增成功');
      const parentId = data<{ id: string }>(ok).id;
      const noKey = await submit(BIZ, admin, {
        parentId,
        code: 'str_nums',
        dictValue: 'x',
        sort: 1,
        isSealed: 0,
      });
      expect(noKey.json().msg).toBe('dictKey:请输入字典键值');
      const reserved = await submit(BIZ, admin, {
        parentId,
        code: 'str_nums',
        dictKey: '-1',
        dictValue: 'x',
        sort: 1,
        isSealed: 0,
      });
      expect(reserved.json().msg).toBe('dictKey:字典键值不能为-1');
      const numericKey = await submit(BIZ, admin, {
        parentId,
        code: 'str_nums',
        dictKey: 7,
        dictValue: 'x',
        sort: 1,
        isSealed: 0,
      });
      expect(numericKey.statusCode).toBe(200);
      expect((await dictionary(BIZ, admin, 'str_nums'))[0]).toMatchObject({
        dictKey: '7',
        sort: 1,
      });
    });

    it("keeps (code, dictKey) unique among live rows and entries under their parent's code", async () => {
      const { parentId, ids } = await createDict(BIZ, tenantAdmin, 'uniq', [['a', 'A']]);
      const dup = await submit(BIZ, tenantAdmin, {
        parentId,
        code: 'uniq',
        dictKey: 'a',
        dictValue: 'again',
        sort: 2,
        isSealed: 0,
      });
      expect(dup.statusCode).toBe(400);
      expect(dup.json().msg).toBe('当前字典键值已存在!');
      const dupCode = await submit(BIZ, tenantAdmin, {
        code: 'uniq',
        dictValue: 'again',
        sort: 2,
        isSealed: 0,
      });
      expect(dupCode.json().msg).toBe('当前字典编号已存在!');
      // An entry keeps its own key when edited, and takes its parent's code whatever is sent.
      const entry = data<Dict>(await t.get(`${BIZ}/detail`, tenantAdmin, { id: ids[0]! }));
      expect(
        (await submit(BIZ, tenantAdmin, { ...entry, code: 'other', dictValue: 'A2' })).statusCode,
      ).toBe(200);
      expect(data<Dict>(await t.get(`${BIZ}/detail`, tenantAdmin, { id: ids[0]! }))).toMatchObject({
        code: 'uniq',
        dictValue: 'A2',
        version: 2,
      });
      // A removed key can be used again.
      await remove(BIZ, tenantAdmin, ids[0]!);
      expect(
        (
          await submit(BIZ, tenantAdmin, {
            parentId,
            code: 'uniq',
            dictKey: 'a',
            dictValue: 'A3',
            sort: 1,
            isSealed: 0,
          })
        ).statusCode,
      ).toBe(200);
    });

    it("moves the entries along when a dictionary's code changes, with optimistic locking", async () => {
      const { parentId } = await createDict(BIZ, tenantAdmin, 'old_code', [
        ['1', '一'],
        ['2', '二'],
      ]);
      const parent = data<Dict>(await t.get(`${BIZ}/detail`, tenantAdmin, { id: parentId }));
      const res = await submit(BIZ, tenantAdmin, { ...parent, code: 'new_code', version: 1 });
      expect(res.json().msg).toBe('修改成功');
      expect(await dictionary(BIZ, tenantAdmin, 'old_code')).toEqual([]);
      expect((await dictionary(BIZ, tenantAdmin, 'new_code')).map((e) => e.dictValue)).toEqual([
        '一',
        '二',
      ]);
      const stale = await submit(BIZ, tenantAdmin, { ...parent, code: 'newer_code', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().msg).toBe('数据已被其他用户修改，请刷新后重试');
      // A dictionary with entries cannot become an entry itself.
      const other = data<{ id: string }>(
        await submit(BIZ, tenantAdmin, { code: 'host', dictValue: 'h', sort: 1, isSealed: 0 }),
      ).id;
      const nest = await submit(BIZ, tenantAdmin, {
        id: parentId,
        parentId: other,
        code: 'new_code',
        dictKey: 'x',
        dictValue: 'n',
        sort: 1,
        isSealed: 0,
      });
      expect(nest.json().msg).toBe('parentId:当前字典存在子项，不能设置上级字典');
    });
  });

  describe('remove', () => {
    it('refuses a dictionary with live entries, removes entries and then the dictionary', async () => {
      const { parentId, ids } = await createDict(BIZ, tenantAdmin, 'to_remove', [
        ['1', '一'],
        ['2', '二'],
      ]);
      const refused = await remove(BIZ, tenantAdmin, parentId);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe('请先删除子节点!');
      expect((await remove(BIZ, tenantAdmin, `${parentId},${ids[0]}`)).json().msg).toBe(
        '请先删除子节点!',
      );
      expect((await remove(BIZ, tenantAdmin, ids[0]!)).json().msg).toBe('删除成功');
      expect((await t.get(`${BIZ}/detail`, tenantAdmin, { id: ids[0]! })).statusCode).toBe(404);
      expect((await remove(BIZ, tenantAdmin, `${ids[1]},${parentId}`)).json().msg).toBe('删除成功');
      expect(
        data<Page<Dict>>(
          await t.get(`${BIZ}/parent-list`, tenantAdmin, { code_equal: 'to_remove' }),
        ).total,
      ).toBe(0);
      // Already removed: gone.
      expect((await remove(BIZ, tenantAdmin, parentId)).statusCode).toBe(404);
      expect((await t.post(`${BIZ}/remove`, tenantAdmin, undefined, { ids: '' })).statusCode).toBe(
        400,
      );
    });
  });

  describe('filters', () => {
    it('ignores unknown filters and SQL in filter names and sorts; matches % and _ literally', async () => {
      const all = data<Page<Dict>>(await t.get(`${SYS}/parent-list`, admin, { size: '100' })).total;
      const evil: Record<string, string>[] = [
        { "code' OR '1'='1": 'x' },
        { 'code;drop table blade_dict': 'x' },
        { isSealed: '0' },
        { tenantId: '100001' },
        { descs: 'code;drop table blade_dict' },
        { ascs: '(select 1)' },
        { code: "' OR 1=1 --" },
        { dictValue: '%' },
      ];
      for (const q of evil) {
        const res = await t.get(`${SYS}/parent-list`, admin, { size: '100', ...q });
        expect(res.statusCode, JSON.stringify(q)).toBe(200);
        const page = data<Page<Dict>>(res);
        expect(page.total).toBe('code' in q || 'dictValue' in q ? 0 : all);
        expect((await t.get(`${SYS}/list`, admin, q)).statusCode).toBe(200);
      }
      const sorted = data<Page<Dict>>(
        await t.get(`${SYS}/parent-list`, admin, { size: '100', descs: 'code' }),
      ).records.map((r) => r.code);
      // First and last under any collation (underscores compare differently in PostgreSQL locales).
      expect([sorted[0], sorted.at(-1)]).toEqual(['yes_no', 'api_scope_type']);
      const underscore = data<Dict[]>(await t.get(`${SYS}/list`, admin, { code: 'yes_' }));
      expect(underscore.map((d) => d.code)).toEqual(['yes_no']);
    });
  });
});
