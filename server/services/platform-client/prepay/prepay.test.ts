import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_PREPAY,
  APP_PREPAY_WARNINGS,
  PREPAY_FILE_SIGN,
  PSCLIENT_PREPAY,
  type AppPrepay,
  type ClientPrepay,
  type PrepayWarnings,
} from '../../../../src/contracts/platform-client/app-prepay.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { exportSheet } from '../../../test/export-sheet.js';
import { prepayMismatches } from './ledger.js';
import { insertAppPrepay, type PrepayFixture } from './prepay-fixtures.js';

/**
 * App prepay (issue 27 item 2): top-ups with a voucher and adjustments through the ledger, sent
 * once per Idempotency-Key; the settings (warning, prepay type); the warnings; permissions and
 * tenant isolation on every call.
 */

const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;
const fields = (res: LightMyRequestResponse) =>
  (res.json() as { data: { fields?: Record<string, string> } }).data.fields;
const T = '000000';
const OTHER = '100001';

function multipart(content: Buffer, filename: string) {
  const boundary = `----prepay${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

describe('app prepay (issue 27 item 2)', () => {
  let t: TestApp;
  let operator: string; // tenant 000000, every access-party button
  let supply: string; // tenant 000000, no access-party button (granted view codes below)
  let finance: string; // tenant 000000, nothing of these screens
  let other: string; // administrator of tenant 100001

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    operator = await t.login('operator', DEMO_PASSWORD);
    supply = await t.login('supply', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
    other = await t.tenantAdminToken();
  }, 60_000);
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const post = (path: string, body: unknown, token = operator, key?: string) =>
    t.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'blade-auth': `bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as object,
    });
  const get = (path: string, query: Record<string, string>, token = operator) =>
    t.get(`/api/${path}`, token, query);
  const upload = (content = PDF, name = '凭证.pdf', token = operator) => {
    const form = multipart(content, name);
    return t.inject({
      method: 'POST',
      url: `/api/${PREPAY_FILE_SIGN}`,
      headers: { 'blade-auth': `bearer ${token}`, ...form.headers },
      payload: form.payload,
    });
  };
  const voucher = async () => data<{ attachId: string }>(await upload()).attachId;
  const balanceOf = async (appId: string) =>
    Number(
      (
        await db()
          .selectFrom('bladePsclientAppPrepay')
          .select('balance')
          .where('appId', '=', appId)
          .executeTakeFirstOrThrow()
      ).balance,
    );
  const ledger = (appId: string) =>
    db()
      .selectFrom('bladePrepayRecord')
      .selectAll()
      .where('appId', '=', appId)
      .orderBy('createTime')
      .execute();
  const rowOf = async (id: string, token = operator) =>
    data<AppPrepay>(await get(`${APP_PREPAY}/get`, { id }, token));

  /** Grants the supply user's role these codes (menus and buttons by code). */
  async function grantSupply(codes: string[]) {
    const role = await db()
      .selectFrom('bladeRole')
      .select('id')
      .where('tenantId', '=', T)
      .where('roleAlias', '=', 'supplier_manager')
      .executeTakeFirstOrThrow();
    const menus = await db()
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', 'in', codes)
      .execute();
    for (const m of menus)
      await db()
        .insertInto('bladeRoleMenu')
        .values({ id: nextId(), menuId: m.id, roleId: role.id })
        .execute();
  }

  it('tops up with a voucher: the balance moves, one ledger row, the ledger sums to it', async () => {
    const app = await insertAppPrepay(db(), T, 'PTOP1');
    const attachId = await voucher();
    const res = await post(`${APP_PREPAY}/addRecord`, {
      appId: app.appId,
      amount: '100.25',
      attachId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res)).toEqual({ appId: app.appId, balance: 100.25 });
    expect(await balanceOf(app.appId)).toBe(10025);
    const rows = await ledger(app.appId);
    expect(
      rows.map((r) => [r.changeType, Number(r.amount), Number(r.balanceAfter), r.reason]),
    ).toEqual([['topup', 10025, 10025, '预存充值']]);
    expect([rows[0]!.attachId, rows[0]!.fileName]).toEqual([attachId, '凭证.pdf']);
    expect(await prepayMismatches(db(), T)).toEqual([]);
    // by the row's id too, with a reason of its own
    await post(`${APP_PREPAY}/addRecord`, {
      id: app.id,
      amount: 0.75,
      reason: '季度充值',
      attachId,
    });
    expect(await rowOf(app.id)).toMatchObject({
      appName: '应用PTOP1',
      clientName: '接入方PTOP1',
      balance: 101,
      available: 101,
      prepayType: 1,
      belowWarning: 0,
    });
    expect((await rowOf(app.id)).appKey).toMatch(/^ak/);
  });

  it('refuses a top-up without a voucher, with one of another kind, or a bad amount: nothing written', async () => {
    const app = await insertAppPrepay(db(), T, 'PTOP2');
    const none = await post(`${APP_PREPAY}/addRecord`, {
      appId: app.appId,
      amount: 0,
      reason: 'x'.repeat(201),
    });
    expect(none.statusCode).toBe(400);
    expect(fields(none)).toEqual({
      amount: '请输入大于0且不超过两位小数的金额',
      reason: '原因不能超过200个字符',
      attachId: '请上传充值凭证',
    });
    // the upload checks the type and the content; a stored file is checked again when used
    const txt = await upload(Buffer.from('hello'), 'a.txt');
    expect([txt.statusCode, msg(txt)]).toEqual([400, '只能上传 pdf/jpg/jpeg/png 格式的文件']);
    const attach = async (over: Record<string, unknown>) => {
      const id = nextId();
      await db()
        .insertInto('bladeAttach')
        .values({
          id,
          tenantId: T,
          kind: 'file',
          link: '',
          domain: '',
          name: `x/${id}`,
          originalName: 'x.pdf',
          extension: 'pdf',
          contentType: 'application/pdf',
          attachSize: 10,
          createUser: null,
          createDept: null,
          createTime: nowText(),
          updateUser: null,
          updateTime: null,
          status: 1,
          isDeleted: 0,
          ...over,
        } as never)
        .execute();
      return id;
    };
    const cases: [string, string][] = [
      [await attach({ extension: 'docx' }), 'attachId:凭证只能是pdf、jpg或png文件'],
      [await attach({ kind: 'avatar', extension: 'png' }), 'attachId:凭证只能是pdf、jpg或png文件'],
      [await attach({ attachSize: 11 * 1024 * 1024 }), 'attachId:凭证不能超过10MB'],
      [await attach({ tenantId: OTHER }), 'attachId:凭证文件不存在'],
      ['nope', 'attachId:凭证文件不存在'],
    ];
    for (const [attachId, refusal] of cases) {
      const res = await post(`${APP_PREPAY}/addRecord`, { appId: app.appId, amount: 1, attachId });
      expect([res.statusCode, msg(res)], attachId).toEqual([400, refusal]);
    }
    const attachId = await voucher();
    for (const amount of [-1, 1.234, 'ten', '', 10_000_000_000])
      expect(
        (await post(`${APP_PREPAY}/addRecord`, { appId: app.appId, amount, attachId })).statusCode,
        String(amount),
      ).toBe(400);
    expect(await balanceOf(app.appId)).toBe(0);
    expect(await ledger(app.appId)).toHaveLength(0);
  });

  it('answers the same Idempotency-Key once: one ledger row, the same answer', async () => {
    const app = await insertAppPrepay(db(), T, 'PIDEM');
    const attachId = await voucher();
    const body = { appId: app.appId, amount: 50, attachId };
    const first = await post(`${APP_PREPAY}/addRecord`, body, operator, 'k-prepay-1');
    const again = await post(`${APP_PREPAY}/addRecord`, body, operator, 'k-prepay-1');
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // concurrently too
    const racing = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(
          `${APP_PREPAY}/saveRecord`,
          { appId: app.appId, amount: -10, reason: '对账' },
          operator,
          'k-prepay-2',
        ),
      ),
    );
    expect(new Set(racing.map((r) => r.body)).size).toBe(1);
    expect((await ledger(app.appId)).map((r) => Number(r.amount))).toEqual([5000, -1000]);
    expect(await balanceOf(app.appId)).toBe(4000);
  });

  it('adjusts either way with a reason; a debit past the credit line is refused, nothing written', async () => {
    const app = await insertAppPrepay(db(), T, 'PADJ', { prepayType: 2, creditLimit: 5000 });
    const missing = await post(`${APP_PREPAY}/saveRecord`, { appId: app.appId, amount: 0 });
    expect(fields(missing)).toEqual({
      amount: '请输入不为0且不超过两位小数的金额',
      reason: '请输入调整原因',
    });
    const add = await post(`${APP_PREPAY}/saveRecord`, {
      appId: app.appId,
      amount: 20,
      reason: '补差',
    });
    expect(data(add)).toEqual({ appId: app.appId, balance: 20 });
    // down to exactly -creditLimit is allowed
    const toFloor = await post(`${APP_PREPAY}/saveRecord`, {
      appId: app.appId,
      amount: '-70',
      reason: '扣',
    });
    expect(data<{ balance: number }>(toFloor).balance).toBe(-50);
    const past = await post(`${APP_PREPAY}/saveRecord`, {
      appId: app.appId,
      amount: -0.01,
      reason: '扣',
    });
    expect([past.statusCode, msg(past)]).toEqual([
      400,
      '预存余额不足：当前余额-50.00元，授信额度50.00元，本次扣减0.01元',
    ]);
    expect(await balanceOf(app.appId)).toBe(-5000);
    expect((await ledger(app.appId)).map((r) => [r.changeType, Number(r.amount)])).toEqual([
      ['adjust', 2000],
      ['adjust', -7000],
    ]);
    expect(await prepayMismatches(db(), T)).toEqual([]);
    expect(await rowOf(app.id)).toMatchObject({ balance: -50, creditLimit: 50, available: 0 });
  });

  it('changes the prepay type by its rules', async () => {
    const app = await insertAppPrepay(db(), T, 'PTYPE');
    const type = (body: object) => post(`${APP_PREPAY}/updatePrepayType`, { id: app.id, ...body });
    expect(fields(await type({ prepayType: 3 }))).toEqual({ prepayType: '请选择预存类型' });
    for (const creditLimit of [undefined, 0, -5, 'x'])
      expect(fields(await type({ prepayType: 2, creditLimit })), String(creditLimit)).toEqual({
        creditLimit: '授信类型须设置大于0的授信额度',
      });
    expect(data<AppPrepay>(await type({ prepayType: 2, creditLimit: 100 }))).toMatchObject({
      prepayType: 2,
      creditLimit: 100,
      available: 100,
    });
    await post(`${APP_PREPAY}/saveRecord`, { appId: app.appId, amount: -80, reason: '用掉' });
    // below the new floor: 409, nothing changed
    const lower = await type({ prepayType: 2, creditLimit: 79.99 });
    expect([lower.statusCode, msg(lower)]).toEqual([
      409,
      '当前余额已低于新授信额度允许的下限，不能修改',
    ]);
    const prepaid = await type({ prepayType: 1, creditLimit: 100 });
    expect(prepaid.statusCode).toBe(409);
    expect(await rowOf(app.id)).toMatchObject({ prepayType: 2, creditLimit: 100 });
    expect(data<AppPrepay>(await type({ prepayType: 2, creditLimit: 80 })).creditLimit).toBe(80);
    await post(`${APP_PREPAY}/saveRecord`, { appId: app.appId, amount: 80, reason: '还' });
    // prepaid forces the credit line to 0, whatever was sent
    expect(data<AppPrepay>(await type({ prepayType: 1, creditLimit: 500 }))).toMatchObject({
      prepayType: 1,
      creditLimit: 0,
    });
    expect((await type({ prepayType: 1 })).statusCode).toBe(200);
    expect(
      (await post(`${APP_PREPAY}/updatePrepayType`, { id: 'nope', prepayType: 1 })).statusCode,
    ).toBe(404);
  });

  it('sets and clears the warning; the list, the flag and the warnings follow', async () => {
    const low = await insertAppPrepay(db(), T, 'PWARN1');
    const lower = await insertAppPrepay(db(), T, 'PWARN2');
    const fine = await insertAppPrepay(db(), T, 'PWARN3');
    const warn = (id: string, warningAmount: unknown) =>
      post(`${APP_PREPAY}/updateWarning`, { id, warningAmount });
    expect(fields(await post(`${APP_PREPAY}/updateWarning`, { id: low.id }))).toEqual({
      warningAmount: '请输入预警金额',
    });
    expect(fields(await warn(low.id, -1))).toEqual({
      warningAmount: '请输入不超过两位小数的非负金额',
    });
    const before = data<PrepayWarnings>(await get(APP_PREPAY_WARNINGS, { size: '50' }));
    expect(data<AppPrepay>(await warn(low.id, 10))).toMatchObject({
      warningAmount: 10,
      belowWarning: 1,
    });
    await warn(lower.id, 30);
    await warn(fine.id, 0);
    const flag = async (appId: string) =>
      (
        await db()
          .selectFrom('bladePsclientAppPrepay')
          .select('warned')
          .where('appId', '=', appId)
          .executeTakeFirstOrThrow()
      ).warned;
    expect([await flag(low.appId), await flag(lower.appId), await flag(fine.appId)]).toEqual([
      1, 1, 0,
    ]);

    const warnings = data<PrepayWarnings>(await get(APP_PREPAY_WARNINGS, { size: '50' }));
    expect(warnings.total).toBe(before.total + 2);
    const mine = warnings.records.filter((w) => w.appName.startsWith('应用PWARN'));
    expect(mine.map((w) => [w.appName, w.balance, w.warningAmount])).toEqual([
      ['应用PWARN2', 0, 30],
      ['应用PWARN1', 0, 10],
    ]);
    expect(
      data<PrepayWarnings>(await get(APP_PREPAY_WARNINGS, { size: '1' })).records,
    ).toHaveLength(1);
    const below = data<{ records: AppPrepay[] }>(
      await get(`${APP_PREPAY}/list`, { belowWarning: '1', size: '100' }),
    ).records;
    expect(below.every((r) => r.belowWarning === 1)).toBe(true);
    expect(below.map((r) => r.appId)).toEqual(expect.arrayContaining([low.appId, lower.appId]));
    const normal = data<{ records: AppPrepay[] }>(
      await get(`${APP_PREPAY}/list`, { belowWarning: '0', size: '100' }),
    ).records;
    expect(normal.map((r) => r.appId)).toContain(fine.appId);
    expect(normal.every((r) => r.belowWarning === 0)).toBe(true);

    // a top-up above the amount clears the flag and the warning; clearing the amount too
    const attachId = await voucher();
    await post(`${APP_PREPAY}/addRecord`, { appId: low.appId, amount: 10, attachId });
    expect(await flag(low.appId)).toBe(0);
    expect(data<AppPrepay>(await warn(lower.id, null))).toMatchObject({
      warningAmount: null,
      belowWarning: 0,
    });
    expect(await flag(lower.appId)).toBe(0);
    expect(data<PrepayWarnings>(await get(APP_PREPAY_WARNINGS, { size: '50' })).total).toBe(
      before.total,
    );
  });

  it('answers an app and an access party their prepay', async () => {
    const first = await insertAppPrepay(db(), T, 'PSUM', { prepayType: 2, creditLimit: 1000 });
    const second = await insertAppPrepay(db(), T, 'PSUM2', {}, first.clientId);
    const attachId = await voucher();
    await post(`${APP_PREPAY}/addRecord`, { appId: first.appId, amount: 5, attachId });
    await post(`${APP_PREPAY}/addRecord`, { appId: second.appId, amount: 7.5, attachId });
    const current = data<AppPrepay>(
      await get(`${APP_PREPAY}/getCurrentPrepay`, { appId: second.appId }),
    );
    expect(current).toMatchObject({ id: second.id, balance: 7.5 });
    const party = data<ClientPrepay>(
      await get(`${PSCLIENT_PREPAY}/get`, { clientId: first.clientId }),
    );
    expect(party).toMatchObject({
      clientName: '接入方PSUM',
      balance: 12.5,
      creditLimit: 10,
      available: 22.5,
    });
    expect(party.apps.map((a) => a.appId).sort()).toEqual([first.appId, second.appId].sort());
  });

  it('keeps balance and ledger equal under 20 concurrent top-ups', async () => {
    const app = await insertAppPrepay(db(), T, 'PCONC');
    const attachId = await voucher();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          `${APP_PREPAY}/addRecord`,
          { appId: app.appId, amount: 1.01, attachId },
          operator,
          `c-${i}`,
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await balanceOf(app.appId)).toBe(2020);
    const rows = await ledger(app.appId);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => Number(r.balanceAfter))).size).toBe(20);
    expect(await prepayMismatches(db(), T)).toEqual([]);
  });

  it('binds every call to the tenant and its button', async () => {
    const app = await insertAppPrepay(db(), T, 'PPERM');
    const theirs = await insertAppPrepay(db(), OTHER, 'PPERM');
    const attachId = await voucher();
    const calls = (a: PrepayFixture) => ({
      get: (token: string) => get(`${APP_PREPAY}/get`, { id: a.id }, token),
      current: (token: string) => get(`${APP_PREPAY}/getCurrentPrepay`, { appId: a.appId }, token),
      party: (token: string) => get(`${PSCLIENT_PREPAY}/get`, { clientId: a.clientId }, token),
      add: (token: string) =>
        post(`${APP_PREPAY}/addRecord`, { appId: a.appId, amount: 1, attachId }, token),
      adjust: (token: string) =>
        post(`${APP_PREPAY}/saveRecord`, { appId: a.appId, amount: 1, reason: 'x' }, token),
      warn: (token: string) =>
        post(`${APP_PREPAY}/updateWarning`, { id: a.id, warningAmount: 1 }, token),
      type: (token: string) =>
        post(`${APP_PREPAY}/updatePrepayType`, { id: a.id, prepayType: 1 }, token),
      export: (token: string) => post(`${APP_PREPAY}/export`, {}, token),
      warnings: (token: string) => get(APP_PREPAY_WARNINGS, {}, token),
      upload: (token: string) => upload(PDF, 'v.pdf', token),
    });
    const mine = calls(app);
    // without any of the screens' codes: 403 everywhere
    for (const [name, call] of Object.entries(mine))
      expect((await call(finance)).statusCode, name).toBe(403);
    expect((await get(`${APP_PREPAY}/list`, {}, finance)).statusCode).toBe(403);
    // another tenant's ids: 404, and its lists do not show ours
    for (const name of ['get', 'current', 'party', 'add', 'adjust', 'warn', 'type'] as const)
      expect((await mine[name](other)).statusCode, name).toBe(404);
    const theirList = data<{ records: AppPrepay[] }>(
      await get(`${APP_PREPAY}/list`, { size: '500' }, other),
    );
    expect(theirList.records.map((r) => r.appId)).toEqual([theirs.appId]);
    // their own voucher tops up their own app; ours is not theirs to use
    expect((await calls(theirs).add(other)).statusCode).toBe(400);
    const theirVoucher = data<{ attachId: string }>(await upload(PDF, 'v.pdf', other)).attachId;
    const topUp = { appId: theirs.appId, amount: 1, attachId: theirVoucher };
    expect(data(await post(`${APP_PREPAY}/addRecord`, topUp, other))).toMatchObject({ balance: 1 });
    // the view buttons read; the money and settings buttons are their own
    await grantSupply(['access_manage', 'app_prepay', 'app_prepay_view']);
    for (const name of ['get', 'current'] as const)
      expect((await mine[name](supply)).statusCode, name).toBe(200);
    expect((await get(`${APP_PREPAY}/list`, {}, supply)).statusCode).toBe(200);
    expect((await mine.warnings(supply)).statusCode).toBe(200);
    for (const name of ['add', 'adjust', 'warn', 'type', 'export', 'upload'] as const)
      expect((await mine[name](supply)).statusCode, name).toBe(403);
    expect(await balanceOf(app.appId)).toBe(0);
    expect((await mine.export(operator)).statusCode).toBe(200);
  });

  it('exports the accounts with their derived columns and labels', async () => {
    const app = await insertAppPrepay(db(), T, 'PEXP', {
      prepayType: 2,
      creditLimit: 2000,
      warningAmount: 5000,
    });
    await post(`${APP_PREPAY}/addRecord`, {
      appId: app.appId,
      amount: 12.3,
      attachId: await voucher(),
    });
    const rows = await exportSheet(t, {
      path: `/api/${APP_PREPAY}/export`,
      token: operator,
      body: { appId: app.appId },
    });
    expect(rows).toEqual([
      [
        '应用名称',
        'AppKey',
        '接入方名称',
        '余额',
        '授信额度',
        '可用额度',
        '预警金额',
        '预存类型',
        '预警状态',
      ],
      [
        '应用PEXP',
        expect.stringMatching(/^ak/),
        '接入方PEXP',
        12.3,
        20,
        32.3,
        50,
        '授信',
        '低于预警',
      ],
    ]);
  });
});
