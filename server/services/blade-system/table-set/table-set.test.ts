import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { nextId } from '../../../lib/ids.js';
import {
  tableKeyOf,
  type TableSet,
  type TableSettings,
} from '../../../../src/contracts/table-set.js';
import { MENU_TREE, type SeedMenu } from '../../../db/seed/menu-tree.js';
import { MAX_TABLES_PER_USER } from './repository.js';

const URL = '/api/blade-system/table-set';

describe('blade-system/table-set', () => {
  let t: TestApp;
  // Staff accounts hold no permission codes: signing in is all the routes ask for.
  let sales: string;
  let service: string;
  let finance: string;
  beforeAll(async () => {
    t = await createTestApp();
    sales = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    service = await t.login('service', DEMO_PASSWORD, DEMO_TENANT);
    finance = await t.login('finance', DEMO_PASSWORD, '000000');
  });
  afterAll(() => t.close());

  const get = (token: string, tableKey: string, extra: Record<string, string> = {}) =>
    t.get(`${URL}/get`, token, { tableKey, ...extra });
  const read = async (token: string, tableKey: string) =>
    data<TableSet | null>(await get(token, tableKey));
  const save = (token: string, body: unknown) => t.post(`${URL}/save`, token, body);
  const saved = async (token: string, tableKey: string, settings: TableSettings) =>
    data<TableSet>(await save(token, { tableKey, settings }));
  const userId = async (tenantId: string, account: string) =>
    (
      await t.app.ctx.db
        .selectFrom('bladeUser')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
    ).id;
  const insertRow = (tenantId: string, owner: string, tableKey: string, settings: string) =>
    t.app.ctx.db
      .insertInto('bladeTableSet')
      .values({
        id: nextId(),
        tenantId,
        userId: owner,
        tableKey,
        settings,
        updateTime: '2024-01-01 00:00:00',
      })
      .execute();

  it('answers null before anything is saved', async () => {
    const res = await get(sales, 'blade-system/post');
    expect(res.json()).toEqual({ code: 200, success: true, data: null, msg: '操作成功' });
  });

  it('saves and reads back every setting', async () => {
    const settings: TableSettings = {
      columnOrder: ['mrt-row-select', 'postCode', 'dept.name', 'a:b', 'create_time'],
      hidden: ['remark'],
      pinnedLeft: ['mrt-row-select'],
      pinnedRight: ['mrt-row-actions'],
      density: 'xs',
      pageSize: 50,
    };
    const res = await save(sales, { tableKey: 'blade-system/user', settings });
    expect(res.json()).toMatchObject({ code: 200, success: true, msg: '保存成功' });
    expect(data<TableSet>(res)).toEqual({ tableKey: 'blade-system/user', settings });
    expect(await read(sales, 'blade-system/user')).toEqual({
      tableKey: 'blade-system/user',
      settings,
    });
    // Every setting is optional: an empty object is a valid (default) layout.
    await saved(sales, 'blade-system/dept', {});
    expect(await read(sales, 'blade-system/dept')).toEqual({
      tableKey: 'blade-system/dept',
      settings: {},
    });
  });

  it('replaces the whole layout on a second save', async () => {
    await saved(sales, 'quanyi-order/order', { hidden: ['a', 'b'], density: 'xl', pageSize: 20 });
    await saved(sales, 'quanyi-order/order', { columnOrder: ['b', 'a'] });
    expect(await read(sales, 'quanyi-order/order')).toEqual({
      tableKey: 'quanyi-order/order',
      settings: { columnOrder: ['b', 'a'] },
    });
    const rows = await t.app.ctx.db
      .selectFrom('bladeTableSet')
      .select('id')
      .where('tableKey', '=', 'quanyi-order/order')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps tables apart by key', async () => {
    await saved(sales, 'k.one', { pageSize: 10 });
    await saved(sales, 'k.two', { pageSize: 30 });
    expect((await read(sales, 'k.one'))?.settings).toEqual({ pageSize: 10 });
    expect((await read(sales, 'k.two'))?.settings).toEqual({ pageSize: 30 });
  });

  it("never shows or overwrites another user's settings for the same table", async () => {
    await saved(sales, 'shared/table', { density: 'xs' });
    expect(await read(service, 'shared/table')).toBeNull();
    await saved(service, 'shared/table', { density: 'xl' });
    expect((await read(sales, 'shared/table'))?.settings).toEqual({ density: 'xs' });
    expect((await read(service, 'shared/table'))?.settings).toEqual({ density: 'xl' });
  });

  it('keeps tenants apart', async () => {
    await saved(sales, 'tenant/table', { pageSize: 90 });
    expect(await read(finance, 'tenant/table')).toBeNull();
    await saved(finance, 'tenant/table', { pageSize: 150 });
    expect((await read(sales, 'tenant/table'))?.settings).toEqual({ pageSize: 90 });

    // A row under the caller's user id in another tenant is still not theirs.
    const salesId = await userId(DEMO_TENANT, 'sales');
    await insertRow('000000', salesId, 'tenant/other', JSON.stringify({ pageSize: 300 }));
    expect(await read(sales, 'tenant/other')).toBeNull();
    await saved(sales, 'tenant/other', { pageSize: 500 });
    const rows = await t.app.ctx.db
      .selectFrom('bladeTableSet')
      .select(['tenantId', 'settings'])
      .where('userId', '=', salesId)
      .where('tableKey', '=', 'tenant/other')
      .orderBy('tenantId')
      .execute();
    expect(rows).toEqual([
      { tenantId: '000000', settings: '{"pageSize":300}' },
      { tenantId: DEMO_TENANT, settings: '{"pageSize":500}' },
    ]);
  });

  it('ignores a tenantId or userId in the query or the body', async () => {
    const financeId = await userId('000000', 'finance');
    await saved(finance, 'spoof/table', { density: 'md' });
    const spoofed = { tenantId: '000000', userId: financeId };
    expect(await read(sales, 'spoof/table')).toBeNull();
    expect(data<TableSet | null>(await get(sales, 'spoof/table', spoofed))).toBeNull();

    const res = await save(sales, {
      tableKey: 'spoof/table',
      settings: { density: 'xl' },
      ...spoofed,
    });
    expect(res.statusCode).toBe(200);
    const qs = await t.post(
      `${URL}/save`,
      sales,
      { tableKey: 'spoof/table', settings: { pageSize: 20 } },
      spoofed,
    );
    expect(qs.statusCode).toBe(200);
    expect((await read(finance, 'spoof/table'))?.settings).toEqual({ density: 'md' });
    expect((await read(sales, 'spoof/table'))?.settings).toEqual({ pageSize: 20 });
  });

  it('refuses bad input with a zh field message', async () => {
    const cases: [unknown, string][] = [
      [{ tableKey: 'x', settings: { hidden: ['bad id'] } }, 'settings.hidden.0:列标识格式错误'],
      [
        { tableKey: 'x', settings: { columnOrder: ['a'.repeat(65)] } },
        'settings.columnOrder.0:列标识格式错误',
      ],
      [{ tableKey: 'x', settings: { pinnedLeft: [1] } }, 'settings.pinnedLeft.0:列标识格式错误'],
      [{ tableKey: 'x', settings: { hidden: 'a' } }, 'settings.hidden:列清单必须是数组'],
      [{ tableKey: 'x', settings: { hidden: ['a', 'a'] } }, 'settings.hidden:列不能重复'],
      [
        { tableKey: 'x', settings: { pinnedLeft: ['a'], pinnedRight: ['a'] } },
        'settings.pinnedRight:列不能同时固定在左右两侧',
      ],
      [{ tableKey: 'x', settings: { density: 'lg' } }, 'settings.density:密度只能是 xs、md 或 xl'],
      [
        { tableKey: 'x', settings: { pageSize: 25 } },
        'settings.pageSize:每页条数只能是 10、20、30、50、90、100、150、300、500',
      ],
      [
        { tableKey: 'x', settings: { pageSize: '20' } },
        'settings.pageSize:每页条数只能是 10、20、30、50、90、100、150、300、500',
      ],
      [{ tableKey: 'x', settings: { sorting: [] } }, 'settings:不支持的表格设置项'],
      [{ tableKey: 'x', settings: null }, 'settings:请提供表格设置'],
      [{ tableKey: 'x', settings: [] }, 'settings:请提供表格设置'],
      [{ tableKey: 'x' }, 'settings:请提供表格设置'],
      [{ settings: {} }, 'tableKey:请提供表格标识'],
      [{ tableKey: '_lead', settings: {} }, 'tableKey:表格标识格式错误'],
      [{ tableKey: '/lead', settings: {} }, 'tableKey:表格标识格式错误'],
      [{ tableKey: 'k'.repeat(101), settings: {} }, 'tableKey:表格标识格式错误'],
      [
        { tableKey: 'x', settings: { hidden: Array.from({ length: 101 }, (_, i) => `c${i}`) } },
        'settings.hidden:最多100列',
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await save(sales, body);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json(), msg).toMatchObject({ code: 400, success: false, msg });
    }
    // Exactly 100 entries and a 100-character key are allowed.
    const hundred = Array.from({ length: 100 }, (_, i) => `c${i}`);
    expect(
      (await save(sales, { tableKey: 'k'.repeat(100), settings: { hidden: hundred } })).statusCode,
    ).toBe(200);
    expect(await read(sales, 'x')).toBeNull();
  });

  it('refuses settings over 8 KB, even when every list is within its limits', async () => {
    const ids = (prefix: string) =>
      Array.from({ length: 100 }, (_, i) => `${prefix}${String(i).padStart(40, '0')}`);
    const res = await save(sales, {
      tableKey: 'big/table',
      settings: { columnOrder: ids('a'), hidden: ids('b') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('settings:表格设置不能超过8KB');
    expect(await read(sales, 'big/table')).toBeNull();
    // Half of that fits.
    expect(
      (await save(sales, { tableKey: 'big/table', settings: { columnOrder: ids('a') } }))
        .statusCode,
    ).toBe(200);
  });

  it('accepts the key of every screen of the menu seed (routes keep camelCase segments)', async () => {
    const leaves = (menus: readonly SeedMenu[]): string[] =>
      menus.flatMap((m) => (m.children?.length ? leaves(m.children) : [m.path]));
    const keys = leaves(MENU_TREE).map(tableKeyOf);
    expect(keys).toContain('supplierMerchant/management');
    expect(keys).toContain('supplierMerchant/group');
    const refused: string[] = [];
    for (const tableKey of keys) {
      const res = await get(sales, tableKey);
      if (res.statusCode !== 200) refused.push(`${tableKey}: ${res.statusCode} ${res.json().msg}`);
    }
    expect(refused).toEqual([]);
    // And a layout saved under one reads back under exactly that key.
    await saved(sales, 'supplierMerchant/management', { hidden: ['remark'] });
    expect(await read(sales, 'supplierMerchant/management')).toMatchObject({
      settings: { hidden: ['remark'] },
    });
    expect(await read(sales, 'suppliermerchant/management')).toBeNull();
  });

  it('validates the tableKey of get', async () => {
    const missing = await t.get(`${URL}/get`, sales);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('tableKey:请提供表格标识');
    const bad = await get(sales, '../etc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('tableKey:表格标识格式错误');
  });

  it('reads a stored value that no longer passes the contract as nothing saved', async () => {
    const salesId = await userId(DEMO_TENANT, 'sales');
    await insertRow(DEMO_TENANT, salesId, 'stale/json', '{not json');
    await insertRow(DEMO_TENANT, salesId, 'stale/shape', JSON.stringify({ pageSize: 25 }));
    expect(await read(sales, 'stale/json')).toBeNull();
    expect(await read(sales, 'stale/shape')).toBeNull();
    // Saving over it repairs it.
    await saved(sales, 'stale/shape', { pageSize: 30 });
    expect((await read(sales, 'stale/shape'))?.settings).toEqual({ pageSize: 30 });
  });

  it('caps how many tables one user keeps settings for', async () => {
    const serviceId = await userId(DEMO_TENANT, 'service');
    const have = (
      await t.app.ctx.db
        .selectFrom('bladeTableSet')
        .select('tableKey')
        .where('tenantId', '=', DEMO_TENANT)
        .where('userId', '=', serviceId)
        .execute()
    ).length;
    const rows = Array.from({ length: MAX_TABLES_PER_USER - have }, (_, i) => ({
      id: nextId(),
      tenantId: DEMO_TENANT,
      userId: serviceId,
      tableKey: `cap/${i}`,
      settings: '{}',
      updateTime: '2024-01-01 00:00:00',
    }));
    for (let i = 0; i < rows.length; i += 100) {
      await t.app.ctx.db
        .insertInto('bladeTableSet')
        .values(rows.slice(i, i + 100))
        .execute();
    }
    const res = await save(service, { tableKey: 'cap/new', settings: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`最多保存${MAX_TABLES_PER_USER}个表格的设置`);
    // Tables already saved can still be updated, and other users are not affected.
    expect(
      (await save(service, { tableKey: 'cap/0', settings: { density: 'md' } })).statusCode,
    ).toBe(200);
    expect((await save(sales, { tableKey: 'cap/new', settings: {} })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    for (const res of [
      await t.get(`${URL}/get`, undefined, { tableKey: 'blade-system/post' }),
      await t.post(`${URL}/save`, undefined, { tableKey: 'blade-system/post', settings: {} }),
      await t.get(`${URL}/get`, 'not-a-token', { tableKey: 'blade-system/post' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, success: false });
    }
  });
});
