import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parkInvoiceSettingContract,
  usccCheckChar,
} from '../../../../src/contracts/platform-parking/park-invoice-setting.js';
import {
  PAY_SETTING_CALLS,
  type ParkPaySetting,
} from '../../../../src/contracts/platform-parking/park-pay-setting.js';
import { createTestApp, data, DEMO_TENANT, type TestApp } from '../../../test/support.js';

const SAVE = `/api/${PAY_SETTING_CALLS.save}`;
const GET = `/api/${PAY_SETTING_CALLS.get}`;
const INVOICE = `/api/${parkInvoiceSettingContract.service}`;
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

interface Invoice {
  id: string;
  lotId: string;
  lotName: string;
  sellerName: string;
  taxNo: string;
  invoiceType: string;
  provider: string;
  enabled: number;
  version: number;
}

/** A valid tax number: 17 characters and their check character. */
const TAX_NO = (() => {
  const body = '91110105MA01ABCD1';
  return body + usccCheckChar(body);
})();

describe('lot pay settings and invoice settings (issue 28 item 1)', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let lots: string[];
  let theirLot: string;
  const lotsOf = async (tenantId: string) =>
    (
      await t.database.db
        .selectFrom('bladeParkLot')
        .select('id')
        .where('tenantId', '=', tenantId)
        .orderBy('lotCode')
        .execute()
    ).map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    lots = await lotsOf('000000');
    [theirLot] = (await lotsOf(DEMO_TENANT)) as [string];
  }, 60_000);
  afterAll(() => t.close());

  const setting = (lotId: string, over: Record<string, unknown> = {}) => ({
    lotId,
    freeMinutes: 20,
    pricePerHour: 6.5,
    dailyCap: 48,
    monthPrice: 399.99,
    channels: ['wechat', 'alipay'],
    merchantNo: 'MCH1234567',
    version: 0,
    ...over,
  });

  it('answers a lot without a setting with the defaults at version 0, then round-trips one', async () => {
    const last = lots.at(-1)!;
    const before = data<ParkPaySetting>(await t.get(GET, admin, { lotId: last }));
    expect(before).toMatchObject({ lotId: last, version: 0, freeMinutes: 15 });
    const saved = await t.post(SAVE, admin, setting(last));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<ParkPaySetting>(saved)).toEqual({ ...setting(last), version: 1 });
    const stored = await t.database.db
      .selectFrom('bladeParkPaySetting')
      .select(['pricePerHour', 'dailyCap', 'monthPrice', 'channels'])
      .where('lotId', '=', last)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      pricePerHour: 650,
      dailyCap: 4800,
      monthPrice: 39999,
      channels: 'wechat,alipay',
    });
    const again = data<ParkPaySetting>(await t.get(GET, admin, { lotId: last }));
    expect(again).toEqual({ ...setting(last), version: 1 });
    // Saved at the version read; the one read before is stale (409), as is a second first save.
    const next = await t.post(SAVE, admin, setting(last, { version: 1, freeMinutes: 0 }));
    expect(data<ParkPaySetting>(next)).toMatchObject({ freeMinutes: 0, version: 2 });
    const stale = await t.post(SAVE, admin, setting(last, { version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect((await t.post(SAVE, admin, setting(last, { version: 0 }))).statusCode).toBe(409);
  });

  it('lets one of several racing first saves of a lot land; the others are 409', async () => {
    const last = lots.at(-2)!;
    await t.database.db.deleteFrom('bladeParkPaySetting').where('lotId', '=', last).execute();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.post(SAVE, admin, setting(last, { freeMinutes: i, version: 0 })),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const rows = await t.database.db
      .selectFrom('bladeParkPaySetting')
      .select('version')
      .where('lotId', '=', last)
      .execute();
    expect(rows).toEqual([{ version: 1 }]);
  });

  it('answers the demo settings of the other lots', async () => {
    const demo = data<ParkPaySetting>(await t.get(GET, admin, { lotId: lots[0]! }));
    expect(demo.version).toBe(1);
    expect(demo.channels.length).toBeGreaterThan(0);
    expect(demo.merchantNo).toMatch(/^1600/);
  });

  it.each([
    [{ freeMinutes: -1 }, 'freeMinutes:免费时长须为0到1440分钟的整数'],
    [{ freeMinutes: 1441 }, 'freeMinutes:免费时长须为0到1440分钟的整数'],
    [{ freeMinutes: 1.5 }, 'freeMinutes:免费时长须为0到1440分钟的整数'],
    [{ pricePerHour: 1000.01 }, 'pricePerHour:每小时价格须为0到1000元（最多两位小数）'],
    [{ pricePerHour: 1.234 }, 'pricePerHour:每小时价格须为0到1000元（最多两位小数）'],
    [{ pricePerHour: -1 }, 'pricePerHour:每小时价格须为0到1000元（最多两位小数）'],
    [{ dailyCap: 10000.01 }, 'dailyCap:每日封顶须为0到10000元（最多两位小数，0为不封顶）'],
    [{ dailyCap: 5 }, 'dailyCap:每日封顶不能低于每小时价格'],
    [{ monthPrice: 'abc' }, 'monthPrice:月票价格须为0到100000元（最多两位小数）'],
    [{ channels: [] }, 'channels:请至少选择一个支付渠道（微信支付、支付宝、银联无感支付、ETC）'],
    [
      { channels: ['cash'] },
      'channels:请至少选择一个支付渠道（微信支付、支付宝、银联无感支付、ETC）',
    ],
    [{ merchantNo: 'a b' }, 'merchantNo:商户号须为6到32位字母或数字'],
  ])('refuses %j out of range with the zh message', async (over, message) => {
    const res = await t.post(SAVE, admin, setting(lots[1]!, { ...over, version: 1 }));
    expect([res.statusCode, msg(res)]).toEqual([400, message]);
  });

  it("answers another tenant's lot 404 and needs the pay-setting button", async () => {
    expect((await t.get(GET, admin, { lotId: theirLot })).statusCode).toBe(404);
    expect((await t.post(SAVE, admin, setting(theirLot))).statusCode).toBe(404);
    expect((await t.get(GET, admin)).statusCode).toBe(400);
  });

  it('lists the invoice settings with the lot named; getInvoiceSetting by lot or id', async () => {
    const page = data<{ records: Invoice[]; total: number }>(
      await t.get(`${INVOICE}/listInvoiceSetting`, admin, { size: '100' }),
    );
    expect(page.total).toBeGreaterThan(0);
    expect(page.records.every((r) => r.lotName.length > 0)).toBe(true);
    const first = page.records[0]!;
    const byLot = data<Invoice>(
      await t.get(`${INVOICE}/getInvoiceSetting`, admin, { lotId: first.lotId }),
    );
    expect(byLot).toMatchObject({ id: first.id, taxNo: first.taxNo, lotName: first.lotName });
    const byId = data<Invoice>(
      await t.get(`${INVOICE}/getInvoiceSetting`, admin, { id: first.id }),
    );
    expect(byId.lotId).toBe(first.lotId);
    // A lot without one: null.
    const without = lots.find((l) => !page.records.some((r) => r.lotId === l))!;
    const none = await t.get(`${INVOICE}/getInvoiceSetting`, admin, { lotId: without });
    expect([none.statusCode, data(none)]).toEqual([200, null]);
  });

  it('saves a setting through invoiceSetting, one per lot, the tax number checked', async () => {
    const page = data<{ records: Invoice[] }>(
      await t.get(`${INVOICE}/listInvoiceSetting`, admin, { size: '100' }),
    );
    const free = lots.find((l) => !page.records.some((r) => r.lotId === l))!;
    const body = {
      lotId: free,
      sellerName: '测试停车管理有限公司',
      taxNo: TAX_NO,
      invoiceType: 'normal',
      provider: 'nuonuo',
      contactName: '张三',
      contactPhone: '010-88886666',
    };
    const bad = await t.post(`${INVOICE}/invoiceSetting`, admin, { ...body, taxNo: '12345' });
    expect([bad.statusCode, msg(bad)]).toEqual([
      400,
      'taxNo:纳税人识别号须为18位统一社会信用代码（校验位正确）',
    ]);
    const wrongCheck = TAX_NO.slice(0, 17) + (TAX_NO[17] === '0' ? '1' : '0');
    const check = await t.post(`${INVOICE}/invoiceSetting`, admin, { ...body, taxNo: wrongCheck });
    expect([check.statusCode, msg(check)]).toEqual([
      400,
      'taxNo:纳税人识别号须为18位统一社会信用代码（校验位正确）',
    ]);
    const ok = await t.post(`${INVOICE}/invoiceSetting`, admin, body);
    expect(ok.statusCode, ok.body).toBe(200);
    const dup = await t.post(`${INVOICE}/invoiceSetting`, admin, body);
    expect([dup.statusCode, msg(dup)]).toEqual([409, 'lotId:该停车场已有开票设置']);
    const saved = data<Invoice>(
      await t.get(`${INVOICE}/getInvoiceSetting`, admin, { lotId: free }),
    );
    const edit = await t.post(`${INVOICE}/invoiceSetting`, admin, {
      ...body,
      id: saved.id,
      version: saved.version,
      provider: 'baiwang',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const stale = await t.post(`${INVOICE}/invoiceSetting`, admin, {
      ...body,
      id: saved.id,
      version: saved.version,
    });
    expect(stale.statusCode).toBe(409);
  });

  it("answers another tenant's setting 404 and needs the screen's buttons", async () => {
    const theirs = data<{ records: Invoice[] }>(
      await t.get(`${INVOICE}/listInvoiceSetting`, tenantAdmin),
    ).records[0]!;
    expect((await t.get(`${INVOICE}/getInvoiceSetting`, admin, { id: theirs.id })).statusCode).toBe(
      404,
    );
    expect(
      (await t.get(`${INVOICE}/getInvoiceSetting`, admin, { lotId: theirs.lotId })).statusCode,
    ).toBe(404);
    const { db } = t.database;
    for (const code of ['invoice_setting_edit', 'parking_lot_pay_setting']) {
      const button = await db
        .selectFrom('bladeMenu')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      await db.deleteFrom('bladeRoleMenu').where('menuId', '=', button.id).execute();
    }
    const edit = await t.post(`${INVOICE}/invoiceSetting`, tenantAdmin, {
      ...theirs,
      sellerName: '改',
    });
    expect(edit.statusCode).toBe(403);
    expect((await t.get(GET, tenantAdmin, { lotId: theirs.lotId })).statusCode).toBe(403);
    expect((await t.get(`${INVOICE}/listInvoiceSetting`, tenantAdmin)).statusCode).toBe(200);
    // No delete button on the screen: removing is the super administrator's.
    const remove = `${INVOICE}/removeInvoiceSetting`;
    expect((await t.post(remove, tenantAdmin, undefined, { ids: theirs.id })).statusCode).toBe(403);
    expect((await t.post(remove, admin, undefined, { ids: theirs.id })).statusCode).toBe(404);
    const mine = data<{ records: Invoice[] }>(await t.get(`${INVOICE}/listInvoiceSetting`, admin))
      .records[0]!;
    expect((await t.post(remove, admin, undefined, { ids: mine.id })).statusCode).toBe(200);
    const gone = await t.get(`${INVOICE}/getInvoiceSetting`, admin, { lotId: mine.lotId });
    expect(data(gone)).toBeNull();
  });
});
