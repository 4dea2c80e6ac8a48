import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import { decrypt, insertAttach, sessionKey } from '../../shared/party-fixtures.js';
import { openContactPhone } from './contact-phone.js';
import { decryptInterfaceSecret } from '../driver/index.js';
import supTable from './table.js';

const URL = '/api/blade-quanyi-platform-supplier/sup';

interface Supplier {
  id: string;
  supCode: string;
  supName: string;
  contactPhone: string;
  settlementType: number;
  settlementTypeName: string;
  supplyType: number;
  supplyTypeName: string;
  driver: string;
  interfaceSecret: string;
  status: number;
  version: number;
  tenantId: string;
}
interface Page<T> {
  records: T[];
  total: number;
}

const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('blade-quanyi-platform-supplier/sup', () => {
  let t: TestApp;
  let admin: string; // tenant 100001's administrator
  let supply: string; // tenant 000000, supplier area only
  let finance: string; // tenant 000000, no supplier buttons
  let operator: string; // tenant 000000
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tenantAdminToken();
    supply = await t.login('supply', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
    operator = await t.login('operator', DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${URL}/submit`, token, body);
  const create = async (token: string, body: Record<string, unknown> = {}) => {
    n += 1;
    const sent = {
      supCode: `S${n}`,
      supName: `供应商${n}`,
      settlementType: 1,
      supplyType: 1,
      ...body,
    };
    return data<{ id: string }>(await submit(token, sent)).id;
  };
  const get = (token: string, id: string) => t.get(`${URL}/get`, token, { id });
  const list = (token: string, query: Record<string, string> = {}) =>
    t.get(`${URL}/list`, token, query);
  const del = (token: string, ids: string) =>
    t.inject({
      method: 'DELETE',
      url: `${URL}/delete?ids=${ids}`,
      headers: { 'blade-auth': `bearer ${token}` },
    });
  const stored = (id: string) =>
    t.database.db.selectFrom('bladeSup').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it("creates, reads, updates in the caller's tenant, with dictionary names", async () => {
    const id = await create(admin, { supCode: 'JD01', supName: '京东权益', supplyType: 2 });
    const row = data<Supplier>(await get(admin, id));
    expect(row).toMatchObject({
      supCode: 'JD01',
      supName: '京东权益',
      settlementTypeName: '预付',
      supplyType: 2,
      supplyTypeName: '直充',
      driver: 'sandbox',
      status: 1,
      version: 1,
      tenantId: '100001',
    });
    const updated = await submit(admin, { ...row, supName: '京东权益（新）' });
    expect(updated.statusCode).toBe(200);
    expect(data<Supplier>(await get(admin, id)).supName).toBe('京东权益（新）');
    // The version it was read with is stale now.
    const stale = await submit(admin, { ...row, supName: '旧' });
    expect(stale.statusCode).toBe(409);
    // The engine's detail answers the same.
    expect(data<Supplier>(await t.get(`${URL}/detail`, admin, { id })).supCode).toBe('JD01');
  });

  it('answers the contact phone encrypted for the session and stores it encrypted', async () => {
    const id = await create(admin, { contactName: '张三', contactPhone: '13912345678' });
    const row = data<Supplier>(await get(admin, id));
    expect(row.contactPhone.startsWith('enc1:')).toBe(true);
    expect(decrypt(row.contactPhone, sessionKey(t, admin))).toBe('13912345678');
    const listed = data<Page<Supplier>>(await list(admin, { supCode: row.supCode })).records[0]!;
    expect(decrypt(listed.contactPhone, sessionKey(t, admin))).toBe('13912345678');
    const atRest = (await stored(id)).contactPhone!;
    expect(atRest).not.toContain('13912345678');
    expect(openContactPhone(t.app.ctx, atRest)).toBe('13912345678');
    expect(JSON.stringify(await (await list(admin)).json())).not.toContain('13912345678');
    const bad = await submit(admin, {
      supCode: 'BADP',
      supName: 'x',
      settlementType: 1,
      supplyType: 1,
      contactPhone: '123',
    });
    expect(bad.statusCode).toBe(400);
    expect(msg(bad)).toBe('contactPhone:请输入正确的手机号');
  });

  it('answers every refused field at once: msg the first, data.fields all (issue 25 item 2)', async () => {
    const bad = await submit(admin, {
      supCode: '测试 01',
      supName: '',
      settlementType: 1,
      supplyType: 9,
      contactPhone: '123',
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json() as { msg: string; data: { fields: Record<string, string> } };
    expect(body.msg).toBe('supCode:供应商编码只能包含字母、数字、下划线和短横线');
    expect(body.data.fields).toEqual({
      supCode: '供应商编码只能包含字母、数字、下划线和短横线',
      supName: '请输入供应商名称',
      contactPhone: '请输入正确的手机号',
      supplyType: '请选择供货方式',
    });
    // One refused field: the same shape (a BladeX client reads msg, the console data.fields).
    const one = await submit(admin, { supCode: 'ONE1', settlementType: 1, supplyType: 1 });
    expect(one.json()).toMatchObject({
      msg: 'supName:请输入供应商名称',
      data: { fields: { supName: '请输入供应商名称' } },
    });
  });

  it('exports 状态 by name (issue 25 item 18)', async () => {
    const columns = supTable.export!.columns.map((c) => c.header);
    expect(columns).toContain('状态');
    const id = await create(admin);
    expect(data<{ statusName: string }>(await get(admin, id)).statusName).toBe('启用');
    await t.post(`${URL}/enable`, admin, undefined, { ids: id, status: '0' });
    expect(data<{ statusName: string }>(await get(admin, id)).statusName).toBe('停用');
  });

  it('never answers the interface secret; the mask keeps the stored one', async () => {
    const id = await create(admin, {
      driver: 'http',
      interfaceEndpoint: 'https://sup.example.com/api',
      interfaceKey: 'k1',
      interfaceSecret: 'top-secret-1',
    });
    const row = data<Supplier>(await get(admin, id));
    expect(row.interfaceSecret).toBe('******');
    expect(JSON.stringify(data(await list(admin)))).not.toContain('top-secret-1');
    const atRest = (await stored(id)).interfaceSecret!;
    expect(atRest).not.toContain('top-secret-1');
    expect(decryptInterfaceSecret(t.app.ctx, atRest)).toBe('top-secret-1');
    // Saved back with the mask: kept.
    expect((await submit(admin, { ...row, supName: 'x2' })).statusCode).toBe(200);
    expect(decryptInterfaceSecret(t.app.ctx, (await stored(id)).interfaceSecret)).toBe(
      'top-secret-1',
    );
    // The API log keeps neither the secret nor the whole phone.
    const logged = JSON.stringify(
      await t.database.db.selectFrom('bladeLogApi').selectAll().execute(),
    );
    expect(logged).toContain('sup/submit');
    expect(logged).not.toContain('top-secret-1');
    expect(logged).not.toContain('13912345678');
    // Not an internal address.
    const internal = await submit(admin, {
      supCode: 'H4',
      supName: 'h',
      settlementType: 1,
      supplyType: 3,
      driver: 'http',
      interfaceEndpoint: 'http://169.254.169.254/latest',
    });
    expect(internal.statusCode).toBe(400);
    expect(msg(internal)).toMatch(/^interfaceEndpoint:/);
    // http needs an endpoint; an unknown driver is refused.
    const noEndpoint = await submit(admin, {
      supCode: 'H2',
      supName: 'h',
      settlementType: 1,
      supplyType: 3,
      driver: 'http',
    });
    expect(msg(noEndpoint)).toBe('interfaceEndpoint:请输入接口地址');
    const odd = await submit(admin, {
      supCode: 'H3',
      supName: 'h',
      settlementType: 1,
      supplyType: 3,
      driver: 'ftp',
    });
    expect(odd.statusCode).toBe(400);
  });

  it('creates once for a repeated Idempotency-Key', async () => {
    const body = { supCode: 'IDEM-1', supName: '幂等', settlementType: 1, supplyType: 1 };
    const send = () =>
      t.inject({
        method: 'POST',
        url: `${URL}/submit`,
        headers: { 'blade-auth': `bearer ${admin}`, 'idempotency-key': 'sup-create-1' },
        payload: body,
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(data<{ id: string }>(again).id).toBe(data<{ id: string }>(first).id);
    expect(data<Page<Supplier>>(await list(admin, { supCode: 'IDEM-1' })).total).toBe(1);
  });

  it('refuses a duplicate code in the tenant with 409 naming the field', async () => {
    await create(admin, { supCode: 'DUP1' });
    const dup = await submit(admin, {
      supCode: 'DUP1',
      supName: 'y',
      settlementType: 1,
      supplyType: 1,
    });
    expect(dup.statusCode).toBe(409);
    expect(msg(dup)).toBe('supCode:供应商编码已存在');
    // Writers that skip the check (a race, another module) meet the unique index (migration 027).
    const copy = {
      ...(await stored(
        data<Page<Supplier>>(await list(admin, { supCode: 'DUP1' })).records[0]!.id,
      )),
    };
    await expect(
      t.database.db
        .insertInto('bladeSup')
        .values({ ...copy, id: nextId() })
        .execute(),
    ).rejects.toThrow();
    // A removed supplier's code is free again.
    await t.database.db
      .updateTable('bladeSup')
      .set({ isDeleted: 1 })
      .where('id', '=', copy.id)
      .execute();
    expect(
      (await submit(admin, { supCode: 'DUP1', supName: 'z', settlementType: 1, supplyType: 1 }))
        .statusCode,
    ).toBe(200);
    // Another tenant may use the same code.
    expect(
      (await submit(supply, { supCode: 'DUP1', supName: 'y', settlementType: 1, supplyType: 1 }))
        .statusCode,
    ).toBe(200);
  });

  it('filters by code, name, supply type, settlement type, status and created range', async () => {
    const a = await create(admin, {
      supCode: 'FLT-A',
      supName: '测试星巴克咖啡',
      supplyType: 1,
      settlementType: 2,
    });
    await create(admin, { supCode: 'FLT-B', supName: '瑞幸', supplyType: 3 });
    const page = async (q: Record<string, string>) =>
      data<Page<Supplier>>(await list(admin, { size: '100', ...q })).records.map((r) => r.supCode);
    expect(await page({ supName: '测试星巴克' })).toEqual(['FLT-A']);
    expect(await page({ supCode: 'FLT-' })).toEqual(['FLT-B', 'FLT-A']);
    expect(await page({ supCode: 'FLT-', supplyType: '3' })).toEqual(['FLT-B']);
    expect(await page({ supCode: 'FLT-', settlementType: '2' })).toEqual(['FLT-A']);
    await t.post(`${URL}/enable`, admin, undefined, { ids: a, status: '0' });
    expect(await page({ supCode: 'FLT-', status: '0' })).toEqual(['FLT-A']);
    expect(await page({ supCode: 'FLT-', status: '1' })).toEqual(['FLT-B']);
    const today = nowText().slice(0, 10);
    expect(
      await page({
        supCode: 'FLT-',
        createTime_dategt: `${today} 00:00:00`,
        createTime_datelt: `${today} 23:59:59`,
      }),
    ).toHaveLength(2);
    expect(await page({ supCode: 'FLT-', createTime_datelt: '2000-01-01 00:00:00' })).toEqual([]);
    expect((await list(admin, { supplyType: 'x' })).statusCode).toBe(400);
  });

  it('enables and disables; list-not-page lists enabled suppliers only', async () => {
    const on = await create(admin, { supCode: 'EN-1' });
    const off = await create(admin, { supCode: 'EN-2' });
    const res = await t.post(`${URL}/enable`, admin, undefined, { ids: off, status: '0' });
    expect(res.statusCode).toBe(200);
    expect(msg(res)).toBe('停用成功');
    expect(data<Supplier>(await get(admin, off))).toMatchObject({ status: 0, version: 2 });
    const picks = data<{ id: string; supCode: string; supName: string }[]>(
      await t.get(`${URL}/list-not-page`, admin),
    );
    expect(picks.map((p) => p.id)).toContain(on);
    expect(picks.map((p) => p.id)).not.toContain(off);
    expect(Object.keys(picks[0]!).sort()).toEqual(['id', 'settlementType', 'supCode', 'supName']);
    // The single-id form, and a bad status.
    expect(
      (await t.post(`${URL}/enable`, admin, undefined, { id: off, status: '1' })).statusCode,
    ).toBe(200);
    expect(data<Supplier>(await get(admin, off)).status).toBe(1);
    expect(
      (await t.post(`${URL}/enable`, admin, undefined, { ids: off, status: '7' })).statusCode,
    ).toBe(400);
  });

  it("answers 404 for another tenant's supplier on every call, and changes nothing", async () => {
    const theirs = await create(supply, { supCode: 'OWN-1' });
    expect((await get(admin, theirs)).statusCode).toBe(404);
    expect((await t.get(`${URL}/detail`, admin, { id: theirs })).statusCode).toBe(404);
    expect(
      (await t.post(`${URL}/enable`, admin, undefined, { ids: theirs, status: '0' })).statusCode,
    ).toBe(404);
    expect((await del(admin, theirs)).statusCode).toBe(404);
    expect((await t.post(`${URL}/remove`, admin, undefined, { ids: theirs })).statusCode).toBe(404);
    const row = data<Supplier>(await get(supply, theirs));
    expect((await submit(admin, { ...row, supName: 'hijack' })).statusCode).toBe(404);
    expect((await t.get(`${URL}/sup-file`, admin, { supId: theirs })).statusCode).toBe(404);
    expect(
      (await t.post(`${URL}/sup-argeement-file`, admin, { supId: theirs, attachIds: [] }))
        .statusCode,
    ).toBe(404);
    expect((await t.get(`${URL}/product-belong-sup`, admin, { supId: theirs })).statusCode).toBe(
      404,
    );
    expect(
      (await t.post(`${URL}/product-belong-sup`, admin, { supId: theirs, tenantIds: [] }))
        .statusCode,
    ).toBe(404);
    expect(data<Supplier>(await get(supply, theirs))).toMatchObject({
      supName: row.supName,
      status: 1,
      version: 1,
    });
    // A list shows the caller's tenant only.
    const codes = data<Page<Supplier>>(await list(admin, { size: '500' })).records.map(
      (r) => r.supCode,
    );
    expect(codes).not.toContain('OWN-1');
  });

  it('needs the menu to read and each button to write (403)', async () => {
    const id = await create(supply, { supCode: 'PERM-1' });
    expect((await list(finance)).statusCode).toBe(403);
    expect((await get(finance, id)).statusCode).toBe(403);
    expect((await t.get(`${URL}/list-not-page`, finance)).statusCode).toBe(403);
    expect(
      (await submit(finance, { supCode: 'P2', supName: 'p', settlementType: 1, supplyType: 1 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.post(`${URL}/enable`, finance, undefined, { ids: id, status: '0' })).statusCode,
    ).toBe(403);
    expect((await del(finance, id)).statusCode).toBe(403);
    expect((await t.post(`${URL}/export-supplier`, finance)).statusCode).toBe(403);
    expect(
      (await t.post(`${URL}/sup-file`, finance, { supId: id, attachIds: [] })).statusCode,
    ).toBe(403);
    expect(
      (await t.post(`${URL}/product-belong-sup`, finance, { supId: id, tenantIds: [] })).statusCode,
    ).toBe(403);
    expect((await get(supply, id)).statusCode).toBe(200);
    expect((await get(operator, id)).statusCode).toBe(200);
  });

  it('refuses to delete a supplier with goods on shelf, naming it, and changes nothing', async () => {
    const id = await create(admin, { supCode: 'SHELF-1', supName: '有货供应商' });
    const other = await create(admin, { supCode: 'SHELF-2' });
    const goodId = nextId();
    await t.database.db
      .insertInto('bladeSupGood')
      .values({
        id: goodId,
        tenantId: '100001',
        supId: id,
        goodCode: 'G1',
        goodName: '咖啡券',
        goodType: 1,
        marketAmount: 3000,
        costPrice: 2500,
        validDays: null,
        validEnd: null,
        onShelf: 1,
        stockWarn: null,
        validTimeWarn: null,
        interfaceGoodCode: null,
        signMethod: null,
        remark: null,
        createUser: null,
        createDept: null,
        createTime: nowText(),
        updateUser: null,
        updateTime: nowText(),
        status: 1,
        isDeleted: 0,
        version: 1,
      })
      .execute();
    for (const res of [
      await del(admin, `${other},${id}`),
      await t.post(`${URL}/remove`, admin, undefined, { ids: `${other},${id}` }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(msg(res)).toBe('供应商「有货供应商」存在已上架商品，不能删除');
    }
    expect((await get(admin, id)).statusCode).toBe(200);
    expect((await get(admin, other)).statusCode).toBe(200);
    // Off the shelf: it goes.
    await t.database.db
      .updateTable('bladeSupGood')
      .set({ onShelf: 0 })
      .where('id', '=', goodId)
      .execute();
    const gone = await del(admin, `${other},${id}`);
    expect(gone.statusCode).toBe(200);
    expect((await get(admin, id)).statusCode).toBe(404);
    expect((await get(admin, other)).statusCode).toBe(404);
  });

  it('saves and lists qualification and agreement files by attach id, checking type and size', async () => {
    const id = await create(admin, { supCode: 'FILE-1' });
    const attach = (ext: string, size = 1000, tenantId = '100001') =>
      insertAttach(t.database.db, tenantId, ext, size);
    const pdf = await attach('pdf');
    const png = await attach('png');
    expect(
      (await t.post(`${URL}/sup-file`, admin, { supId: id, attachIds: `${pdf},${png}` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.post(`${URL}/sup-argeement-file`, admin, { supId: id, attachIds: [pdf] }))
        .statusCode,
    ).toBe(200);
    const files = data<{ attachId: string; fileName: string }[]>(
      await t.get(`${URL}/sup-file`, admin, { supId: id }),
    );
    expect(files.map((f) => f.attachId).sort()).toEqual([pdf, png].sort());
    expect(files[0]!.fileName).toMatch(/^资质\./);
    const agreements = data<{ attachId: string }[]>(
      await t.get(`${URL}/sup-argeement-file`, admin, { supId: id }),
    );
    expect(agreements.map((f) => f.attachId)).toEqual([pdf]);
    const exe = await attach('exe');
    const bad = await t.post(`${URL}/sup-file`, admin, { supId: id, attachIds: [exe] });
    expect(bad.statusCode).toBe(400);
    expect(msg(bad)).toContain('类型不支持');
    const big = await attach('pdf', 11 * 1024 * 1024);
    expect(msg(await t.post(`${URL}/sup-file`, admin, { supId: id, attachIds: [big] }))).toContain(
      '超过10MB',
    );
    const foreign = await attach('pdf', 100, '000000');
    expect(msg(await t.post(`${URL}/sup-file`, admin, { supId: id, attachIds: [foreign] }))).toBe(
      '附件不存在',
    );
    // Refusals changed nothing; an empty list clears.
    expect(data<unknown[]>(await t.get(`${URL}/sup-file`, admin, { supId: id }))).toHaveLength(2);
    expect((await t.post(`${URL}/sup-file`, admin, { supId: id, attachIds: [] })).statusCode).toBe(
      200,
    );
    expect(data<unknown[]>(await t.get(`${URL}/sup-file`, admin, { supId: id }))).toHaveLength(0);
  });

  it('gets and sets the tenants that may sell the goods (operator tenant: every tenant)', async () => {
    const id = await create(supply, { supCode: 'BEL-1' });
    const before = data<{ tenantIds: string[]; tenants: { tenantId: string }[] }>(
      await t.get(`${URL}/product-belong-sup`, supply, { supId: id }),
    );
    expect(before.tenantIds).toEqual([]);
    expect(before.tenants.map((x) => x.tenantId)).toEqual(
      expect.arrayContaining(['000000', '100001']),
    );
    expect(
      (await t.post(`${URL}/product-belong-sup`, supply, { supId: id, tenantIds: '100001,000000' }))
        .statusCode,
    ).toBe(200);
    expect(
      data<{ tenantIds: string[] }>(await t.get(`${URL}/product-belong-sup`, supply, { supId: id }))
        .tenantIds,
    ).toEqual(['000000', '100001']);
    const unknown = await t.post(`${URL}/product-belong-sup`, supply, {
      supId: id,
      tenantIds: ['999999'],
    });
    expect(unknown.statusCode).toBe(400);
    // Another tenant is offered its own tenant only.
    const mine = await create(admin, { supCode: 'BEL-2' });
    const offered = data<{ tenants: { tenantId: string }[] }>(
      await t.get(`${URL}/product-belong-sup`, admin, { supId: mine }),
    );
    expect(offered.tenants.map((x) => x.tenantId)).toEqual(['100001']);
    expect(
      (await t.post(`${URL}/product-belong-sup`, admin, { supId: mine, tenantIds: ['000000'] }))
        .statusCode,
    ).toBe(400);
  });

  it('exports through the export engine (export-supplier and excel/export/async)', async () => {
    const res = await t.post(`${URL}/export-supplier`, admin, undefined, { supName: '星巴克' });
    expect(res.statusCode).toBe(200);
    expect(data<{ sourceFileName: string }>(res).sourceFileName).toMatch(/^供应商列表-\d+\.xlsx$/);
    const async = await t.post(`${URL}/excel/export/async`, admin, undefined, {
      excelType: 'export-supplier',
    });
    expect(async.statusCode).toBe(200);
    expect(
      (
        await t.post(`${URL}/excel/export/async`, finance, undefined, {
          excelType: 'export-supplier',
        })
      ).statusCode,
    ).toBe(403);
  });
});
