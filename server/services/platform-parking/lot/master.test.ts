import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PARK_LOT_CALLS,
  type ParkAuthCode,
} from '../../../../src/contracts/platform-parking/park-lot.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { parkAuthCode } from './auth-code.js';

const HEAD = [
  '车场编号',
  '车场名称',
  '省份',
  '城市',
  '区县',
  '详细地址',
  '车位数',
  '对接方式',
  '权益供应商编码',
];

describe('lot import and auth codes (issue 28 item 1)', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let supCode: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    supCode = (
      await t.database.db
        .selectFrom('bladeSup')
        .select('supCode')
        .where('tenantId', '=', '000000')
        .orderBy('supCode')
        .executeTakeFirstOrThrow()
    ).supCode;
  }, 60_000);
  afterAll(() => t.close());

  async function book(rows: (string | number)[][]) {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('停车场');
    sheet.addRow(HEAD);
    for (const r of rows) sheet.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  async function upload(token: string, file: Buffer, name = 'lots.xlsx') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return t.inject({
      method: 'POST',
      url: `/api/${PARK_LOT_CALLS.importParkData}`,
      headers: {
        'content-type': request.headers.get('content-type')!,
        'blade-auth': `bearer ${token}`,
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }
  const lotCodes = async (prefix: string) =>
    (
      await t.database.db
        .selectFrom('bladeParkLot')
        .select('lotCode')
        .where('tenantId', '=', '000000')
        .where('lotCode', 'like', `${prefix}%`)
        .where('isDeleted', '=', 0)
        .orderBy('lotCode')
        .execute()
    ).map((r) => r.lotCode);

  it('serves the template', async () => {
    const res = await t.get(`/api/${PARK_LOT_CALLS.importTemplate}`, admin);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(JSON.stringify(wb.worksheets[0]!.getRow(1).values)).toContain('车场编号');
  });

  it('a wrong row: nothing written, the result file names each wrong row and why', async () => {
    const res = await upload(
      admin,
      await book([
        ['IMP-1', '导入一', '北京市', '市辖区', '朝阳区', '建国路', 100, '沙箱', supCode],
        ['IMP-2', '导入二', '北京市', '', '', '', 'many', 'ftp', ''],
        ['P0001', '已有编号', '', '', '', '', 10, 'http', ''],
        ['IMP-4', '导入四', '火星', '', '', '', 10, 'http', 'NOPE'],
        ['IMP-1', '重复', '', '', '', '', 10, 'http', ''],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = data<{ status: string; resultId: string; errors: { row: number }[] }>(res);
    expect(answer.status).toBe('failed');
    expect([...new Set(answer.errors.map((e) => e.row))].sort()).toEqual([3, 4, 5, 6]);
    expect(await lotCodes('IMP-')).toEqual([]);
    const result = await t.get(`/api/${PARK_LOT_CALLS.importResult}`, admin, {
      id: answer.resultId,
    });
    expect(result.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(result.rawPayload as unknown as ExcelJS.Buffer);
    const text = JSON.stringify(wb.worksheets.map((s) => s.getSheetValues()));
    for (const why of [
      '车位数须为0到100000',
      '对接方式须为沙箱、HTTP接口之一',
      '车场编号已存在',
      '省份不存在：火星',
      '供应商不存在：NOPE',
    ])
      expect(text).toContain(why);
  });

  it('good rows are written with the region and supplier resolved; 403 without the button', async () => {
    const file = await book([
      ['IMPOK-1', '导入好一', '北京市', '市辖区', '朝阳区', '建国路1号', 300, '沙箱', supCode],
      ['IMPOK-2', '导入好二', '11', '1101', '110108', '', '', 'HTTP接口', ''],
    ]);
    const res = await upload(admin, file);
    expect(data<{ status: string; created: number }>(res)).toMatchObject({
      status: 'success',
      created: 2,
    });
    const rows = await t.database.db
      .selectFrom('bladeParkLot')
      .select(['lotCode', 'districtCode', 'operator', 'spaces', 'supId', 'enabled'])
      .where('lotCode', 'in', ['IMPOK-1', 'IMPOK-2'])
      .orderBy('lotCode')
      .execute();
    expect(rows.map((r) => [r.lotCode, r.districtCode, r.operator, r.spaces, r.enabled])).toEqual([
      ['IMPOK-1', '110105', 'sandbox', 300, 1],
      ['IMPOK-2', '110108', 'http', 0, 1],
    ]);
    expect(rows[0]!.supId).toBeTruthy();
    const { db } = t.database;
    const button = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'parking_lot_import')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('bladeRoleMenu').where('menuId', '=', button.id).execute();
    const refused = await upload(
      tenantAdmin,
      await book([['T-1', 'x', '', '', '', '', 1, 'http', '']]),
    );
    expect(refused.statusCode).toBe(403);
  });

  it('answers one auth code per supplier and lot of the tenant, stable and distinct', async () => {
    const url = `/api/${PARK_LOT_CALLS.listParkAuthCode}`;
    const all = data<ParkAuthCode[]>(await t.get(url, admin));
    const offered = await t.database.db
      .selectFrom('bladeParkLot')
      .select(['id', 'supId'])
      .where('tenantId', '=', '000000')
      .where('isDeleted', '=', 0)
      .where('supId', 'is not', null)
      .execute();
    expect(all).toHaveLength(offered.length);
    expect(all.every((c) => /^[0-9A-HJKMNP-TV-Z]{16}$/.test(c.authCode))).toBe(true);
    expect(new Set(all.map((c) => c.authCode)).size).toBe(all.length);
    const one = all[0]!;
    expect(one.authCode).toBe(parkAuthCode(t.app.ctx, '000000', one.supId, one.lotId));
    const bySup = data<ParkAuthCode[]>(await t.get(url, admin, { supId: one.supId }));
    expect(bySup.every((c) => c.supId === one.supId)).toBe(true);
    expect(bySup.find((c) => c.lotId === one.lotId)?.authCode).toBe(one.authCode);
    // Another tenant's supplier: nothing of theirs; their codes differ from ours.
    const theirs = data<ParkAuthCode[]>(await t.get(url, tenantAdmin));
    expect(theirs.length).toBeGreaterThan(0);
    expect(data<ParkAuthCode[]>(await t.get(url, admin, { supId: theirs[0]!.supId }))).toEqual([]);
    expect(theirs.some((c) => all.some((a) => a.authCode === c.authCode))).toBe(false);
    expect(theirs[0]!.authCode).toBe(
      parkAuthCode(t.app.ctx, DEMO_TENANT, theirs[0]!.supId, theirs[0]!.lotId),
    );
    // The lot screen is needed.
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect((await t.get(url, staff)).statusCode).toBe(403);
  });
});
