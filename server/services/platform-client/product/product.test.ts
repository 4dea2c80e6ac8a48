import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_WARNING_SET,
  PSCLIENT_PRODUCT,
  type AuthorisedProduct,
  type ProductMediaAnswer,
  type ProductStore,
  type ProductWarning,
  type PsclientProduct,
} from '../../../../src/contracts/platform-client/psclient-product.js';
import { PRODUCT_GOOD_MAP } from '../../../../src/contracts/platform-client/product-good-map.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { insertCodes, insertGood, insertSupplier } from '../../platform-supplier/test-fixtures.js';
import { audit, insertApp, insertClient, insertOrder } from './test-fixtures.js';

/**
 * Client products (issue 27 item 3): the contract's calls served by the engine under the spec's
 * names, and the product's own calls, seen as a client sees them.
 */
const API = `/api/${PSCLIENT_PRODUCT}`;
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;
interface Page {
  records: PsclientProduct[];
  total: number;
}

describe('blade-quanyi-platform-client/psclient-product', () => {
  let t: TestApp;
  let admin: string; // 000000 super administrator
  let tenantAdmin: string; // 100001
  let operator: string; // 000000, every business screen
  let supply: string; // 000000, supplier screens only
  let finance: string; // 000000, prices only: reads products, writes none
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    operator = await t.login('operator', DEMO_PASSWORD);
    supply = await t.login('supply', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
  }, 60_000);
  afterAll(() => t.close());

  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${API}/submit`, token, body);
  const product = (over: Record<string, unknown> = {}) => {
    n += 1;
    return {
      productCode: `P${n}`,
      productName: `产品${n}`,
      marketAmount: 50,
      salePrice: 48.5,
      setRule: 'priority',
      ...over,
    };
  };
  const create = async (token: string, over: Record<string, unknown> = {}) =>
    data<{ id: string }>(await submit(token, product(over))).id;
  const get = async (token: string, id: string) =>
    data<PsclientProduct>(await t.get(`${API}/get`, token, { id }));
  const list = async (token: string, query: Record<string, string> = {}) =>
    data<Page>(await t.get(`${API}/list`, token, { size: '100', ...query }));

  it('serves the spec-named calls, not the engine defaults beside them', async () => {
    const id = await create(admin);
    expect((await get(admin, id)).productName).toMatch(/^产品/);
    expect((await t.get(`${API}/detail`, admin, { id })).statusCode).toBe(404);
    expect((await t.post(`${API}/remove`, admin, undefined, { ids: id })).statusCode).toBe(404);
    const all = data<PsclientProduct[]>(await t.get(`${API}/list-all`, admin));
    expect(all.some((p) => p.id === id)).toBe(true);
  });

  it('keeps money as yuan on the wire and fen at rest, and refuses a third decimal', async () => {
    const id = await create(admin, { marketAmount: '49.9', salePrice: 0.01 });
    const row = await t.database.db
      .selectFrom('bladePsclientProduct')
      .select(['marketAmount', 'salePrice', 'setRule', 'onShelf', 'enabled'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([Number(row.marketAmount), Number(row.salePrice)]).toEqual([4990, 1]);
    expect([row.setRule, row.onShelf, row.enabled]).toEqual(['priority', 1, 1]);
    const answered = await get(admin, id);
    expect([answered.marketAmount, answered.salePrice]).toEqual([49.9, 0.01]);
    const bad = await submit(admin, product({ salePrice: '1.234' }));
    expect([bad.statusCode, msg(bad).startsWith('salePrice:')]).toEqual([400, true]);
    const negative = await submit(admin, product({ marketAmount: -1 }));
    expect(msg(negative)).toBe('marketAmount:面值须为不超过两位小数的非负金额');
    const rule = await submit(admin, product({ setRule: 'random' }));
    expect(msg(rule)).toBe('setRule:配置规则须为优先级、最低成本、按权重之一');
  });

  it('answers a taken code 409 at the field, per tenant; judge and exist say so', async () => {
    const id = await create(admin, { productCode: 'DUP-1' });
    const dup = await submit(admin, product({ productCode: 'DUP-1' }));
    expect([dup.statusCode, msg(dup)]).toEqual([409, 'productCode:产品编码已存在']);
    // Another tenant may use it.
    expect((await submit(tenantAdmin, product({ productCode: 'DUP-1' }))).statusCode).toBe(200);
    const judge = async (query: Record<string, string>) =>
      data<boolean>(await t.get(`${API}/judge-product-code`, admin, query));
    expect(await judge({ productCode: 'DUP-1' })).toBe(false);
    expect(await judge({ productCode: 'DUP-1', id })).toBe(true);
    expect(await judge({ productCode: 'FREE-1' })).toBe(true);
    const exist = async (productCode: string) =>
      data<boolean>(await t.get(`${API}/exist-product-code`, admin, { productCode }));
    expect([await exist('DUP-1'), await exist('FREE-1')]).toEqual([true, false]);
    const missing = await t.get(`${API}/exist-product-code`, admin);
    expect([missing.statusCode, msg(missing)]).toEqual([400, 'productCode:请输入产品编码']);
    // Racing writes of one code: one lands.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => submit(admin, product({ productCode: 'RACE-1' }))),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it("keeps tenants apart: another tenant's product is 404 and not listed", async () => {
    const theirs = await create(tenantAdmin, { productCode: 'THEIRS' });
    expect((await t.get(`${API}/get`, admin, { id: theirs })).statusCode).toBe(404);
    expect((await list(admin, { productCode: 'THEIRS' })).total).toBe(0);
    expect((await list(tenantAdmin, { productCode: 'THEIRS' })).total).toBe(1);
    const edit = await submit(admin, { ...product(), id: theirs });
    expect(edit.statusCode).toBe(404);
    for (const path of ['listPicAndVideo', 'listGoodStoreMapping', 'warning/one/get'])
      expect((await t.get(`${API}/${path}`, admin, { productId: theirs })).statusCode).toBe(404);
    expect(
      (await t.get(`/api/${PRODUCT_GOOD_MAP}/get`, admin, { productId: theirs })).statusCode,
    ).toBe(404);
  });

  it('needs the screen to read and each button to write (403)', async () => {
    const id = await create(admin);
    expect((await t.get(`${API}/list`, supply)).statusCode).toBe(403);
    expect((await t.get(`${API}/get`, supply, { id })).statusCode).toBe(403);
    expect((await submit(supply, product())).statusCode).toBe(403);
    expect((await t.get(`/api/${PRODUCT_WARNING_SET}/get`, supply)).statusCode).toBe(403);
    // The price screen picks products: it reads them, and writes nothing.
    expect((await t.get(`${API}/list-all`, finance)).statusCode).toBe(200);
    expect((await submit(finance, product())).statusCode).toBe(403);
    expect((await t.get(`${API}/delete`, finance, { ids: id })).statusCode).toBe(403);
    expect(
      (await t.post(`${API}/shelfConfig`, finance, { ids: [id], onShelf: 0 })).statusCode,
    ).toBe(403);
    expect((await t.get(`${API}/exportPsClientProduct`, finance)).statusCode).toBe(403);
    expect((await t.post(`${API}/add/warning/one`, finance, { productId: id })).statusCode).toBe(
      403,
    );
    expect((await t.get(`${API}/list`, operator)).statusCode).toBe(200);
    expect((await submit(operator, product())).statusCode).toBe(200);
  });

  it('puts several products on or off the shelf at once, all or nothing', async () => {
    const a = await create(admin);
    const b = await create(admin);
    const off = await t.post(`${API}/shelfConfig`, admin, { ids: [a, b], onShelf: 0 });
    expect(off.statusCode).toBe(200);
    expect([(await get(admin, a)).onShelf, (await get(admin, b)).onShelf]).toEqual([0, 0]);
    const on = await t.post(`${API}/shelfConfig`, admin, undefined, { ids: a, onShelf: '1' });
    expect(on.statusCode).toBe(200);
    expect((await get(admin, a)).onShelf).toBe(1);
    const theirs = await create(tenantAdmin);
    const mixed = await t.post(`${API}/shelfConfig`, admin, { ids: [b, theirs], onShelf: 1 });
    expect(mixed.statusCode).toBe(404);
    expect((await get(admin, b)).onShelf).toBe(0);
    const bad = await t.post(`${API}/shelfConfig`, admin, { ids: [b], onShelf: 2 });
    expect([bad.statusCode, msg(bad)]).toEqual([400, 'onShelf:请选择上架或下架']);
  });

  it('enables and disables through the enable call', async () => {
    const id = await create(admin);
    const res = await t.post(`${API}/enable`, admin, undefined, { ids: id, enabled: '0' });
    expect(res.statusCode).toBe(200);
    expect((await get(admin, id)).enabled).toBe(0);
  });

  it('refuses to remove a product an app is authorised for or with an open order (409)', async () => {
    const db = t.database.db;
    const clientId = await insertClient(db, '000000');
    const appId = await insertApp(db, '000000', clientId);
    const authorised = await create(admin);
    await db
      .insertInto('bladePsclientAppProduct')
      .values({
        id: nextId(),
        tenantId: '000000',
        appId,
        productId: authorised,
        createUser: null,
        createTime: nowText(),
      })
      .execute();
    const res = await t.get(`${API}/delete`, admin, { ids: authorised });
    expect([res.statusCode, msg(res)]).toEqual([409, '产品已授权给应用，不能删除，请先取消授权']);

    const ordered = await create(admin);
    const orderId = await insertOrder(db, '000000', { clientId, appId, productId: ordered });
    const refused = await t.get(`${API}/delete`, admin, { ids: ordered });
    expect([refused.statusCode, msg(refused)]).toEqual([409, '产品有未完结的订单，不能删除']);
    // Several at once: nothing removed.
    const free = await create(admin);
    expect((await t.get(`${API}/delete`, admin, { ids: `${free},${ordered}` })).statusCode).toBe(
      409,
    );
    expect((await get(admin, free)).id).toBe(free);
    // Once the order is final it goes.
    await db
      .updateTable('bladeClientProductOrder')
      .set({ state: 'success' })
      .where('id', '=', orderId)
      .execute();
    expect((await t.get(`${API}/delete`, admin, { ids: ordered })).statusCode).toBe(200);
    expect((await t.get(`${API}/get`, admin, { id: ordered })).statusCode).toBe(404);
  });

  it("answers an access party's authorised products with the apps (listAllClient)", async () => {
    const db = t.database.db;
    const clientId = await insertClient(db, '000000');
    const [app1, app2] = [
      await insertApp(db, '000000', clientId),
      await insertApp(db, '000000', clientId),
    ];
    const p1 = await create(admin, { productCode: 'AUTH-1', salePrice: 9.9 });
    const p2 = await create(admin, { productCode: 'AUTH-2' });
    await create(admin, { productCode: 'AUTH-3' });
    const grant = (appId: string, productId: string) =>
      db
        .insertInto('bladePsclientAppProduct')
        .values({
          id: nextId(),
          tenantId: '000000',
          appId,
          productId,
          createUser: null,
          createTime: null,
        })
        .execute();
    await grant(app1, p1);
    await grant(app2, p1);
    await grant(app2, p2);
    const answer = data<AuthorisedProduct[]>(
      await t.get(`${API}/listAllClient`, admin, { clientId }),
    );
    expect(answer.map((p) => [p.productCode, [...p.appIds].sort()])).toEqual([
      ['AUTH-1', [app1, app2].sort()],
      ['AUTH-2', [app2]],
    ]);
    expect(answer[0]!.salePrice).toBe(9.9);
    expect((await t.get(`${API}/listAllClient`, tenantAdmin, { clientId })).statusCode).toBe(404);
    const none = await t.get(`${API}/listAllClient`, admin);
    expect([none.statusCode, msg(none)]).toEqual([400, 'clientId:请选择接入方']);
  });

  it('takes pictures and videos of the media stock and answers them with their addresses', async () => {
    const db = t.database.db;
    const media = async (table: 'bladePic' | 'bladeVideo', tenantId: string, name: string) => {
      const id = nextId();
      const file = {
        id,
        tenantId,
        name,
        originalName: `${name}.png`,
        objectKey: `${tenantId}/pic/${id}.png`,
        link: `/image/${tenantId}/${id}.png`,
        extension: 'png',
        contentType: 'image/png',
        fileSize: 10,
        ...audit(),
      };
      if (table === 'bladePic')
        await db
          .insertInto('bladePic')
          .values({ ...file, folderId: '0', width: 1, height: 1 })
          .execute();
      else await db.insertInto('bladeVideo').values(file).execute();
      return id;
    };
    const [pic1, pic2] = [
      await media('bladePic', '000000', '图一'),
      await media('bladePic', '000000', '图二'),
    ];
    const video = await media('bladeVideo', '000000', '视频');
    const theirs = await media('bladePic', DEMO_TENANT, '他人');
    const id = await create(admin, { pictures: [pic2, pic1], videos: video });
    expect((await get(admin, id)).pictures).toBe(`${pic2},${pic1}`);
    const stored = await db
      .selectFrom('bladePsclientProduct')
      .select('pictures')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.pictures!)).toEqual([pic2, pic1]);
    const answer = data<ProductMediaAnswer>(
      await t.get(`${API}/listPicAndVideo`, admin, { productId: id }),
    );
    expect(answer.pictures.map((p) => [p.id, p.name])).toEqual([
      [pic2, '图二'],
      [pic1, '图一'],
    ]);
    expect(answer.videos[0]!.link).toBe(`/image/000000/${video}.png`);
    const refused = await submit(admin, product({ pictures: `${pic1},${theirs}` }));
    expect([refused.statusCode, msg(refused)]).toEqual([400, 'pictures:图片不存在或已删除']);
    const options = data<{ id: string }[]>(
      await t.get(`${API}/media-options`, admin, { kind: 'picture', name: '图' }),
    );
    expect(options.map((o) => o.id).sort()).toEqual([pic1, pic2].sort());
  });

  it('counts mapped goods and available stock, and marks a product below its threshold', async () => {
    const db = t.database.db;
    const ctx = t.app.ctx;
    const supId = await insertSupplier(db, '000000', `SW${nextId().slice(-6)}`);
    const g1 = await insertGood(db, '000000', supId, `W1${nextId().slice(-6)}`);
    const g2 = await insertGood(db, '000000', supId, `W2${nextId().slice(-6)}`);
    const off = await insertGood(db, '000000', supId, `W3${nextId().slice(-6)}`);
    await db.updateTable('bladeSupGood').set({ onShelf: 0 }).where('id', '=', off).execute();
    await insertCodes(ctx, '000000', supId, g1, 3);
    await insertCodes(ctx, '000000', supId, g2, 2);
    await insertCodes(ctx, '000000', supId, g2, 4, { validEnd: '2000-01-01 00:00:00' });
    await insertCodes(ctx, '000000', supId, off, 5);
    const id = await create(admin, { productCode: 'STOCK-1' });
    const saved = await t.post(`/api/${PRODUCT_GOOD_MAP}/save`, admin, {
      productId: id,
      setRule: 'priority',
      goods: [
        { goodId: g1, priority: 1, weight: 1 },
        { goodId: g2, priority: 2, weight: 1 },
        { goodId: off, priority: 3, weight: 1 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const row = () => list(admin, { productCode_equal: 'STOCK-1' }).then((p) => p.records[0]!);
    expect(await row()).toMatchObject({ goodCount: 3, availableStock: 5, belowWarning: 0 });
    // The tenant's default threshold applies, then the product's own.
    const setDefault = await t.post(`/api/${PRODUCT_WARNING_SET}/submit`, admin, { stockWarn: 6 });
    expect(setDefault.statusCode).toBe(200);
    expect(
      data<{ stockWarn: number }>(await t.get(`/api/${PRODUCT_WARNING_SET}/get`, admin)),
    ).toEqual({
      stockWarn: 6,
    });
    expect(await row()).toMatchObject({ stockWarn: 6, belowWarning: 1 });
    const own = await t.post(`${API}/add/warning/one`, admin, { productId: id, stockWarn: 5 });
    expect(own.statusCode).toBe(200);
    expect(await row()).toMatchObject({ stockWarn: 5, belowWarning: 0 });
    const warning = data<ProductWarning>(
      await t.get(`${API}/warning/one/get`, admin, { productId: id }),
    );
    expect(warning).toEqual({
      productId: id,
      stockWarn: 5,
      defaultStockWarn: 6,
      availableStock: 5,
      belowWarning: 0,
    });
    const bad = await t.post(`${API}/add/warning/one`, admin, { productId: id, stockWarn: -1 });
    expect([bad.statusCode, msg(bad)]).toEqual([400, 'stockWarn:库存预警值须为0到100000000的整数']);
    // Cleared: the default again. Another tenant's default is its own.
    await t.post(`${API}/add/warning/one`, admin, { productId: id, stockWarn: '' });
    expect(await row()).toMatchObject({ stockWarn: 6, belowWarning: 1 });
    expect(
      data<{ stockWarn: number | null }>(
        await t.get(`/api/${PRODUCT_WARNING_SET}/get`, tenantAdmin),
      ),
    ).toEqual({ stockWarn: null });
    // A sellable direct-recharge good never runs out: no warning.
    const direct = await insertGood(db, '000000', supId, `W4${nextId().slice(-6)}`, {
      goodType: 2,
    });
    await t.post(`/api/${PRODUCT_GOOD_MAP}/save`, admin, {
      productId: id,
      setRule: 'priority',
      goods: [
        { goodId: g1, priority: 1, weight: 1 },
        { goodId: direct, priority: 2, weight: 1 },
      ],
    });
    expect(await row()).toMatchObject({ goodCount: 2, availableStock: 3, belowWarning: 0 });
    // The store mapping: the stores of the mapped goods' supplier that accept them.
    const store = async (storeCode: string, goodIds: string | null, status = 1) => {
      await db
        .insertInto('bladeSupStore')
        .values({
          id: nextId(),
          tenantId: '000000',
          supId,
          storeCode,
          storeName: `门店${storeCode}`,
          provinceCode: null,
          cityCode: null,
          districtCode: null,
          address: null,
          phone: null,
          goodIds,
          repeatFlag: 0,
          remark: null,
          ...audit(),
          status,
        })
        .execute();
    };
    await store('ST-ALL', null);
    await store('ST-G1', `${off},${g1}`);
    await store('ST-OTHER', off);
    await store('ST-OFF', null, 0);
    const stores = data<{ records: ProductStore[]; total: number }>(
      await t.get(`${API}/listGoodStoreMapping`, admin, { productId: id }),
    );
    expect(stores.total).toBe(2);
    expect(stores.records.map((s) => [s.storeCode, s.goods.map((g) => g.goodId)])).toEqual([
      ['ST-ALL', [g1, direct]],
      ['ST-G1', [g1]],
    ]);
  });

  it('exports through the export engine with the spec-named GET call', async () => {
    const res = await t.get(`${API}/exportPsClientProduct`, admin, { productName: '产品' });
    expect(res.statusCode).toBe(200);
    expect(data<{ id: string }>(res).id).toBeTruthy();
  });
});
