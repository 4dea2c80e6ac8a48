import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_ORDER,
  type BulkOrderBatch,
} from '../../../../src/contracts/platform-client/bulk-order.js';
import type { AppContext } from '../../../context.js';
import { storageOf } from '../../../lib/storage/index.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import {
  insertBalance,
  insertCodes,
  insertGood,
  insertSupplier,
} from '../../platform-supplier/test-fixtures.js';
import { prepayMismatches } from '../prepay/ledger.js';
import { insertApp, insertClient, insertProduct, type TestClientApp } from '../test-fixtures.js';
import {
  BATCH_INTERRUPTED,
  BulkOrderEngine,
  bulkOrderEngine,
  type BulkOrderBatchRow,
} from './engine.js';

const URL = `/api/${BULK_ORDER}`;
const T = '000000';
const HEADER = ['应用订单号', '产品编码', '数量', '手机号'];
const PRICE = 2000;
const PREPAY = 1_000_000;

async function workbook(rows: (string | number)[][], header = HEADER) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('批量下单');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function sheetOf(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0]!;
  const out: string[][] = [];
  sheet.eachRow((row) => {
    const values: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) values.push(row.getCell(c).text);
    out.push(values);
  });
  return out;
}

/** The engine's progress reports, as the database holds them right after each one. */
class WatchedEngine extends BulkOrderEngine {
  readonly seen: { processed: number; succeeded: number; failed: number }[] = [];
  constructor(private readonly appCtx: AppContext) {
    // Reports by row count only: the test reads them at known rows.
    super(appCtx, { reportMs: 3_600_000 });
  }
  protected override async report(
    batch: BulkOrderBatchRow,
    lease: number,
    counts: { processed: number; succeeded: number; failed: number },
  ) {
    const next = await super.report(batch, lease, counts);
    const row = await this.appCtx.db
      .selectFrom('bladeClientOrderImportBatch')
      .select(['processed', 'succeeded', 'failed'])
      .where('id', '=', batch.id)
      .executeTakeFirstOrThrow();
    this.seen.push({
      processed: Number(row.processed),
      succeeded: Number(row.succeeded),
      failed: Number(row.failed),
    });
    return next;
  }
}

describe('bulk client orders (client-user-product-order-import-batch)', () => {
  let t: TestApp;
  let operator: string;
  let finance: string;
  let otherTenant: string;
  let app: TestClientApp;
  let foreignApp: TestClientApp;
  let plainCodes: string[];
  let insertMoreCodes: (n: number) => Promise<void>;

  const upload = (
    file: Buffer,
    {
      fileName = 'orders.xlsx',
      appId = app.id as string | undefined,
      token = operator,
      key,
    }: { fileName?: string; appId?: string; token?: string; key?: string } = {},
  ): Promise<LightMyRequestResponse> => {
    const form = new FormData();
    if (appId !== undefined) form.append('appId', appId);
    form.append('file', new Blob([new Uint8Array(file)]), fileName);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return request.arrayBuffer().then((body) =>
      t.inject({
        method: 'POST',
        url: `${URL}/operation`,
        headers: {
          'content-type': request.headers.get('content-type')!,
          'blade-auth': `bearer ${token}`,
          ...(key ? { 'idempotency-key': key } : {}),
        },
        payload: Buffer.from(body),
      }),
    );
  };
  const detail = async (id: string) =>
    data<BulkOrderBatch>(await t.get(`${URL}/detail`, operator, { id }));
  const balance = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('bladePsclientAppPrepay')
          .select('balance')
          .where('appId', '=', app.id)
          .executeTakeFirstOrThrow()
      ).balance,
    );
  const resultRows = async (id: string) => {
    const res = await t.get(`${URL}/result`, operator, { id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    return sheetOf(res.rawPayload);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    // The tests drive the worker themselves.
    await bulkOrderEngine(t.app.ctx).stop();
    operator = await t.login('operator', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
    otherTenant = await t.login('admin', DEMO_PASSWORD, DEMO_TENANT);
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, 'BULK1');
    const good = await insertGood(db, T, supId, 'BULK1-G');
    const emptyGood = await insertGood(db, T, supId, 'BULK1-EMPTY');
    await insertBalance(db, T, supId, 10_000_000);
    plainCodes = (await insertCodes(t.app.ctx, T, supId, good, 20)).codes;
    insertMoreCodes = async (n) => {
      await insertCodes(t.app.ctx, T, supId, good, n);
    };
    const clientId = await insertClient(db, T, 'BULK1');
    app = await insertApp(t.app.ctx, T, clientId, { prepay: PREPAY });
    await insertProduct(db, T, 'P-BULK', { salePrice: PRICE, goodIds: [good], appIds: [app.id] });
    await insertProduct(db, T, 'P-BULK-EMPTY', {
      salePrice: PRICE,
      goodIds: [emptyGood],
      appIds: [app.id],
    });
    const foreignClient = await insertClient(db, DEMO_TENANT, 'BULKX');
    foreignApp = await insertApp(t.app.ctx, DEMO_TENANT, foreignClient);
  }, 60_000);
  afterAll(() => t.close());

  const goodRows = Array.from({ length: 12 }, (_, i) => [`BK-G${i + 1}`, 'P-BULK', 1]);
  const mixed = [
    ['BK-1', 'P-BULK', 1, '13800138000'],
    ['BK-2', 'P-BULK', 2],
    ['BK-3', 'NO-SUCH', 1],
    ['BK-4', 'P-BULK', 0],
    ['BK-5', 'P-BULK', 'abc'],
    ['BK-1', 'P-BULK', 1],
    ['BK-6', 'P-BULK-EMPTY', 1],
    ['BK-7', 'P-BULK', 1, '12345'],
    ...goodRows,
  ];
  let firstBatch: string;

  it('queues an upload, then the job places the good rows and names each refused one', async () => {
    const before = await balance();
    const queued = await upload(await workbook(mixed));
    expect(queued.statusCode).toBe(200);
    const batch = data<{ id: string; batchNo: string; total: number; state: string }>(queued);
    firstBatch = batch.id;
    expect(batch).toMatchObject({ total: 20, state: 'waiting' });
    expect(batch.batchNo).toMatch(/^BO\d{8}\d+$/);
    expect(await detail(batch.id)).toMatchObject({ state: 'waiting', progress: 0, resultReady: 0 });

    const engine = new WatchedEngine(t.app.ctx);
    expect(await engine.runOnce()).toBe(true);
    // Progress was written while the rows were being placed (every 10 rows here).
    expect(engine.seen[0]).toEqual({ processed: 10, succeeded: 4, failed: 6 });
    expect(engine.seen.length).toBeGreaterThanOrEqual(2);
    const done = await detail(batch.id);
    expect(done).toMatchObject({
      state: 'done',
      total: 20,
      processed: 20,
      succeeded: 14,
      failed: 6,
      progress: 100,
      resultReady: 1,
      appName: `应用${app.appKey}`,
      clientName: '接入方BULK1',
    });
    expect(done.finishedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // Orders went through placeOrder: source bulk, each charged once, failures returned.
    const { db } = t.app.ctx;
    const orders = await db
      .selectFrom('bladeClientProductOrder')
      .select(['id', 'orderNo', 'outOrderNo', 'state', 'source', 'phoneMask'])
      .where('appId', '=', app.id)
      .execute();
    expect(orders).toHaveLength(15);
    expect(orders.every((o) => o.source === 'bulk')).toBe(true);
    const byNo = new Map(orders.map((o) => [o.outOrderNo, o]));
    expect(byNo.get('BK-1')).toMatchObject({ state: 'success', phoneMask: '138****8000' });
    expect(byNo.get('BK-6')?.state).toBe('failed');
    expect(byNo.has('BK-3') || byNo.has('BK-4') || byNo.has('BK-7')).toBe(false);
    const charges = await db
      .selectFrom('bladePrepayRecord')
      .select(['sourceId'])
      .where('appId', '=', app.id)
      .where('changeType', '=', 'order')
      .execute();
    expect(charges).toHaveLength(15);
    expect(new Set(charges.map((c) => c.sourceId)).size).toBe(15);
    expect(await balance()).toBe(before - PRICE * 15);
    expect(await prepayMismatches(db, T)).toEqual([]);

    // The result file: one row per input row, refused ones with why, no code and no phone.
    const rows = await resultRows(batch.id);
    expect(rows[0]).toEqual([
      '行号',
      '应用订单号',
      '产品编码',
      '数量',
      '手机号（脱敏）',
      '处理结果',
      '订单号',
      '订单状态',
      '错误原因',
    ]);
    expect(rows).toHaveLength(21);
    const line = (row: number) => rows.find((r) => r[0] === String(row))!;
    expect(line(2).slice(4, 8)).toEqual(['138****8000', '成功', byNo.get('BK-1')!.orderNo, '成功']);
    expect(line(4)[5]).toBe('失败');
    expect(line(4)[8]).toBe('产品不存在、已停用或已下架');
    expect(line(5)[8]).toBe('数量：须为1到1000的整数');
    expect(line(6)[8]).toBe('数量：须为1到1000的整数');
    expect(line(7)[8]).toBe('应用订单号：与第2行重复');
    expect(line(8).slice(5, 8)).toEqual(['失败', byNo.get('BK-6')!.orderNo, '失败']);
    expect(line(8)[8]).toBeTruthy();
    expect(line(9)[8]).toBe('手机号：须为11位手机号');
    const text = rows.flat().join('\n');
    for (const code of plainCodes) expect(text).not.toContain(code);
    expect(text).not.toContain('13800138000');
  });

  it('the same rows again answer their orders: nothing is charged twice', async () => {
    const before = await balance();
    const queued = data<{ id: string }>(await upload(await workbook(mixed.slice(0, 2))));
    await bulkOrderEngine(t.app.ctx).runOnce();
    expect(await detail(queued.id)).toMatchObject({ state: 'done', succeeded: 2, failed: 0 });
    expect(await balance()).toBe(before);
    const rows = await resultRows(queued.id);
    expect(rows[1]![8]).toBe('该应用订单号此前已下单，返回已有订单');
  });

  it('refuses a file that is not a workbook, too many rows, wrong headers, no app', async () => {
    const fake = await upload(Buffer.from('just text, not a workbook'), { fileName: 'fake.xlsx' });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().msg).toBe('请上传正确的excel文件!');
    const big = Array.from({ length: 5001 }, (_, i) => [`BIG-${i}`, 'P-BULK', 1]);
    const tooMany = await upload(await workbook(big));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe('单次导入不能超过5000条数据');
    const wrong = await upload(await workbook([['X-1', 1]], ['应用订单号', '数量']));
    expect(wrong.json().msg).toBe('导入模板不正确，缺少列：产品编码');
    expect((await upload(await workbook([['X-1', 'P-BULK', 1]]), { appId: '' })).json().msg).toBe(
      'appId:请选择应用',
    );
    const foreign = await upload(await workbook([['X-1', 'P-BULK', 1]]), { appId: foreignApp.id });
    expect(foreign.json().msg).toBe('appId:应用不存在');
    const huge = await upload(Buffer.alloc(11 * 1024 * 1024, 1), { fileName: 'huge.xlsx' });
    expect(huge.statusCode).toBe(413);
    // Nothing was queued by any of them.
    const page = data<{ total: number }>(
      await t.get(`${URL}/list`, operator, { state: 'waiting' }),
    );
    expect(page.total).toBe(0);
  });

  it('an upload is idempotent with an Idempotency-Key', async () => {
    const file = await workbook([['IDEM-1', 'P-BULK', 1]]);
    const first = await upload(file, { fileName: 'idem.xlsx', key: 'bulk-key-1' });
    const again = await upload(file, { fileName: 'idem.xlsx', key: 'bulk-key-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(data<{ id: string }>(again).id).toBe(data<{ id: string }>(first).id);
    const page = data<{ total: number }>(
      await t.get(`${URL}/list`, operator, { fileName: 'idem.xlsx' }),
    );
    expect(page.total).toBe(1);
  });

  it('cancels a waiting batch only; the machine names the state it refuses', async () => {
    const waiting = data<{ records: BulkOrderBatch[] }>(
      await t.get(`${URL}/list`, operator, { fileName: 'idem.xlsx' }),
    ).records[0]!;
    expect(
      (await t.post(`${URL}/cancel`, operator, undefined, { id: waiting.id })).statusCode,
    ).toBe(200);
    expect((await detail(waiting.id)).state).toBe('cancelled');
    const again = await t.post(`${URL}/cancel`, operator, undefined, { id: waiting.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('批量下单批次当前状态为「已取消」，不能执行此操作');
    const done = await t.post(`${URL}/cancel`, operator, undefined, { id: firstBatch });
    expect(done.json().msg).toBe('批量下单批次当前状态为「已完成」，不能执行此操作');
    // A cancelled batch is never claimed; its result is not there.
    expect(await bulkOrderEngine(t.app.ctx).claim()).toBeUndefined();
    expect((await t.get(`${URL}/result`, operator, { id: waiting.id })).statusCode).toBe(404);
  });

  it('two server processes on one database run a batch once', async () => {
    const queued = data<{ id: string }>(await upload(await workbook([['RACE-1', 'P-BULK', 1]])));
    const second = await createTestApp({ sameDatabaseAs: t });
    try {
      await second.app.ready();
      await bulkOrderEngine(second.app.ctx).stop();
      const engines = [bulkOrderEngine(t.app.ctx), bulkOrderEngine(second.app.ctx)];
      const claims = await Promise.all([
        engines[0]!.claim(),
        engines[1]!.claim(),
        engines[0]!.claim(),
        engines[1]!.claim(),
      ]);
      expect(claims.filter((c) => c?.id === queued.id)).toHaveLength(1);
      expect(claims.filter(Boolean)).toHaveLength(1);
      const winner = claims.findIndex(Boolean);
      await engines[winner % 2]!.run(claims[winner]!);
      // Both drain: nothing is left to run twice.
      expect(await engines[0]!.drain()).toBe(0);
      expect(await engines[1]!.drain()).toBe(0);
      expect(await detail(queued.id)).toMatchObject({ state: 'done', succeeded: 1 });
      const orders = await t.app.ctx.db
        .selectFrom('bladeClientProductOrder')
        .select('id')
        .where('outOrderNo', '=', 'RACE-1')
        .execute();
      expect(orders).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('a stopping server gives its batch back; the rerun charges no row twice', async () => {
    class StoppingEngine extends BulkOrderEngine {
      protected override async report(
        batch: BulkOrderBatchRow,
        lease: number,
        counts: { processed: number; succeeded: number; failed: number },
      ) {
        const next = await super.report(batch, lease, counts);
        this.stopping = true;
        return next;
      }
    }
    const before = await balance();
    const rows = Array.from({ length: 12 }, (_, i) => [`STOP-${i + 1}`, 'P-BULK', 1]);
    const queued = data<{ id: string }>(await upload(await workbook(rows)));
    await insertMoreCodes(12);
    expect(await new StoppingEngine(t.app.ctx, { reportMs: 3_600_000 }).runOnce()).toBe(true);
    expect(await detail(queued.id)).toMatchObject({ state: 'waiting', processed: 10 });
    expect(await balance()).toBe(before - PRICE * 10);
    await bulkOrderEngine(t.app.ctx).runOnce();
    expect(await detail(queued.id)).toMatchObject({ state: 'done', processed: 12, succeeded: 12 });
    expect(await balance()).toBe(before - PRICE * 12);
    expect(await prepayMismatches(t.app.ctx.db, T)).toEqual([]);
  });

  it('a batch whose process died is failed by the sweep', async () => {
    const queued = data<{ id: string }>(await upload(await workbook([['DIED-1', 'P-BULK', 1]])));
    const engine = bulkOrderEngine(t.app.ctx);
    expect((await engine.claim())?.id).toBe(queued.id);
    expect((await detail(queued.id)).state).toBe('running');
    t.advance(engine.leaseSeconds + 5);
    try {
      await engine.sweep();
    } finally {
      t.advance(-(engine.leaseSeconds + 5));
    }
    expect(await detail(queued.id)).toMatchObject({ state: 'failed', error: BATCH_INTERRUPTED });
  });

  it('removes an ended batch upload at once and its result file after the retention', async () => {
    const engine = bulkOrderEngine(t.app.ctx);
    const store = storageOf(t.app.ctx.config);
    const row = () =>
      t.app.ctx.db
        .selectFrom('bladeClientOrderImportBatch')
        .select(['uploadKey', 'resultKey'])
        .where('id', '=', firstBatch)
        .executeTakeFirstOrThrow();
    const { uploadKey, resultKey } = await row();
    expect(uploadKey && resultKey).toBeTruthy();
    const exists = async (key: string) => {
      const stored = await store.get(key);
      stored?.stream.destroy();
      return stored !== undefined;
    };
    await engine.retain();
    expect((await row()).uploadKey).toBeNull();
    expect(await exists(uploadKey!)).toBe(false);
    expect(await exists(resultKey!)).toBe(true);
    const days = t.app.ctx.config.fileRetentionDays;
    t.advance(days * 86400 + 60);
    try {
      await engine.retain();
    } finally {
      t.advance(-(days * 86400 + 60));
    }
    expect((await row()).resultKey).toBeNull();
    expect(await exists(resultKey!)).toBe(false);
    const gone = await t.get(`${URL}/result`, operator, { id: firstBatch });
    expect(gone.statusCode).toBe(410);
    expect((await detail(firstBatch)).resultReady).toBe(0);
  });

  it('serves the template, the list by state and the export', async () => {
    const template = await t.get(`${URL}/template`, operator);
    expect(template.statusCode).toBe(200);
    expect((await sheetOf(template.rawPayload))[0]).toEqual(HEADER);
    const done = data<{ records: BulkOrderBatch[] }>(
      await t.get(`${URL}/list`, operator, { state: 'done' }),
    );
    expect(done.records.length).toBeGreaterThanOrEqual(3);
    expect(done.records.every((r) => r.state === 'done')).toBe(true);
    expect(done.records[0]).not.toHaveProperty('uploadKey');
    expect(done.records[0]).not.toHaveProperty('resultKey');
    const exported = await t.post(`${URL}/exportOrder`, operator, undefined, {
      excelType: 'client-order-import-batch',
    });
    expect(exported.statusCode).toBe(200);
  });

  it('keeps tenants apart and needs the buttons', async () => {
    const mine = data<{ records: BulkOrderBatch[] }>(await t.get(`${URL}/list`, operator))
      .records[0]!;
    const theirs = data<{ total: number }>(await t.get(`${URL}/list`, otherTenant));
    expect(theirs.total).toBe(0);
    expect(
      (await t.get(`${URL}/detail`, otherTenant, { id: mine.id })).json().data?.id,
    ).toBeUndefined();
    expect((await t.get(`${URL}/result`, otherTenant, { id: firstBatch })).statusCode).toBe(404);
    expect(
      (await t.post(`${URL}/cancel`, otherTenant, undefined, { id: mine.id })).statusCode,
    ).toBe(404);
    // The other tenant's admin cannot queue a batch for this tenant's app.
    const cross = await upload(await workbook([['X-2', 'P-BULK', 1]]), { token: otherTenant });
    expect(cross.json().msg).toBe('appId:应用不存在');

    expect((await t.get(`${URL}/list`)).statusCode).toBe(401);
    expect((await t.get(`${URL}/list`, finance)).statusCode).toBe(403);
    expect(
      (await upload(await workbook([['X-3', 'P-BULK', 1]]), { token: finance })).statusCode,
    ).toBe(403);
    expect((await t.get(`${URL}/template`, finance)).statusCode).toBe(403);
    expect((await t.get(`${URL}/result`, finance, { id: firstBatch })).statusCode).toBe(403);
    expect((await t.post(`${URL}/cancel`, finance, undefined, { id: mine.id })).statusCode).toBe(
      403,
    );
  });
});
