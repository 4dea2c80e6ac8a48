import { createHmac } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BATCH_SERVICE,
  CODE_SERVICE,
  RECOVERY_SERVICE,
  USED_SERVICE,
  type CodeFindHit,
  type CodeImportResult,
  type CodeTrace,
  type InvalidByListResult,
  type RenewStatusResult,
  type SupBatchCouponCode,
  type SupCouponCode,
  type SupCouponCodeRecovery,
  type SupCouponCodeUsed,
} from '../../../../src/contracts/platform-supplier/coupon-code.js';
import {
  EXCHANGE_SERVICE,
  type SupCouponCodeExchange,
} from '../../../../src/contracts/platform-supplier/code-exchange.js';
import { couponCodeLifecycle } from '../../../../machines/lifecycles/coupon-code-machine.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { zip } from '../../../test/zip.js';
import { sandboxCodeState } from '../driver/sandbox.js';
import { insertCodes, insertGood, insertSupplier } from '../test-fixtures.js';
import { codeDigest, maskCode } from './code-crypto.js';
import { forgetSweeps } from './common.js';

const CODES = `/api/${CODE_SERVICE}`;
const BATCHES = `/api/${BATCH_SERVICE}`;
const USED = `/api/${USED_SERVICE}`;
const RECOVERY = `/api/${RECOVERY_SERVICE}`;
const EXCHANGES = `/api/${EXCHANGE_SERVICE}`;
const TENANT = '000000';

interface Page<T> {
  records: T[];
  total: number;
}
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

async function workbook(
  rows: (string | number | Date)[][],
  headers = ['券码', '卡密', '有效期开始', '有效期结束'],
) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('券码');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** SBX + 16 digits codes the sandbox reports in `state`. */
function sandboxCodes(state: 'used' | 'unused', n: number, seed: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const code = `SBX${String(seed * 1_000_000 + i).padStart(16, '0')}`;
    if (sandboxCodeState(code).state === state) out.push(code);
  }
  return out;
}

describe('coupon codes (issue 18 item 2)', () => {
  let t: TestApp;
  let supply: string; // supplier_manager of tenant 000000
  let other: string; // administrator of tenant 100001
  let staff: string; // tenant 100001 without supplier buttons
  let supA: string;
  let supDown: string;
  let goodA: string;
  let goodB: string;
  let goodDown: string;
  let goodOther: string;
  let goodRecharge: string;

  const ctx = () => t.app.ctx;
  const db = () => t.app.ctx.db;

  function upload(token: string, file: Buffer, goodId: string, key?: string) {
    const form = new FormData();
    form.append('goodId', goodId);
    form.append('file', new Blob([new Uint8Array(file)]), '券码.xlsx');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return request.arrayBuffer().then((body) =>
      t.inject({
        method: 'POST',
        url: `${CODES}/import-batch-coupon`,
        headers: {
          'content-type': request.headers.get('content-type')!,
          'blade-auth': `bearer ${token}`,
          ...(key ? { 'idempotency-key': key } : {}),
        },
        payload: Buffer.from(body),
      }),
    );
  }

  /** Runs `work` while the supplier_manager role lacks `code`. */
  async function withoutGrant<T>(code: string, work: () => Promise<T>): Promise<T> {
    const role = await db()
      .selectFrom('bladeRole')
      .select('id')
      .where('tenantId', '=', TENANT)
      .where('roleAlias', '=', 'supplier_manager')
      .executeTakeFirstOrThrow();
    const menu = await db()
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const grants = await db()
      .selectFrom('bladeRoleMenu')
      .selectAll()
      .where('roleId', '=', role.id)
      .where('menuId', '=', menu.id)
      .execute();
    expect(grants.length).toBe(1);
    await db().deleteFrom('bladeRoleMenu').where('id', '=', grants[0]!.id).execute();
    try {
      return await work();
    } finally {
      await db().insertInto('bladeRoleMenu').values(grants).execute();
    }
  }

  const codeRow = (id: string) =>
    db()
      .selectFrom('bladeSupCouponCode')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const idsOf = async (batchId: string) =>
    (
      await db()
        .selectFrom('bladeSupCouponCode')
        .select(['id', 'state'])
        .where('batchId', '=', batchId)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
  const countCodes = async (goodId: string) =>
    Number(
      (
        await db()
          .selectFrom('bladeSupCouponCode')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('goodId', '=', goodId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp({ config: { supplierTimeoutMs: 2000 } });
    supply = await t.login('supply', DEMO_PASSWORD);
    other = await t.tenantAdminToken();
    staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    supA = await insertSupplier(db(), TENANT, 'CA');
    supDown = await insertSupplier(db(), TENANT, 'CDOWN', 'sandbox://?failureRate=1');
    goodA = await insertGood(db(), TENANT, supA, 'GA');
    goodB = await insertGood(db(), TENANT, supA, 'GB');
    goodDown = await insertGood(db(), TENANT, supDown, 'GD');
    goodRecharge = await insertGood(db(), TENANT, supA, 'GR', { goodType: 2 });
    const supOther = await insertSupplier(db(), DEMO_TENANT, 'CO');
    goodOther = await insertGood(db(), DEMO_TENANT, supOther, 'GO');
  });
  afterAll(() => t.close());

  it('lists batches with their counts per state, filtered, in the caller tenant only', async () => {
    const { batchId, codes } = await insertCodes(ctx(), TENANT, supA, goodB, 5, {
      prefix: 'LISTB',
    });
    const ids = await idsOf(batchId);
    await db()
      .updateTable('bladeSupCouponCode')
      .set({ state: 'used' })
      .where('id', 'in', ids.slice(0, 2))
      .execute();
    await db()
      .updateTable('bladeSupCouponCode')
      .set({ state: 'invalid' })
      .where('id', '=', ids[2]!)
      .execute();
    await insertCodes(ctx(), DEMO_TENANT, goodOther, goodOther, 3);
    const res = await t.get(`${BATCHES}/batch-list`, supply, { goodId: goodB });
    expect(res.statusCode, res.body).toBe(200);
    const page = data<Page<SupBatchCouponCode>>(res);
    const batch = page.records.find((b) => b.id === batchId)!;
    expect(batch).toMatchObject({
      goodName: '商品GB',
      supName: '供应商CA',
      totalCount: 5,
      unusedCount: 2,
      usedCount: 2,
      invalidCount: 1,
      issuedCount: 0,
      source: 'import',
      sourceName: '导入',
    });
    expect(page.records.every((b) => b.goodId === goodB)).toBe(true);
    const byNo = data<Page<SupBatchCouponCode>>(
      await t.get(`${BATCHES}/batch-list`, supply, { batchNo: batch.batchNo }),
    );
    expect(byNo.records.map((b) => b.id)).toEqual([batchId]);
    // Another tenant does not see it; without the screen: 403.
    const theirs = data<Page<SupBatchCouponCode>>(await t.get(`${BATCHES}/batch-list`, other));
    expect(theirs.records.some((b) => b.id === batchId)).toBe(false);
    expect((await t.get(`${BATCHES}/batch-list`, staff)).statusCode).toBe(403);
    expect(codes).toHaveLength(5);
  });

  it('answers a count for every code state, so the counts of every batch sum to its total (issue 25 item 5)', async () => {
    const states = Object.keys(couponCodeLifecycle.states);
    const { batchId } = await insertCodes(ctx(), TENANT, supA, goodA, states.length, {
      prefix: 'EVERYSTATE',
    });
    const ids = await idsOf(batchId);
    for (const [i, state] of states.entries())
      await db()
        .updateTable('bladeSupCouponCode')
        .set({ state })
        .where('id', '=', ids[i]!)
        .execute();
    const page = data<Page<SupBatchCouponCode>>(
      await t.get(`${BATCHES}/batch-list`, supply, { size: '500' }),
    );
    const counted = (b: SupBatchCouponCode): unknown[] =>
      states.map((state) => (b as unknown as Record<string, unknown>)[`${state}Count`]);
    const sum = (counts: unknown[]) =>
      counts.every((n) => typeof n === 'number')
        ? (counts as number[]).reduce((x, y) => x + y, 0)
        : Number.NaN;
    const mine = page.records.find((b) => b.id === batchId)!;
    expect(counted(mine)).toEqual(states.map(() => 1));
    expect(mine.totalCount).toBe(states.length);
    const unbalanced = page.records
      .map((b) => ({ batchNo: b.batchNo, total: b.totalCount, counts: counted(b) }))
      .filter((b) => sum(b.counts) !== b.total);
    expect(unbalanced).toEqual([]);
  });

  it('lists codes in full for the view button, masked without it; couponCode2 matches one exact code by ciphertext', async () => {
    const { batchId, codes } = await insertCodes(ctx(), TENANT, supA, goodA, 3, {
      prefix: 'VIEWCODE12',
    });
    const list = data<Page<SupCouponCode>>(await t.get(`${CODES}/list`, supply, { batchId }));
    expect(list.total).toBe(3);
    expect(list.records.map((r) => r.couponCode).sort()).toEqual([...codes].sort());
    expect(list.records[0]!.pin).toBe('');

    const exact = await t.get(`${CODES}/list`, supply, { couponCode2: t.encrypt(codes[1]!) });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(data<Page<SupCouponCode>>(exact).records.map((r) => r.couponCode)).toEqual([codes[1]]);
    // A part of a code matches nothing (exact, by digest).
    const part = data<Page<SupCouponCode>>(
      await t.get(`${CODES}/list`, supply, { couponCode2: t.encrypt(codes[1]!.slice(0, 8)) }),
    );
    expect(part.total).toBe(0);
    // A ciphertext that does not decrypt is a 400, not a 500.
    const bad = await t.get(`${CODES}/list`, supply, { couponCode2: 'not-a-ciphertext' });
    expect(bad.statusCode).toBe(400);
    expect(msg(bad)).toBe('券码参数无法解密');

    await withoutGrant('code_batch_view', async () => {
      const masked = data<Page<SupCouponCode>>(await t.get(`${CODES}/list`, supply, { batchId }));
      expect(masked.records.map((r) => r.couponCode).sort()).toEqual(codes.map(maskCode).sort());
      expect(masked.records[0]!.couponCode).toMatch(/^VIEW\*+000\d$/);
      const one = data<SupCouponCode>(
        await t.get(`${CODES}/query`, supply, { id: masked.records[0]!.id }),
      );
      expect(one.couponCode).toMatch(/^VIEW\*+000\d$/);
    });
    const one = data<SupCouponCode>(
      await t.get(`${CODES}/query`, supply, { id: list.records[0]!.id }),
    );
    expect(codes).toContain(one.couponCode);
    // Another tenant's code: 404; no screen: 403.
    expect((await t.get(`${CODES}/query`, other, { id: list.records[0]!.id })).statusCode).toBe(
      404,
    );
    expect((await t.get(`${CODES}/list`, staff)).statusCode).toBe(403);
  });

  it('answers the coupon-code goods of the tenant for the selects', async () => {
    const goods = data<{ id: string; goodName: string; supName: string }[]>(
      await t.get(`${CODES}/goods`, supply),
    );
    const ids = goods.map((g) => g.id);
    expect(ids).toContain(goodA);
    expect(ids).not.toContain(goodRecharge);
    expect(ids).not.toContain(goodOther);
    expect((await t.get(`${CODES}/goods`, staff)).statusCode).toBe(403);
  });

  it('downloads the xlsx template with its four columns', async () => {
    const res = await t.get(`${CODES}/export-template`, supply);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['券码', '卡密', '有效期开始', '有效期结束']);
  });

  it('imports a file into one batch of unused codes; the same key replays', async () => {
    const file = await workbook([
      ['FILE-0001', 'P1', '2026-01-01', '2099-12-31'],
      ['FILE-0002', '', '', ''],
    ]);
    const res = await upload(supply, file, goodA, 'import-ok');
    expect(res.statusCode, res.body).toBe(200);
    const answer = data<CodeImportResult>(res);
    expect(answer).toMatchObject({ status: 'success', created: 2, failed: 0 });
    const batch = await db()
      .selectFrom('bladeSupBatchCouponCode')
      .selectAll()
      .where('id', '=', answer.batchId!)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({
      source: 'import',
      totalCount: 2,
      fileName: '券码.xlsx',
      goodId: goodA,
    });
    const codes = data<Page<SupCouponCode>>(
      await t.get(`${CODES}/list`, supply, { batchId: answer.batchId! }),
    ).records;
    expect(codes.map((c) => [c.couponCode, c.pin, c.state, c.validEnd]).sort()).toEqual([
      ['FILE-0001', 'P1', 'unused', '2099-12-31 23:59:59'],
      ['FILE-0002', '', 'unused', null],
    ]);
    // Stored sealed: no plain code in the row.
    const stored = await codeRow(codes[0]!.id);
    expect(JSON.stringify(stored)).not.toContain('FILE-000');
    const again = await upload(supply, file, goodA, 'import-ok');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countCodes(goodA)).toBeGreaterThanOrEqual(2);
    expect(
      (
        await db()
          .selectFrom('bladeSupBatchCouponCode')
          .select('id')
          .where('importId', '=', answer.id)
          .execute()
      ).length,
    ).toBe(1);
  });

  it('writes nothing when any row is bad, and the result file names each bad row', async () => {
    await insertCodes(ctx(), TENANT, supA, goodA, 1, { plain: ['IN-STOCK-1'] });
    const before = await countCodes(goodA);
    const file = await workbook([
      ['GOOD-ROW-1', '', '', ''], // row 2: fine
      ['', 'PIN', '', ''], // row 3: empty code
      ['X'.repeat(129), '', '', ''], // row 4: too long
      ['DUP-1', '', '', ''], // row 5
      ['DUP-1', '', '', ''], // row 6: repeats row 5
      ['IN-STOCK-1', '', '', ''], // row 7: already in stock
      ['BAD-DATE', '', '', '2099-13-45'], // row 8: bad date
      ['PAST-1', '', '', '2020-01-01'], // row 9: past
    ]);
    const res = await upload(supply, file, goodA);
    expect(res.statusCode, res.body).toBe(200);
    const answer = data<CodeImportResult>(res);
    expect(answer.status).toBe('failed');
    expect(answer.batchId).toBeNull();
    expect(answer.errors.map((e) => [e.row, e.message])).toEqual([
      [3, '请填写券码'],
      [4, '券码长度不能超过128个字符'],
      [6, '与第5行重复'],
      [7, '券码已存在于库存中'],
      [8, '有效期结束格式应为yyyy-MM-dd或yyyy-MM-dd HH:mm:ss'],
      [9, '有效期结束已过期'],
    ]);
    expect(await countCodes(goodA)).toBe(before);
    const result = await t.get(`${CODES}/import/result`, supply, { id: answer.resultId! });
    expect(result.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(result.rawPayload as unknown as ArrayBuffer);
    const rows: string[] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).join('|')));
    expect(rows.join('\n')).toContain('与第5行重复');
    expect(rows.join('\n')).toContain('券码已存在于库存中');
    // Someone else's result file: 404.
    expect(
      (await t.get(`${CODES}/import/result`, other, { id: answer.resultId! })).statusCode,
    ).toBe(404);
  });

  it('refuses a file over 100,000 rows, a zip bomb, a non-xlsx file, another tenant good and a non-code good', async () => {
    const rows = Array.from({ length: 100_001 }, (_, i) => [`R${i}`]);
    const big = await workbook(rows, ['券码']);
    const res = await upload(supply, big, goodA);
    expect(res.statusCode).toBe(400);
    expect(msg(res)).toBe('单次导入不能超过100000条数据');
    const base = [
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    ];
    const bomb = zip([
      ...base,
      { name: 'xl/sharedStrings.xml', data: Buffer.alloc(20 * 1024 * 1024) },
    ]);
    const bombed = await upload(supply, bomb, goodA);
    expect(bombed.statusCode).toBe(400);
    expect(msg(bombed)).toBe('文件内容过大，请拆分后分批导入');
    expect((await upload(supply, Buffer.from('code\nA1\n'), goodA)).statusCode).toBe(400);
    const file = await workbook([['T-1']]);
    expect((await upload(supply, file, goodOther)).statusCode).toBe(404);
    const recharge = await upload(supply, file, goodRecharge);
    expect(recharge.statusCode).toBe(400);
    expect(msg(recharge)).toBe('该商品不是券码类商品');
    expect((await upload(staff, file, goodA)).statusCode).toBe(403);
  });

  it('imports a pasted list with the same checks, at most 10,000', async () => {
    const ok = await t.post(`${CODES}/import`, supply, {
      goodId: goodB,
      codes: [
        { code: 'PASTE-1', pin: '9' },
        { code: 'PASTE-2', validEnd: '2099-01-01' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(data<CodeImportResult>(ok)).toMatchObject({ status: 'success', created: 2 });
    const bad = await t.post(`${CODES}/import`, supply, {
      goodId: goodB,
      codes: [{ code: 'PASTE-3' }, { code: 'PASTE-1' }, { code: 'PASTE-3' }, { code: '' }],
    });
    const answer = data<CodeImportResult>(bad);
    expect(answer.status).toBe('failed');
    expect(answer.errors.map((e) => [e.row, e.message])).toEqual([
      [2, '券码已存在于库存中'],
      [3, '与第1行重复'],
      [4, '请填写券码'],
    ]);
    expect(await countCodes(goodB)).toBe(5 + 2); // the listed batch of the first test + 2
    const many = Array.from({ length: 10_001 }, (_, i) => ({ code: `M${i}` }));
    const tooMany = await t.post(`${CODES}/import`, supply, { goodId: goodB, codes: many });
    expect(tooMany.statusCode).toBe(400);
    expect(msg(tooMany)).toBe('codes:单次最多导入10000个券码');
    // The API log keeps no plain code.
    const logs = await db()
      .selectFrom('bladeLogApi')
      .select('params')
      .where('requestUri', 'like', '%/sup-coupon-code/import')
      .execute();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.map((l) => l.params).join()).not.toContain('PASTE-');
  });

  it('fetches codes from the supplier interface (auto/import, manual-obtain-card); a driver failure writes nothing', async () => {
    const res = await t.post(`${CODES}/auto/import`, supply, { goodId: goodA, quantity: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = data<CodeImportResult>(res);
    expect(answer.created).toBe(3);
    const batch = await db()
      .selectFrom('bladeSupBatchCouponCode')
      .selectAll()
      .where('id', '=', answer.batchId!)
      .executeTakeFirstOrThrow();
    expect(batch.source).toBe('interface');
    const codes = data<Page<SupCouponCode>>(
      await t.get(`${CODES}/list`, supply, { batchId: batch.id }),
    ).records;
    expect(codes.every((c) => /^SBX\d{16}$/.test(c.couponCode) && c.pin.length === 6)).toBe(true);

    const manual = await t.post(`${CODES}/auto/import/manual-obtain-card`, supply, {
      goodId: goodA,
      quantity: 2,
    });
    expect(manual.statusCode, manual.body).toBe(200);
    const mBatch = data<CodeImportResult>(manual).batchId!;
    expect(
      (
        await db()
          .selectFrom('bladeSupBatchCouponCode')
          .select('source')
          .where('id', '=', mBatch)
          .executeTakeFirstOrThrow()
      ).source,
    ).toBe('manual');
    const over = await t.post(`${CODES}/auto/import/manual-obtain-card`, supply, {
      goodId: goodA,
      quantity: 101,
    });
    expect(over.statusCode).toBe(400);
    expect(
      (await t.post(`${CODES}/auto/import`, supply, { goodId: goodA, quantity: 1001 })).statusCode,
    ).toBe(400);

    const before = await countCodes(goodDown);
    const down = await t.post(`${CODES}/auto/import`, supply, { goodId: goodDown, quantity: 2 });
    expect(down.statusCode).toBe(400);
    expect(await countCodes(goodDown)).toBe(before);
    expect(
      (
        await db()
          .selectFrom('bladeSupBatchCouponCode')
          .select('id')
          .where('goodId', '=', goodDown)
          .execute()
      ).length,
    ).toBe(0);
    expect(
      (await t.post(`${CODES}/auto/import`, other, { goodId: goodA, quantity: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await t.post(`${CODES}/auto/import`, staff, { goodId: goodA, quantity: 1 })).statusCode,
    ).toBe(403);
  });

  it('invalidates selected codes all or nothing (409 naming the state), recovers them, and refuses other tenants', async () => {
    const { batchId } = await insertCodes(ctx(), TENANT, supA, goodA, 3, { prefix: 'INV' });
    const [a, b, c] = await idsOf(batchId);
    await db()
      .updateTable('bladeSupCouponCode')
      .set({ state: 'used' })
      .where('id', '=', c!)
      .execute();
    const refused = await t.post(`${CODES}/invalid-coupon`, supply, { ids: [a, b, c] });
    expect(refused.statusCode).toBe(409);
    expect(msg(refused)).toBe('券码当前状态为「已使用」，不能执行此操作');
    expect((await codeRow(a!)).state).toBe('unused');

    const ok = await t.post(`${CODES}/invalid-coupon`, supply, { ids: [a, b] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(data<{ count: number }>(ok).count).toBe(2);
    expect((await codeRow(a!)).state).toBe('invalid');
    expect((await codeRow(a!)).invalidTime).not.toBeNull();
    // Invalid again: the machine refuses.
    const twice = await t.post(`${CODES}/invalid-coupon`, supply, { ids: [a] });
    expect(twice.statusCode).toBe(409);
    expect(msg(twice)).toBe('券码当前状态为「已作废」，不能执行此操作');

    const back = await t.post(`${CODES}/recovery-coupon`, supply, { ids: `${a},${b}` });
    expect(back.statusCode, back.body).toBe(200);
    expect((await codeRow(a!)).state).toBe('unused');
    const notInvalid = await t.post(`${CODES}/recovery-coupon`, supply, { ids: [a] });
    expect(notInvalid.statusCode).toBe(409);
    expect(msg(notInvalid)).toBe('券码当前状态为「未使用」，不能执行此操作');

    expect((await t.post(`${CODES}/invalid-coupon`, other, { ids: [a] })).statusCode).toBe(404);
    expect((await t.post(`${CODES}/invalid-coupon`, staff, { ids: [a] })).statusCode).toBe(403);
    expect((await t.post(`${CODES}/invalid-coupon`, supply, { ids: [] })).statusCode).toBe(400);
    expect((await t.post(`${CODES}/recovery-coupon`, staff, { ids: [a] })).statusCode).toBe(403);
  });

  it('invalidates concurrently once: 10 calls on the same codes, one wins, the rest 409', async () => {
    const { batchId } = await insertCodes(ctx(), TENANT, supA, goodA, 4, { prefix: 'RACE' });
    const ids = await idsOf(batchId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.inject({
          method: 'POST',
          url: `${CODES}/invalid-coupon`,
          headers: { 'blade-auth': `bearer ${supply}`, 'idempotency-key': `race-${i}` },
          payload: { ids },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    // The same key twice, concurrently: one effect, two identical answers.
    const { batchId: b2 } = await insertCodes(ctx(), TENANT, supA, goodA, 1, { prefix: 'SAMEKEY' });
    const [id] = await idsOf(b2);
    const same = await Promise.all(
      [0, 1].map(() =>
        t.inject({
          method: 'POST',
          url: `${CODES}/invalid-coupon`,
          headers: { 'blade-auth': `bearer ${supply}`, 'idempotency-key': 'same-key' },
          payload: { ids: [id] },
        }),
      ),
    );
    expect(same.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(same[0]!.body).toBe(same[1]!.body);
  });

  it('invalidates a pasted code list by digest, each code once, and names the codes not found as typed (never logged); malformed lists are 400', async () => {
    const { batchId, codes } = await insertCodes(ctx(), TENANT, supA, goodA, 3, {
      prefix: 'LISTINV12',
    });
    const ids = await idsOf(batchId);
    await db()
      .updateTable('bladeSupCouponCode')
      .set({ state: 'used' })
      .where('id', '=', ids[2]!)
      .execute();
    // Repeats (a code pasted twice, a missing one twice) count once.
    const res = await t.post(`${CODES}/invalid-coupon2`, supply, {
      codes: `${codes[0]}\n${codes[1]}, ${codes[2]}\nNOT-THERE-123456\n${codes[0]}\nNOT-THERE-123456`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = data<InvalidByListResult>(res);
    expect(answer.count).toBe(2);
    expect(answer.notFound).toEqual(['NOT-THERE-123456']);
    expect(answer.refused).toEqual([
      { code: codes[2], codeMask: maskCode(codes[2]!), state: 'used' },
    ]);
    expect((await codeRow(ids[0]!)).state).toBe('invalid');
    // Another tenant's list finds none of ours.
    const theirs = data<InvalidByListResult>(
      await t.post(`${CODES}/invalid-coupon2`, other, { codes: codes[0] }),
    );
    expect(theirs.count).toBe(0);
    expect(theirs.notFound).toHaveLength(1);
    for (const codesText of [
      '',
      ' \n ,',
      Array.from({ length: 1001 }, (_, i) => `C${i}`).join('\n'),
      'Y'.repeat(129),
    ]) {
      const bad = await t.post(`${CODES}/invalid-coupon2`, supply, { codes: codesText });
      expect(bad.statusCode).toBe(400);
    }
    const logs = await db()
      .selectFrom('bladeLogApi')
      .select('params')
      .where('requestUri', 'like', '%invalid-coupon2')
      .execute();
    expect(logs.map((l) => l.params).join()).not.toContain('LISTINV12');
    expect(logs.map((l) => l.params).join()).not.toContain('NOT-THERE');
  });

  it('finds a code for the palette by its encrypted value: masks, names and state, never more than 5', async () => {
    const { codes } = await insertCodes(ctx(), TENANT, supA, goodA, 1, { prefix: 'FINDME1234' });
    const res = await t.post(`${CODES}/find`, supply, { couponCode2: t.encrypt(codes[0]!) });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<CodeFindHit[]>(res)).toEqual([
      expect.objectContaining({
        codeMask: maskCode(codes[0]!),
        goodName: '商品GA',
        supName: '供应商CA',
        state: 'unused',
      }),
    ]);
    expect(JSON.stringify(data(res))).not.toContain(codes[0]);
    expect((await t.post(`${CODES}/find`, supply, { couponCode2: 'xx' })).statusCode).toBe(400);
    expect(
      data<CodeFindHit[]>(
        await t.post(`${CODES}/find`, other, { couponCode2: t.encrypt(codes[0]!) }),
      ),
    ).toEqual([]);
    expect(
      (await t.post(`${CODES}/find`, staff, { couponCode2: t.encrypt(codes[0]!) })).statusCode,
    ).toBe(403);
  });

  it('matches codes whatever their case or width (issue 25 item 13), old case-kept digests too', async () => {
    const { batchId, codes } = await insertCodes(ctx(), TENANT, supA, goodA, 2, {
      plain: ['mixCase-Code-0001', 'legacy-lower-0002'],
    });
    const [, legacyId] = await idsOf(batchId);
    // A code stored before issue 25: its digest was made from the code as imported.
    const digestKey = createHmac('sha256', ctx().jwtSecret).update('digest:coupon-code').digest();
    await db()
      .updateTable('bladeSupCouponCode')
      .set({ codeDigest: createHmac('sha256', digestKey).update(codes[1]!).digest('hex') })
      .where('id', '=', legacyId!)
      .execute();
    const find = async (typed: string) =>
      data<CodeFindHit[]>(
        await t.post(`${CODES}/find`, supply, { couponCode2: t.encrypt(typed) }),
      ).map((hit) => hit.codeMask);
    for (const typed of [
      'mixCase-Code-0001',
      'MIXCASE-CODE-0001',
      ' mixcase-code-0001 ',
      'ＭＩＸＣＡＳＥ－ＣＯＤＥ－０００１',
    ])
      expect(await find(typed), typed).toEqual([maskCode(codes[0]!)]);
    for (const typed of ['legacy-lower-0002', 'LEGACY-LOWER-0002', 'Legacy-Lower-0002'])
      expect(await find(typed), typed).toEqual([maskCode(codes[1]!)]);
    // The stored code keeps the supplier's spelling; the list filter ignores case the same way.
    const listed = data<Page<SupCouponCode>>(
      await t.get(`${CODES}/list`, supply, { couponCode2: t.encrypt('MIXCASE-code-0001') }),
    );
    expect(listed.records.map((r) => r.couponCode)).toEqual(['mixCase-Code-0001']);
    // Importing either code again in another case is a duplicate, as is the same code twice.
    const again = await t.post(`${CODES}/import`, supply, {
      goodId: goodA,
      codes: [
        { code: 'MIXCASE-CODE-0001' },
        { code: 'LEGACY-LOWER-0002' },
        { code: 'New-Case-1' },
        { code: 'NEW-CASE-1' },
      ],
    });
    expect(data<CodeImportResult>(again).errors.map((e) => [e.row, e.message])).toEqual([
      [1, '券码已存在于库存中'],
      [2, '券码已存在于库存中'],
      [4, '与第3行重复'],
    ]);
    // A pasted invalidation list finds them the same way.
    const invalid = data<InvalidByListResult>(
      await t.post(`${CODES}/invalid-coupon2`, supply, {
        codes: 'MIXCASE-CODE-0001\nLegacy-Lower-0002',
      }),
    );
    expect(invalid).toMatchObject({ count: 2, notFound: [] });
  });

  /** An issued code with an order, a redemption and a recovery record, inserted directly. */
  async function issuedWithHistory(prefix: string, state = 'issued') {
    const { batchId, codes } = await insertCodes(ctx(), TENANT, supA, goodA, 1, { prefix });
    const [id] = await idsOf(batchId);
    const orderId = nextId();
    const audit = {
      createUser: null,
      createDept: null,
      createTime: nowText(),
      updateUser: null,
      updateTime: null,
      status: 1,
      isDeleted: 0,
    };
    await db()
      .insertInto('bladeSupOrder')
      .values({
        id: orderId,
        tenantId: TENANT,
        orderNo: `SO${orderId}`,
        clientOrderId: `CO${orderId}`,
        clientId: null,
        appId: null,
        supId: supA,
        goodId: goodA,
        quantity: 1,
        marketAmount: 5000,
        actualAmount: 5000,
        costAmount: 4500,
        refundedQuantity: 0,
        refundedAmount: 0,
        state: 'success',
        attempts: 1,
        lastError: null,
        finishTime: nowText(),
        remark: null,
        ...audit,
      })
      .execute();
    await db()
      .updateTable('bladeSupCouponCode')
      .set({ state, orderId, issueTime: nowText(), usedTime: state === 'used' ? nowText() : null })
      .where('id', '=', id!)
      .execute();
    return { id: id!, code: codes[0]!, orderId, audit };
  }

  it('traces a code: its batch, its order, its redemptions and its recovery records', async () => {
    const { id, orderId, audit } = await issuedWithHistory('TRACE12345');
    await db()
      .insertInto('bladeSupCouponCodeExchange')
      .values({
        id: nextId(),
        tenantId: TENANT,
        codeId: id,
        supId: supA,
        goodId: goodA,
        orderId,
        storeCode: 'S1',
        storeName: '一号店',
        exchangeTime: '2026-05-01 10:00:00',
        source: 'supplier',
        cancelled: 1,
        cancelTime: '2026-05-02 10:00:00',
        ...audit,
      })
      .execute();
    await db()
      .insertInto('bladeSupCouponCodeRecovery')
      .values({
        id: nextId(),
        tenantId: TENANT,
        codeId: id,
        supId: supA,
        goodId: goodA,
        orderId,
        returnOrderId: null,
        state: 'restocked',
        handleUser: null,
        handleTime: nowText(),
        remark: '测试',
        ...audit,
      })
      .execute();
    const res = await t.get(`${CODES}/trace`, supply, { id });
    expect(res.statusCode, res.body).toBe(200);
    const trace = data<CodeTrace>(res);
    expect(trace.code.couponCode).toBe('TRACE12345-0001');
    expect(trace.batch?.source).toBe('import');
    expect(trace.orders.map((o) => o.orderNo)).toEqual([`SO${orderId}`]);
    expect(trace.orders[0]!.clientOrderId).toBe(`CO${orderId}`);
    expect(trace.exchanges).toEqual([
      expect.objectContaining({ storeName: '一号店', cancelled: 1 }),
    ]);
    expect(trace.recoveries).toEqual([
      expect.objectContaining({ state: 'restocked', stateName: '已入库', remark: '测试' }),
    ]);
    await withoutGrant('code_source_view', () =>
      withoutGrant('code_batch_view', async () => {
        const masked = data<CodeTrace>(await t.get(`${CODES}/trace`, supply, { id }));
        expect(masked.code.couponCode).toBe(maskCode('TRACE12345-0001'));
      }),
    );
    expect((await t.get(`${CODES}/trace`, other, { id })).statusCode).toBe(404);
  });

  it('lists issued and used codes, renews their status from the supplier and cancels a use', async () => {
    const goodC = await insertGood(db(), TENANT, supA, 'GC');
    const used = sandboxCodes('used', 1, 7)[0]!;
    const unused = sandboxCodes('unused', 1, 8)[0]!;
    const { batchId } = await insertCodes(ctx(), TENANT, supA, goodC, 2, { plain: [used, unused] });
    const [first, second] = await idsOf(batchId);
    const idOf = async (code: string) =>
      (
        await db()
          .selectFrom('bladeSupCouponCode')
          .select('id')
          .where('codeDigest', '=', codeDigest(ctx(), code))
          .where('supId', '=', supA)
          .executeTakeFirstOrThrow()
      ).id;
    const usedId = await idOf(used);
    const unusedId = await idOf(unused);
    expect([first, second].sort()).toEqual([usedId, unusedId].sort());
    // The supplier says `used` is used: issued -> used with a 'renew' redemption.
    await db()
      .updateTable('bladeSupCouponCode')
      .set({ state: 'issued', issueTime: nowText() })
      .where('id', '=', usedId)
      .execute();
    // `unused` is marked used here, the supplier says unused: reported, left as it is.
    await db()
      .updateTable('bladeSupCouponCode')
      .set({ state: 'used', usedTime: nowText() })
      .where('id', '=', unusedId)
      .execute();
    const listed = data<Page<SupCouponCodeUsed>>(
      await t.get(`${USED}/list`, supply, { goodId: goodC }),
    );
    expect(listed.records.map((r) => r.id).sort()).toEqual([usedId, unusedId].sort());

    const res = await t.post(`${USED}/renew-status`, supply, { ids: [usedId, unusedId] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = data<RenewStatusResult>(res);
    expect(answer).toMatchObject({ checked: 2, markedUsed: 1, unchanged: 0 });
    expect(answer.reportedUnused).toHaveLength(1);
    expect((await codeRow(usedId)).state).toBe('used');
    expect((await codeRow(unusedId)).state).toBe('used');
    const after = data<Page<SupCouponCodeUsed>>(
      await t.get(`${USED}/list`, supply, { state: 'used', goodId: goodC }),
    );
    expect(after.records.find((r) => r.id === usedId)?.exchangeTime).not.toBeNull();
    const exchanges = data<Page<SupCouponCodeExchange>>(
      await t.get(`${EXCHANGES}/list`, supply, { goodId: goodC, source: 'renew' }),
    );
    expect(exchanges.records.map((e) => [e.codeId, e.couponCode, e.sourceName])).toEqual([
      [usedId, used, '状态刷新'],
    ]);

    // An unused code cannot be renewed: 409 naming it.
    const { batchId: b3 } = await insertCodes(ctx(), TENANT, supA, goodC, 1, { prefix: 'RNW' });
    const [fresh] = await idsOf(b3);
    const refused = await t.post(`${USED}/renew-status`, supply, { ids: [fresh] });
    expect(refused.statusCode).toBe(409);
    expect(msg(refused)).toBe('券码当前状态为「未使用」，不能执行此操作');

    // cancel: used -> issued, the latest redemption cancelled.
    const cancel = await t.post(`${USED}/cancel`, supply, { ids: [usedId] });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await codeRow(usedId)).state).toBe('issued');
    const exchange = await db()
      .selectFrom('bladeSupCouponCodeExchange')
      .selectAll()
      .where('codeId', '=', usedId)
      .executeTakeFirstOrThrow();
    expect(exchange.cancelled).toBe(1);
    const again = await t.post(`${USED}/cancel`, supply, { ids: [usedId] });
    expect(again.statusCode).toBe(409);
    expect(msg(again)).toBe('券码当前状态为「已发放」，不能执行此操作');
    expect((await t.post(`${USED}/cancel`, other, { ids: [usedId] })).statusCode).toBe(404);
    expect((await t.post(`${USED}/renew-status`, staff, { ids: [usedId] })).statusCode).toBe(403);
    expect((await t.get(`${USED}/list`, staff)).statusCode).toBe(403);
  });

  it('a renew-status whose supplier interface fails writes nothing (400)', async () => {
    const { batchId } = await insertCodes(ctx(), TENANT, supDown, goodDown, 1, {
      plain: sandboxCodes('used', 1, 9),
    });
    const [id] = await idsOf(batchId);
    await db()
      .updateTable('bladeSupCouponCode')
      .set({ state: 'issued' })
      .where('id', '=', id!)
      .execute();
    const res = await t.post(`${USED}/renew-status`, supply, { ids: [id] });
    expect(res.statusCode).toBe(400);
    expect((await codeRow(id!)).state).toBe('issued');
  });

  it('handles recovery records: restock or discard a recovering code once', async () => {
    const a = await issuedWithHistory('RECOV1', 'recovering');
    const b = await issuedWithHistory('RECOV2', 'recovering');
    const record = async (codeId: string, orderId: string) => {
      const id = nextId();
      await db()
        .insertInto('bladeSupCouponCodeRecovery')
        .values({
          id,
          tenantId: TENANT,
          codeId,
          supId: supA,
          goodId: goodA,
          orderId,
          returnOrderId: null,
          state: 'pending',
          handleUser: null,
          handleTime: null,
          remark: null,
          ...a.audit,
        })
        .execute();
      return id;
    };
    const ra = await record(a.id, a.orderId);
    const rb = await record(b.id, b.orderId);
    const list = data<Page<SupCouponCodeRecovery>>(
      await t.get(`${RECOVERY}/list`, supply, { state: 'pending' }),
    );
    expect(list.records.map((r) => r.id)).toEqual(expect.arrayContaining([ra, rb]));
    expect(list.records.find((r) => r.id === ra)).toMatchObject({
      couponCode: 'RECOV1-0001',
      stateName: '待处理',
      codeState: 'recovering',
      orderNo: `SO${a.orderId}`,
    });

    const restock = await t.post(`${RECOVERY}/handle`, supply, {
      ids: [ra],
      result: 'restock',
      remark: '入库',
    });
    expect(restock.statusCode, restock.body).toBe(200);
    expect(await codeRow(a.id)).toMatchObject({ state: 'unused', orderId: null });
    const handled = await db()
      .selectFrom('bladeSupCouponCodeRecovery')
      .selectAll()
      .where('id', '=', ra)
      .executeTakeFirstOrThrow();
    expect(handled).toMatchObject({ state: 'restocked', remark: '入库' });
    expect(handled.handleUser).not.toBeNull();
    const twice = await t.post(`${RECOVERY}/handle`, supply, { ids: [ra, rb], result: 'discard' });
    expect(twice.statusCode).toBe(409);
    expect(msg(twice)).toBe('回收记录已处理，不能重复处理');
    expect((await codeRow(b.id)).state).toBe('recovering');
    const discard = await t.post(`${RECOVERY}/handle`, supply, { ids: [rb], result: 'discard' });
    expect(discard.statusCode, discard.body).toBe(200);
    expect((await codeRow(b.id)).state).toBe('invalid');
    const shown = data<Page<SupCouponCodeRecovery>>(
      await t.get(`${RECOVERY}/list`, supply, { state: 'discarded' }),
    );
    expect(shown.records.find((r) => r.id === rb)?.handleUserName).toBeTruthy();
    expect(
      (await t.post(`${RECOVERY}/handle`, supply, { ids: [rb], result: 'other' })).statusCode,
    ).toBe(400);
    expect(
      (await t.post(`${RECOVERY}/handle`, other, { ids: [rb], result: 'discard' })).statusCode,
    ).toBe(404);
    expect(
      (await t.post(`${RECOVERY}/handle`, staff, { ids: [rb], result: 'discard' })).statusCode,
    ).toBe(403);
    await withoutGrant('code_recycle_view', async () => {
      const masked = data<Page<SupCouponCodeRecovery>>(
        await t.get(`${RECOVERY}/list`, supply, { state: 'discarded' }),
      );
      expect(masked.records.find((r) => r.id === rb)?.couponCode).toBe(maskCode('RECOV2-0001'));
    });
  });

  it('lists exchange records masked without the view button, filtered by the encrypted code', async () => {
    const { id, code, orderId, audit } = await issuedWithHistory('EXCH123456', 'used');
    await db()
      .insertInto('bladeSupCouponCodeExchange')
      .values({
        id: nextId(),
        tenantId: TENANT,
        codeId: id,
        supId: supA,
        goodId: goodA,
        orderId,
        storeCode: 'S9',
        storeName: '九号店',
        exchangeTime: nowText(),
        source: 'supplier',
        cancelled: 0,
        cancelTime: null,
        ...audit,
      })
      .execute();
    const res = await t.get(`${EXCHANGES}/list`, supply, { couponCode2: t.encrypt(code) });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      data<Page<SupCouponCodeExchange>>(res).records.map((r) => [
        r.couponCode,
        r.storeName,
        r.orderNo,
      ]),
    ).toEqual([[code, '九号店', `SO${orderId}`]]);
    await withoutGrant('code_exchange_record_view', async () => {
      const masked = data<Page<SupCouponCodeExchange>>(
        await t.get(`${EXCHANGES}/list`, supply, { couponCode2: t.encrypt(code) }),
      );
      expect(masked.records[0]!.couponCode).toBe(maskCode(code));
    });
    expect(
      data<Page<SupCouponCodeExchange>>(await t.get(`${EXCHANGES}/list`, other)).records.some(
        (r) => r.codeId === id,
      ),
    ).toBe(false);
    expect((await t.get(`${EXCHANGES}/list`, staff)).statusCode).toBe(403);
  });

  it('expires unused codes past validEnd lazily on the lists', async () => {
    const { batchId } = await insertCodes(ctx(), TENANT, supA, goodA, 2, {
      prefix: 'EXP',
      validEnd: '2020-01-01 00:00:00',
    });
    const [a, b] = await idsOf(batchId);
    await db()
      .updateTable('bladeSupCouponCode')
      .set({ state: 'issued' })
      .where('id', '=', b!)
      .execute();
    forgetSweeps(t.app.ctx);
    const page = data<Page<SupCouponCode>>(await t.get(`${CODES}/list`, supply, { batchId }));
    expect(Object.fromEntries(page.records.map((r) => [r.id, r.state]))).toEqual({
      [a!]: 'expired',
      [b!]: 'issued',
    });
  });

  async function sheet(id: string, token: string): Promise<unknown[][]> {
    for (let i = 0; i < 100; i++) {
      await t.app.exportJobs.drain();
      const tasks = data<{ records: { id: string; status: string }[] }>(
        await t.get('/api/blade-system/data-export/list', token, { size: '100' }),
      ).records;
      if (tasks.find((task) => task.id === id)?.status === '文件已生成') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { ticket } = data<{ ticket: string }>(
      await t.post('/api/blade-system/data-export/ticket', token, undefined, { id }),
    );
    const res = await t.get('/api/blade-system/data-export/file', undefined, { ticket });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const out: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
    return out;
  }

  it('exports codes masked unless the caller holds code_batch_export_plain; batches with their counts', async () => {
    const { batchId, codes } = await insertCodes(ctx(), TENANT, supA, goodA, 2, {
      prefix: 'EXPORT1234',
    });
    const plain = await t.post(`${CODES}/export-coupon-code`, supply, { batchId });
    expect(plain.statusCode, plain.body).toBe(200);
    const rows = await sheet(data<{ id: string }>(plain).id, supply);
    expect(rows[0]).toContain('券码');
    expect(
      rows
        .slice(1)
        .map((r) => r[rows[0]!.indexOf('券码')])
        .sort(),
    ).toEqual([...codes].sort());
    expect(rows.slice(1).map((r) => r[rows[0]!.indexOf('状态')])).toEqual(['未使用', '未使用']);
    await withoutGrant('code_batch_export_plain', async () => {
      const masked = await t.post(`${CODES}/export-coupon-code`, supply, { batchId });
      const mrows = await sheet(data<{ id: string }>(masked).id, supply);
      expect(mrows.slice(1).map((r) => r[rows[0]!.indexOf('券码')])).toEqual(
        [codes[1]!, codes[0]!].map(maskCode),
      );
    });
    const batches = await t.post(`${BATCHES}/export-batch-coupon-code`, supply, {
      batchNo: `B${batchId}`,
    });
    const brows = await sheet(data<{ id: string }>(batches).id, supply);
    expect(brows).toHaveLength(2);
    expect(brows[1]![brows[0]!.indexOf('未使用')]).toBe(2);
    expect((await t.post(`${CODES}/export-coupon-code`, staff, {})).statusCode).toBe(403);
    for (const path of [`${CODES}/export-coupon-code`, `${EXCHANGES}/export`])
      expect((await t.post(path, supply, { couponCode2: 'bad' })).statusCode, path).toBe(400);
    for (const path of [
      `${USED}/export-coupon-code-used`,
      `${RECOVERY}/export`,
      `${EXCHANGES}/export`,
    ]) {
      const res = await t.post(path, supply, {});
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
    }
  });
});
