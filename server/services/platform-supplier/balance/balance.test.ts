import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUP_BALANCE,
  SUP_BALANCE_RECORD,
  SUP_FILE_SIGN,
} from '../../../../src/contracts/platform-supplier/sup-balance.js';
import {
  SUP_GOOD_BALANCE,
  SUP_GOOD_BALANCE_RECORD,
} from '../../../../src/contracts/platform-supplier/sup-good-balance.js';
import { ALL_BALANCE_RECORD } from '../../../../src/contracts/platform-supplier/all-balance-record.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { exportSheet } from '../../../test/export-sheet.js';
import { insertBalance, insertGood, insertSupplier } from '../test-fixtures.js';
import { ledgerMismatches } from './ledger.js';
import { orderMismatches } from '../order/invariants.js';

const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;
const api = (service: string, call: string) => `/api/${service}/${call}`;

interface Page<T> {
  records: T[];
  total: number;
}

function multipart(content: Buffer, filename: string) {
  const boundary = `----quota${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(head, 'utf8'),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

describe('supplier quotas and balances (issue 18 item 4)', () => {
  let t: TestApp;
  let supply: string; // supplier_manager of tenant 000000: every quota button
  let sales: string; // tenant 100001 without supplier buttons
  let other: string; // administrator of tenant 100001
  const T = '000000';

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    supply = await t.login('supply', DEMO_PASSWORD);
    sales = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    other = await t.tenantAdminToken();
  }, 60_000);
  afterAll(() => t.close());

  const post = (service: string, call: string, body: unknown, token = supply, key?: string) =>
    t.inject({
      method: 'POST',
      url: api(service, call),
      headers: { 'blade-auth': `bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as object,
    });

  const balanceOf = async (supId: string) =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('bladeSupBalanceTotal')
          .select('balance')
          .where('supId', '=', supId)
          .executeTakeFirstOrThrow()
      ).balance,
    );
  const ledgerRows = (supId: string) =>
    t.app.ctx.db
      .selectFrom('bladeSupBalanceRecord')
      .selectAll()
      .where('supId', '=', supId)
      .orderBy('createTime')
      .execute();

  /** A supplier settled afterwards: its balance is a credit line (授信) that may be overdrawn. */
  const postpaidSupplier = async (code: string) => {
    const supId = await insertSupplier(t.app.ctx.db, T, code);
    await t.app.ctx.db
      .updateTable('bladeSup')
      .set({ settlementType: 2 })
      .where('id', '=', supId)
      .execute();
    return supId;
  };

  it('init creates the balance once, with an init ledger row of the opening amount', async () => {
    const supId = await postpaidSupplier('QINIT1');
    const res = await post(SUP_BALANCE, 'init', {
      supId,
      balance: 100.5,
      overdraftLimit: '20',
      balanceType: 2,
      warningAmount: 50,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = data<{
      id: string;
      balance: number;
      overdraftLimit: number;
      balanceTypeName: string;
    }>(res);
    expect(row).toMatchObject({ balance: 100.5, overdraftLimit: 20, balanceTypeName: '授信' });
    expect(await balanceOf(supId)).toBe(10050);
    const rows = await ledgerRows(supId);
    expect(rows.map((r) => [r.changeType, Number(r.amount), Number(r.balanceAfter)])).toEqual([
      ['init', 10050, 10050],
    ]);

    const again = await post(SUP_BALANCE, 'init', { supId, balance: 1, balanceType: 2 });
    expect(again.statusCode).toBe(409);
    expect(msg(again)).toBe('供应商「供应商QINIT1」的余额已初始化，不能重复初始化');
    expect(await ledgerRows(supId)).toHaveLength(1);

    // list: filters by code and type, the detail by id
    const list = data<Page<{ id: string; supCode: string; belowWarning: number }>>(
      await t.get(api(SUP_BALANCE, 'list'), supply, { supCode: 'QINIT1', balanceType: '2' }),
    );
    expect(list.records.map((r) => r.supCode)).toEqual(['QINIT1']);
    expect(list.records[0]!.belowWarning).toBe(0);
    const none = data<Page<unknown>>(
      await t.get(api(SUP_BALANCE, 'list'), supply, { supCode: 'QINIT1', balanceType: '1' }),
    );
    expect(none.total).toBe(0);
    expect((await t.get(api(SUP_BALANCE, 'get'), supply, { id: row.id })).statusCode).toBe(200);
    // another tenant: 404 on its id; without the buttons: 403
    expect((await t.get(api(SUP_BALANCE, 'get'), other, { id: row.id })).statusCode).toBe(404);
    expect((await t.get(api(SUP_BALANCE, 'list'), sales)).statusCode).toBe(403);
    const theirs = await insertSupplier(t.app.ctx.db, '100001', 'QINIT2');
    expect(
      (await post(SUP_BALANCE, 'init', { supId: theirs, balance: 1, balanceType: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await post(SUP_BALANCE, 'init', { supId: theirs, balance: 1, balanceType: 1 }, sales))
        .statusCode,
    ).toBe(403);
  });

  it('answers every refused field of init and new-record at once (issue 25 item 2)', async () => {
    const supId = await insertSupplier(t.app.ctx.db, T, 'QFIELDS');
    const init = await post(SUP_BALANCE, 'init', {
      supId,
      balance: 'abc',
      overdraftLimit: -1,
      balanceType: 3,
    });
    expect(init.statusCode).toBe(400);
    expect(init.json()).toMatchObject({
      msg: 'balance:请输入不超过两位小数的非负金额',
      data: {
        fields: {
          balance: '请输入不超过两位小数的非负金额',
          overdraftLimit: '请输入不超过两位小数的非负金额',
          balanceType: '请选择余额类型',
        },
      },
    });
    const record = await post(SUP_BALANCE_RECORD, 'new-record', { supId, type: 'x', amount: 0 });
    expect(record.statusCode).toBe(400);
    expect((record.json() as { data: { fields: Record<string, string> } }).data.fields).toEqual({
      type: '请选择调整类型',
      amount: '请输入大于0且不超过两位小数的金额',
      reason: '请输入调整原因',
    });
  });

  it('refuses bad amounts with 400 and writes nothing', async () => {
    const supId = await insertSupplier(t.app.ctx.db, T, 'QBAD1');
    for (const balance of [1.234, -1, 'abc', '1e3', ''])
      expect(
        (await post(SUP_BALANCE, 'init', { supId, balance, balanceType: 1 })).statusCode,
        String(balance),
      ).toBe(400);
    expect(
      (await post(SUP_BALANCE, 'init', { supId, balance: 1, balanceType: 3 })).statusCode,
    ).toBe(400);
    await insertBalance(t.app.ctx.db, T, supId, 1000);
    for (const amount of [0.001, -5, 'ten', 0, ''])
      expect(
        (await post(SUP_BALANCE_RECORD, 'new-record', { supId, type: 'add', amount, reason: 'x' }))
          .statusCode,
        String(amount),
      ).toBe(400);
    const noReason = await post(SUP_BALANCE_RECORD, 'new-record', {
      supId,
      type: 'add',
      amount: 1,
      reason: ' ',
    });
    expect(msg(noReason)).toBe('reason:请输入调整原因');
    const long = await post(SUP_BALANCE_RECORD, 'new-record', {
      supId,
      type: 'add',
      amount: 1,
      reason: '长'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    expect(
      (
        await post(SUP_BALANCE_RECORD, 'new-record', {
          supId,
          type: 'take',
          amount: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect(await ledgerRows(supId)).toHaveLength(1);
    expect(await balanceOf(supId)).toBe(1000);
  });

  it('new-record adds and deducts; a deduction past the overdraft limit is refused with nothing written', async () => {
    const supId = await insertSupplier(t.app.ctx.db, T, 'QREC1');
    await insertBalance(t.app.ctx.db, T, supId, 10_000, 2_000);
    const add = await post(SUP_BALANCE_RECORD, 'new-record', {
      supId,
      type: 'add',
      amount: '0.29',
      reason: '补充',
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(data<{ balance: number }>(add).balance).toBe(100.29);
    const deduct = await post(SUP_BALANCE_RECORD, 'new-record', {
      supId,
      type: 'deduct',
      amount: 120.29,
      reason: '扣减',
    });
    expect(data<{ balance: number }>(deduct).balance).toBe(-20);
    const past = await post(SUP_BALANCE_RECORD, 'new-record', {
      supId,
      type: 'deduct',
      amount: 0.01,
      reason: '超限',
    });
    expect(past.statusCode).toBe(400);
    expect(msg(past)).toBe('余额不足：当前余额-20.00元，透支额度20.00元，本次扣减0.01元');
    expect(await balanceOf(supId)).toBe(-2000);
    expect((await ledgerRows(supId)).map((r) => Number(r.amount))).toEqual([10_000, 29, -12_029]);
    // not initialised: 400; another tenant's supplier: 404; no adjust button: 403
    const bare = await insertSupplier(t.app.ctx.db, T, 'QREC2');
    const res = await post(SUP_BALANCE_RECORD, 'new-record', {
      supId: bare,
      type: 'add',
      amount: 1,
      reason: 'x',
    });
    expect(msg(res)).toBe('供应商余额未初始化，请先初始化余额');
    const theirs = await insertSupplier(t.app.ctx.db, '100001', 'QREC3');
    expect(
      (
        await post(SUP_BALANCE_RECORD, 'new-record', {
          supId: theirs,
          type: 'add',
          amount: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          SUP_BALANCE_RECORD,
          'new-record',
          { supId, type: 'add', amount: 1, reason: 'x' },
          sales,
        )
      ).statusCode,
    ).toBe(403);
    expect(await ledgerMismatches(t.app.ctx.db, T)).toEqual([]);
    expect(await orderMismatches(t.app.ctx.db, T)).toEqual([]);
  });

  it('set-warning sets the warning amount (params) and the overdraft limit, never below what is owed; rows below are flagged', async () => {
    const supId = await postpaidSupplier('QWARN1');
    const init = data<{ id: string }>(
      await post(SUP_BALANCE, 'init', { supId, balance: 10, overdraftLimit: 5, balanceType: 2 }),
    );
    await post(SUP_BALANCE_RECORD, 'new-record', {
      supId,
      type: 'deduct',
      amount: 13,
      reason: 'x',
    });
    const set = await t.post(api(SUP_BALANCE, 'set-warning'), supply, undefined, {
      id: init.id,
      warningAmount: '50',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(data<{ warningAmount: number; belowWarning: number }>(set)).toMatchObject({
      warningAmount: 50,
      belowWarning: 1,
    });
    const tooLow = await t.post(api(SUP_BALANCE, 'set-warning'), supply, undefined, {
      id: init.id,
      warningAmount: '50',
      overdraftLimit: '2',
    });
    expect(tooLow.statusCode).toBe(400);
    expect(msg(tooLow)).toBe('overdraftLimit:透支额度不能小于当前已透支的金额');
    const ok = await t.post(api(SUP_BALANCE, 'set-warning'), supply, undefined, {
      id: init.id,
      overdraftLimit: '3',
    });
    expect(data<{ overdraftLimit: number }>(ok).overdraftLimit).toBe(3);
    expect(
      (
        await t.post(api(SUP_BALANCE, 'set-warning'), other, undefined, {
          id: init.id,
          warningAmount: '1',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.post(api(SUP_BALANCE, 'set-warning'), sales, undefined, {
          id: init.id,
          warningAmount: '1',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.post(api(SUP_BALANCE, 'set-warning'), supply, undefined, {
          id: 'nope',
          warningAmount: '1',
        })
      ).statusCode,
    ).toBe(404);
    const flagged = data<Page<{ supCode: string; belowWarning: number }>>(
      await t.get(api(SUP_BALANCE, 'list'), supply, { supCode: 'QWARN1' }),
    );
    expect(flagged.records[0]!.belowWarning).toBe(1);
  });

  it('10 concurrent deductions over HTTP totalling more than balance + overdraft never pass the limit', async () => {
    const supId = await insertSupplier(t.app.ctx.db, T, 'QCONC1');
    await insertBalance(t.app.ctx.db, T, supId, 10_000, 2_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(SUP_BALANCE_RECORD, 'new-record', {
          supId,
          type: 'deduct',
          amount: 15,
          reason: `并发${i}`,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 400, 400]);
    expect(await balanceOf(supId)).toBe(-2000);
    const rows = await ledgerRows(supId);
    expect(rows.filter((r) => r.changeType === 'deduct')).toHaveLength(8);
    expect(Math.min(...rows.map((r) => Number(r.balanceAfter)))).toBe(-2000);
    expect(await ledgerMismatches(t.app.ctx.db, T)).toEqual([]);
    expect(await orderMismatches(t.app.ctx.db, T)).toEqual([]);
  });

  it('the same Idempotency-Key twice at once gives one ledger row and two identical answers', async () => {
    const supId = await insertSupplier(t.app.ctx.db, T, 'QIDEM1');
    await insertBalance(t.app.ctx.db, T, supId, 5_000);
    const body = { supId, type: 'deduct', amount: 12.34, reason: '幂等' };
    const [a, b] = await Promise.all([
      post(SUP_BALANCE_RECORD, 'new-record', body, supply, 'quota-key-1'),
      post(SUP_BALANCE_RECORD, 'new-record', body, supply, 'quota-key-1'),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(data<{ balance: number }>(a).balance).toBe(37.66);
    expect((await ledgerRows(supId)).filter((r) => r.changeType === 'deduct')).toHaveLength(1);
    expect(await balanceOf(supId)).toBe(3_766);
  });

  it("goods: no quota row means the supplier's balance; switching to 2 creates the quota at 0; adjust, warn and list", async () => {
    const db = t.app.ctx.db;
    const supId = await insertSupplier(db, T, 'QGOOD1');
    const goodId = await insertGood(db, T, supId, 'QG-1');
    const before = data<{ balanceType: number; balanceTypeName: string; balance: number | string }>(
      await t.get(api(SUP_GOOD_BALANCE, 'get'), supply, { id: goodId }),
    );
    expect(before).toMatchObject({ balanceType: 1, balanceTypeName: '扣供应商余额' });
    const noQuota = await post(SUP_GOOD_BALANCE_RECORD, 'new-record', {
      goodId,
      type: 'add',
      amount: 1,
      reason: 'x',
    });
    expect(msg(noQuota)).toBe('商品额度未设置，请先设置商品额度');
    const set = await t.post(api(SUP_GOOD_BALANCE, 'set-balance-type'), supply, {
      goodId,
      balanceType: 2,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(data<{ balanceType: number; balance: number }>(set)).toMatchObject({
      balanceType: 2,
      balance: 0,
    });
    const add = await post(SUP_GOOD_BALANCE, 'new-record', {
      goodId,
      type: 'add',
      amount: 80,
      reason: '额度',
    });
    expect(data<{ balance: number }>(add).balance).toBe(80);
    const deduct = await post(SUP_GOOD_BALANCE_RECORD, 'new-record', {
      goodId,
      type: 'deduct',
      amount: 80.01,
      reason: 'x',
    });
    expect(deduct.statusCode).toBe(400);
    const warn = await t.post(api(SUP_GOOD_BALANCE, 'set-warning'), supply, undefined, {
      id: goodId,
      warningAmount: '100',
    });
    expect(data<{ belowWarning: number }>(warn).belowWarning).toBe(1);
    const typed = data<Page<{ goodCode: string; balanceType: number }>>(
      await t.get(api(SUP_GOOD_BALANCE, 'list'), supply, { supId, balanceType: '2' }),
    );
    expect(typed.records.map((r) => r.goodCode)).toEqual(['QG-1']);
    const second = await insertGood(db, T, supId, 'QG-2');
    const ones = data<Page<{ id: string }>>(
      await t.get(api(SUP_GOOD_BALANCE, 'list'), supply, { supId, balanceType: '1' }),
    );
    expect(ones.records.map((r) => r.id)).toEqual([second]);
    // back to 1 keeps the quota row; orders then charge the supplier
    await t.post(api(SUP_GOOD_BALANCE, 'set-balance-type'), supply, { goodId, balanceType: 1 });
    expect(
      data<{ balance: number; balanceType: number }>(
        await t.get(api(SUP_GOOD_BALANCE, 'get'), supply, { id: goodId }),
      ),
    ).toMatchObject({ balance: 80, balanceType: 1 });
    // other tenant 404, no button 403
    expect((await t.get(api(SUP_GOOD_BALANCE, 'get'), other, { id: goodId })).statusCode).toBe(404);
    expect(
      (await t.post(api(SUP_GOOD_BALANCE, 'set-balance-type'), sales, { goodId, balanceType: 2 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.post(api(SUP_GOOD_BALANCE, 'set-balance-type'), supply, { goodId, balanceType: 5 }))
        .statusCode,
    ).toBe(400);
    expect(await ledgerMismatches(db, T)).toEqual([]);
    expect(await orderMismatches(db, T)).toEqual([]);
  });

  it('attachments: file-sign checks type and size; the record keeps it; get-file hands out a short-lived ticket', async () => {
    const supId = await insertSupplier(t.app.ctx.db, T, 'QFILE1');
    await insertBalance(t.app.ctx.db, T, supId, 1_000);
    const upload = (content: Buffer, name: string, token = supply) => {
      const body = multipart(content, name);
      return t.inject({
        method: 'POST',
        url: `/api/${SUP_FILE_SIGN}`,
        payload: body.payload,
        headers: { ...body.headers, 'blade-auth': `bearer ${token}` },
      });
    };
    const txt = await upload(Buffer.from('hello'), 'a.txt');
    expect(txt.statusCode, txt.body).toBe(400);
    const fake = await upload(Buffer.from('not a pdf'), 'a.pdf');
    expect(fake.statusCode).toBe(400);
    const big = await upload(Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'big.pdf');
    expect(big.statusCode).toBe(413);
    expect((await upload(PDF, 'v.pdf', sales)).statusCode).toBe(403);
    const good = await upload(PDF, '凭证.pdf');
    expect(good.statusCode, good.body).toBe(200);
    const { attachId, fileName } = data<{ attachId: string; fileName: string }>(good);
    expect(fileName).toBe('凭证.pdf');
    const rec = await post(SUP_BALANCE_RECORD, 'new-record', {
      supId,
      type: 'add',
      amount: 1,
      reason: '附件',
      attachId,
    });
    expect(rec.statusCode, rec.body).toBe(200);
    const bad = await post(SUP_BALANCE_RECORD, 'new-record', {
      supId,
      type: 'add',
      amount: 1,
      reason: 'x',
      attachId: '123',
    });
    expect(msg(bad)).toBe('attachId:附件不存在');

    const list = data<Page<{ id: string; hasFile: number; fileName: string }>>(
      await t.get(api(ALL_BALANCE_RECORD, 'list'), supply, { supId }),
    );
    const withFile = list.records.find((r) => r.hasFile === 1)!;
    expect(withFile.fileName).toBe('凭证.pdf');
    const answer = await t.get(api(ALL_BALANCE_RECORD, 'get-file'), supply, { id: withFile.id });
    expect(answer.statusCode, answer.body).toBe(200);
    const { url, ticket } = data<{ url: string; ticket: string }>(answer);
    expect(url).not.toContain(supply);
    const file = await t.get(`/api/${url}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toContain('attachment');
    // once only; a forged ticket is refused; an unused one times out after 60 s
    expect((await t.get(`/api/${url}`)).statusCode).toBe(410);
    const forged = await t.get(`/api/${ALL_BALANCE_RECORD}/file`, undefined, {
      ticket: `${ticket.slice(0, -1)}${ticket.endsWith('A') ? 'B' : 'A'}`,
    });
    expect(forged.statusCode).toBe(403);
    const late = data<{ url: string }>(
      await t.get(api(ALL_BALANCE_RECORD, 'get-file'), supply, { id: withFile.id }),
    );
    t.advance(61);
    expect((await t.get(`/api/${late.url}`)).statusCode).toBe(410);
    const noFile = list.records.find((r) => r.hasFile === 0)!;
    expect(
      (await t.get(api(ALL_BALANCE_RECORD, 'get-file'), supply, { id: noFile.id })).statusCode,
    ).toBe(404);
    expect(
      (await t.get(api(ALL_BALANCE_RECORD, 'get-file'), other, { id: withFile.id })).statusCode,
    ).toBe(404);
  });

  it('all-balance-record lists both ledgers newest first, filters, refuses ranges over 31 days and exports', async () => {
    const db = t.app.ctx.db;
    const supId = await insertSupplier(db, T, 'QFLOW1');
    await insertBalance(db, T, supId, 1_000);
    const goodId = await insertGood(db, T, supId, 'QF-1');
    await t.post(api(SUP_GOOD_BALANCE, 'set-balance-type'), supply, { goodId, balanceType: 2 });
    await post(SUP_GOOD_BALANCE_RECORD, 'new-record', {
      goodId,
      type: 'add',
      amount: 5,
      reason: '商品',
    });
    await post(SUP_BALANCE_RECORD, 'new-record', {
      supId,
      type: 'deduct',
      amount: 2.5,
      reason: '供应商',
    });
    const all = data<
      Page<{
        goodName: string;
        changeType: string;
        changeTypeName: string;
        amount: number;
        createUserName: string;
      }>
    >(await t.get(api(ALL_BALANCE_RECORD, 'list'), supply, { supId }));
    expect(all.total).toBe(3);
    expect(all.records.map((r) => [r.changeType, r.amount, r.goodName])).toEqual([
      ['deduct', -2.5, ''],
      ['add', 5, '商品QF-1'],
      ['init', 10, ''],
    ]);
    expect(all.records[0]!.changeTypeName).toBe('扣减');
    // paging: the newest first, the total over both ledgers
    const second = data<Page<{ changeType: string }>>(
      await t.get(api(ALL_BALANCE_RECORD, 'list'), supply, { supId, size: '1', current: '2' }),
    );
    expect(second.total).toBe(3);
    expect(second.records.map((r) => r.changeType)).toEqual(['add']);
    expect(all.records[0]!.createUserName).not.toBe('');
    const goods = data<Page<unknown>>(
      await t.get(api(ALL_BALANCE_RECORD, 'list'), supply, { goodId }),
    );
    expect(goods.total).toBe(1);
    const adds = data<Page<unknown>>(
      await t.get(api(ALL_BALANCE_RECORD, 'list'), supply, { supId, changeType: 'add' }),
    );
    expect(adds.total).toBe(1);
    const long = await t.get(api(ALL_BALANCE_RECORD, 'list'), supply, {
      createTime_datege: '2026-01-01 00:00:00',
      createTime_datele: '2026-02-02 00:00:00',
    });
    expect(long.statusCode).toBe(400);
    expect(msg(long)).toBe('时间范围不能超过31天');
    expect((await t.get(api(ALL_BALANCE_RECORD, 'list'), other, { supId })).json()).toMatchObject({
      data: { total: 0 },
    });
    expect((await t.get(api(ALL_BALANCE_RECORD, 'list'), sales)).statusCode).toBe(403);
    // the export writes the list's rows in its order, signed yuan, in keyset batches (2 here)
    Object.assign(t.app.exportJobs, { batchSize: 2 });
    const sheetRows = await exportSheet(t, {
      path: api(ALL_BALANCE_RECORD, 'export'),
      token: supply,
      query: { supId },
    });
    expect(sheetRows[0]!.slice(0, 6)).toEqual([
      '变动时间',
      '供应商',
      '商品',
      '变动类型',
      '变动金额',
      '变动后余额',
    ]);
    expect(sheetRows.slice(1).map((r) => [r[2] ?? '', r[3], r[4], r[5]])).toEqual([
      ['', '扣减', -2.5, 7.5],
      ['商品QF-1', '增加', 5, 5],
      ['', '初始化', 10, 10],
    ]);
    const exp2 = await t.post(api(SUP_GOOD_BALANCE, 'excel/export/async'), supply, undefined, {
      excelType: 'sup-good-balance',
    });
    expect(exp2.statusCode, exp2.body).toBe(200);
    expect((await t.post(api(SUP_GOOD_BALANCE, 'export'), sales)).statusCode).toBe(403);
  });
});
