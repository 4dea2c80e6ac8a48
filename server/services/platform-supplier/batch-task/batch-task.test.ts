import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BATCH_TASK,
  type BatchTask,
  type BatchTaskResult,
} from '../../../../src/contracts/platform-supplier/batch-task.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { sandboxCodeState } from '../driver/sandbox.js';
import { insertCodes, insertGood, insertSupplier } from '../test-fixtures.js';
import { batchTaskEngine, TASK_INTERRUPTED } from './engine.js';

const URL = `/api/${BATCH_TASK}`;
const TENANT = '000000';

/** Sandbox codes (SBX + 16 digits): the sandbox driver answers each one's state by a draw. */
const sandboxCodes = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `SBX${String(from + i).padStart(16, '0')}`);

describe('batch-task: refresh of verification status (issue 18 item 3)', () => {
  let t: TestApp;
  let supply: string;
  let finance: string;
  let otherTenant: string;
  let supId: string;
  let goodId: string;
  let otherGoodId: string;
  let foreignSup: string;
  /** The in-range issued codes of `goodId` and how many the sandbox reports used. */
  let inRange: string[];
  let expectedUsed: number;

  const day = '2026-03-10';
  const submit = (body: Record<string, unknown>, token = supply, key?: string) =>
    t.inject({
      method: 'POST',
      url: `${URL}/submit`,
      headers: { 'blade-auth': `bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  const task = (body: Record<string, unknown> = {}) => ({
    taskName: '三月刷新',
    supId,
    goodId,
    issueStart: `${day} 00:00:00`,
    issueEnd: `${day} 23:59:59`,
    ...body,
  });
  const find = async (id: string) => data<BatchTask>(await t.get(`${URL}/find`, supply, { id }));

  async function issue(codes: readonly string[], good: string, issueTime: string) {
    const { codes: plain } = await insertCodes(t.app.ctx, TENANT, supId, good, codes.length, {
      plain: codes,
      state: 'issued',
    });
    await t.app.ctx.db
      .updateTable('bladeSupCouponCode')
      .set({ issueTime, orderId: 'order-1' })
      .where('tenantId', '=', TENANT)
      .where('goodId', '=', good)
      .where('issueTime', 'is', null)
      .execute();
    return plain;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    // The tests drive the worker themselves.
    await batchTaskEngine(t.app.ctx).stop();
    supply = await t.login('supply', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
    otherTenant = await t.login('admin', DEMO_PASSWORD, DEMO_TENANT);
    supId = await insertSupplier(t.app.ctx.db, TENANT, `BT${Date.now() % 100000}`);
    goodId = await insertGood(t.app.ctx.db, TENANT, supId, 'BT-G1');
    otherGoodId = await insertGood(t.app.ctx.db, TENANT, supId, 'BT-G2');
    foreignSup = await insertSupplier(t.app.ctx.db, DEMO_TENANT, 'BT-FOREIGN');
    // 250 issued codes in range (3 chunks of at most 100), some outside the range or of the other good.
    inRange = await issue(sandboxCodes(1, 250), goodId, `${day} 12:00:00`);
    await issue(sandboxCodes(1000, 20), goodId, '2026-03-12 08:00:00');
    await issue(sandboxCodes(2000, 20), otherGoodId, `${day} 09:00:00`);
    expectedUsed = inRange.filter((c) => sandboxCodeState(c).state === 'used').length;
  });
  afterAll(() => t.close());

  it('queues a task, then the worker marks the codes the supplier reports used, with redemptions', async () => {
    expect(expectedUsed).toBeGreaterThan(0);
    const queued = data<BatchTask>(await submit(task()));
    expect(queued).toMatchObject({
      state: 'waiting',
      stateName: '等待中',
      taskTypeName: '刷新核销状态',
      goodId,
      goodName: '商品BT-G1',
      progress: 0,
    });
    const engine = batchTaskEngine(t.app.ctx);
    expect(await engine.runOnce()).toBe(true);
    const done = await find(queued.id);
    expect(done).toMatchObject({
      state: 'done',
      stateName: '已完成',
      total: 250,
      processed: 250,
      succeeded: 250,
      failedCount: 0,
      progress: 100,
    });
    expect(JSON.parse(done.result ?? '{}') as BatchTaskResult).toEqual({
      total: 250,
      checked: 250,
      used: expectedUsed,
      failed: 0,
    });
    const db = t.app.ctx.db;
    const used = await db
      .selectFrom('bladeSupCouponCode')
      .select(['id', 'usedTime'])
      .where('goodId', '=', goodId)
      .where('state', '=', 'used')
      .execute();
    expect(used).toHaveLength(expectedUsed);
    expect(used.every((c) => c.usedTime)).toBe(true);
    const exchanges = await db
      .selectFrom('bladeSupCouponCodeExchange')
      .select(['codeId', 'source', 'orderId', 'exchangeTime'])
      .where('goodId', '=', goodId)
      .execute();
    expect(exchanges).toHaveLength(expectedUsed);
    expect(new Set(exchanges.map((e) => e.codeId))).toEqual(new Set(used.map((c) => c.id)));
    expect(exchanges.every((e) => e.source === 'renew' && e.orderId === 'order-1')).toBe(true);
    // The other good's and the out-of-range codes were not touched.
    const untouched = await db
      .selectFrom('bladeSupCouponCode')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('supId', '=', supId)
      .where('state', '=', 'issued')
      .where((eb) =>
        eb.or([eb('goodId', '=', otherGoodId), eb('issueTime', 'like', '2026-03-12%')]),
      )
      .executeTakeFirstOrThrow();
    expect(Number(untouched.n)).toBe(40);

    // A second run finds only the codes still issued and moves none of them twice.
    const again = data<BatchTask>(await submit(task({ taskName: '再刷新' })));
    await engine.runOnce();
    const second = await find(again.id);
    expect(second).toMatchObject({ state: 'done', total: 250 - expectedUsed });
    expect((JSON.parse(second.result ?? '{}') as BatchTaskResult).used).toBe(0);
  });

  it('lists tasks newest first with filters by state and name', async () => {
    const page = data<{ records: BatchTask[]; total: number }>(
      await t.get(`${URL}/listPage`, supply, { state: 'done', taskName: '刷新' }),
    );
    expect(page.total).toBe(2);
    expect(page.records.map((r) => r.taskName)).toEqual(['再刷新', '三月刷新']);
    const none = data<{ total: number }>(
      await t.get(`${URL}/listPage`, supply, { state: 'failed' }),
    );
    expect(none.total).toBe(0);
  });

  it('refuses a range over 31 days, backwards, or without a name; foreign ids are 404', async () => {
    const long = await submit(
      task({ issueStart: '2026-01-01 00:00:00', issueEnd: '2026-02-02 00:00:00' }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe('发放时间范围不能超过31天');
    const back = await submit(
      task({ issueStart: '2026-01-02 00:00:00', issueEnd: '2026-01-01 00:00:00' }),
    );
    expect(back.json().msg).toBe('发放结束时间不能早于开始时间');
    expect((await submit(task({ taskName: ' ' }))).json().msg).toContain('请输入任务名称');
    expect((await submit(task({ supId: foreignSup, goodId: '' }))).statusCode).toBe(404);
    expect((await submit(task({ goodId: 'nope' }))).statusCode).toBe(404);
  });

  it('needs the buttons; another tenant sees nothing of it', async () => {
    expect((await t.get(`${URL}/listPage`)).statusCode).toBe(401);
    expect((await t.get(`${URL}/listPage`, finance)).statusCode).toBe(403);
    expect((await submit(task(), finance)).statusCode).toBe(403);
    const mine = data<{ records: BatchTask[] }>(await t.get(`${URL}/listPage`, supply)).records[0]!;
    expect((await t.post(`${URL}/removeById/${mine.id}`, finance)).statusCode).toBe(403);
    expect((await t.get(`${URL}/find`, otherTenant, { id: mine.id })).statusCode).toBe(404);
    expect((await t.post(`${URL}/removeById/${mine.id}`, otherTenant)).statusCode).toBe(404);
  });

  it('submit is idempotent: the same key queues one task', async () => {
    const key = `bt-${Date.now()}`;
    const [a, b] = [
      await submit(task({ taskName: '幂等' }), supply, key),
      await submit(task({ taskName: '幂等' }), supply, key),
    ];
    expect(data<BatchTask>(a).id).toBe(data<BatchTask>(b).id);
    const page = data<{ total: number }>(
      await t.get(`${URL}/listPage`, supply, { taskName: '幂等' }),
    );
    expect(page.total).toBe(1);
  });

  it('a running task cannot be removed (409); a finished or waiting one can', async () => {
    const waiting = data<{ records: BatchTask[] }>(
      await t.get(`${URL}/listPage`, supply, { taskName: '幂等' }),
    ).records[0]!;
    const engine = batchTaskEngine(t.app.ctx);
    const claimed = await engine.claim();
    expect(claimed?.id).toBe(waiting.id);
    const refused = await t.post(`${URL}/removeById/${waiting.id}`, supply);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('任务执行中，不能删除');
    expect((await find(waiting.id)).state).toBe('running');
    await engine.run(claimed!);
    expect((await t.post(`${URL}/removeById/${waiting.id}`, supply)).statusCode).toBe(200);
    expect((await t.get(`${URL}/find`, supply, { id: waiting.id })).statusCode).toBe(404);
  });

  it('two server processes on one database claim a task once', async () => {
    const queued = data<BatchTask>(await submit(task({ taskName: '争抢' })));
    const second = await createTestApp({ sameDatabaseAs: t });
    try {
      await second.app.ready();
      await batchTaskEngine(second.app.ctx).stop();
      const claims = await Promise.all([
        batchTaskEngine(t.app.ctx).claim(),
        batchTaskEngine(second.app.ctx).claim(),
        batchTaskEngine(t.app.ctx).claim(),
      ]);
      expect(claims.filter((c) => c?.id === queued.id)).toHaveLength(1);
      expect(claims.filter(Boolean)).toHaveLength(1);
      await batchTaskEngine(t.app.ctx).run(claims.find(Boolean)!);
      expect((await find(queued.id)).state).toBe('done');
    } finally {
      await second.close();
    }
  });

  it('a task whose process died is failed by the sweep, not left running', async () => {
    const queued = data<BatchTask>(await submit(task({ taskName: '中断' })));
    const engine = batchTaskEngine(t.app.ctx);
    expect((await engine.claim())?.id).toBe(queued.id);
    t.advance(engine.leaseSeconds + 5);
    try {
      await engine.sweep();
    } finally {
      t.advance(-(engine.leaseSeconds + 5));
    }
    expect(await find(queued.id)).toMatchObject({ state: 'failed', error: TASK_INTERRUPTED });
  });

  it("a supplier interface that fails: the task fails with the driver's message, no code moves", async () => {
    const broken = await insertSupplier(
      t.app.ctx.db,
      TENANT,
      `BTX${Date.now() % 10000}`,
      'sandbox://?failureRate=1',
    );
    const brokenGood = await insertGood(t.app.ctx.db, TENANT, broken, 'BT-X1');
    const { codes } = await insertCodes(t.app.ctx, TENANT, broken, brokenGood, 5, {
      plain: sandboxCodes(5000, 5),
      state: 'issued',
    });
    await t.app.ctx.db
      .updateTable('bladeSupCouponCode')
      .set({ issueTime: `${day} 10:00:00` })
      .where('goodId', '=', brokenGood)
      .execute();
    expect(codes).toHaveLength(5);
    const queued = data<BatchTask>(await submit(task({ supId: broken, goodId: brokenGood })));
    await batchTaskEngine(t.app.ctx).runOnce();
    const failed = await find(queued.id);
    expect(failed).toMatchObject({ state: 'failed', processed: 5, failedCount: 5, succeeded: 0 });
    expect(failed.error).toBeTruthy();
    expect(failed.finishedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const moved = await t.app.ctx.db
      .selectFrom('bladeSupCouponCode')
      .select('id')
      .where('goodId', '=', brokenGood)
      .where('state', '!=', 'issued')
      .execute();
    expect(moved).toHaveLength(0);
  });

  it('is served at the spec names only (listPage, find; the engine list and detail are not)', async () => {
    expect((await t.get(`${URL}/listPage`, supply)).statusCode).toBe(200);
    expect((await t.get(`${URL}/list`, supply)).statusCode).toBe(404);
    expect((await t.get(`${URL}/detail`, supply, { id: '1' })).statusCode).toBe(404);
  });
});
