import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_TASK } from '../../../src/contracts/platform-supplier/batch-task.js';
import { SUP_BALANCE_RECORD } from '../../../src/contracts/platform-supplier/sup-balance.js';
import { createTestApp, data, type TestApp } from '../../test/support.js';
import { insertBalance, insertSupplier } from '../../services/platform-supplier/test-fixtures.js';
import { KEEP_SECONDS, KEY_IN_USE } from './index.js';

/** Issue 15 item 11: an Idempotency-Key makes a repeated POST answer once, and only once. */
describe('Idempotency-Key (lib/idempotency)', () => {
  let t: TestApp;
  let tenantAdmin: string;
  let sysAdmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.exportJobs.stop();
    tenantAdmin = await t.tenantAdminToken();
    sysAdmin = await t.adminToken();
  });
  afterAll(() => t.close());

  const EXPORT = '/api/blade-system/post/excel/export/async';
  const startExport = (token: string, key: string | undefined, body: Record<string, string>) =>
    t.inject({
      method: 'POST',
      url: EXPORT,
      headers: {
        'blade-auth': `bearer ${token}`,
        ...(key !== undefined ? { 'idempotency-key': key } : {}),
      },
      payload: body,
    });

  /** The caller's export tasks (the export centre's list). */
  const tasks = async (token: string) =>
    data<{ total: number }>(
      await t.get('/api/blade-system/data-export/list', token, { size: '100' }),
    ).total;

  /** Queued tasks are finished, so the 5-unfinished limit never interferes. */
  const drain = () => t.app.exportJobs.drain();

  it('answers the same key and body once: the repeat replays the first answer, one task', async () => {
    const before = await tasks(tenantAdmin);
    const body = { excelType: 'post', postName: '经理' };
    const first = await startExport(tenantAdmin, 'key-same-1', body);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await startExport(tenantAdmin, 'key-same-1', body);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await tasks(tenantAdmin)).toBe(before + 1);
    await drain();
  });

  it('refuses the same key with another body (422) and creates nothing', async () => {
    const first = await startExport(tenantAdmin, 'key-other-1', { excelType: 'post' });
    expect(first.statusCode).toBe(200);
    const before = await tasks(tenantAdmin);
    const other = await startExport(tenantAdmin, 'key-other-1', {
      excelType: 'post',
      postName: '别的',
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 422, success: false, msg: KEY_IN_USE });
    expect(await tasks(tenantAdmin)).toBe(before);
    await drain();
  });

  it('makes one task of parallel requests with the same key', async () => {
    const before = await tasks(tenantAdmin);
    const body = { excelType: 'post', postCode: 'p' };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => startExport(tenantAdmin, 'key-parallel-1', body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => data<{ id: string }>(a).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await tasks(tenantAdmin)).toBe(before + 1);
    await drain();
  });

  it("does not collide with another user's or tenant's key", async () => {
    const body = { excelType: 'post' };
    const mine = await startExport(tenantAdmin, 'key-shared-1', body);
    const before = await tasks(sysAdmin);
    const theirs = await startExport(sysAdmin, 'key-shared-1', body);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(data<{ id: string }>(theirs).id).not.toBe(data<{ id: string }>(mine).id);
    expect(await tasks(sysAdmin)).toBe(before + 1);
    await drain();
  });

  it('refuses a malformed key and documents the header on the routes that accept it', async () => {
    const bad = await startExport(tenantAdmin, 'has space', { excelType: 'post' });
    expect(bad.statusCode).toBe(400);
    const doc = data<{
      services: {
        routes: { method: string; path: string; query?: { name: string; in?: string }[] }[];
      }[];
    }>(await t.get('/api/blade-system/api-document', sysAdmin));
    const routes = doc.services.flatMap((s) => s.routes);
    const header = (path: string) =>
      routes
        .find((r) => r.method === 'POST' && r.path === path)
        ?.query?.find((q) => q.name === 'Idempotency-Key');
    expect(header(EXPORT)).toMatchObject({ in: 'header' });
    expect(header('/api/blade-user/import-user')).toMatchObject({ in: 'header' });
  });

  /** Issue 24: a request refused for its input keeps no answer under its key. */
  const postWithKey = (url: string, key: string, body: Record<string, unknown>) =>
    t.inject({
      method: 'POST',
      url,
      headers: { 'blade-auth': `bearer ${sysAdmin}`, 'idempotency-key': key },
      payload: body,
    });
  const ledger = (supId: string) =>
    t.app.ctx.db
      .selectFrom('bladeSupBalanceRecord')
      .select(['amount'])
      .where('supId', '=', supId)
      .execute();

  it('frees a key whose body failed its schema (parseBody): the same key with a corrected body runs', async () => {
    const supId = await insertSupplier(t.app.ctx.db, '000000', 'IDEMIN1');
    const url = `/api/${BATCH_TASK}/submit`;
    const task = {
      supId,
      issueStart: '2026-03-10 00:00:00',
      issueEnd: '2026-03-10 23:59:59',
    };
    const refused = await postWithKey(url, 'key-input-1', task);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ msg: 'taskName:请输入任务名称' });
    // The same refused body again is checked again (nothing was kept to replay).
    const again = await postWithKey(url, 'key-input-1', task);
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    // The corrected body with the same key: a new request, not 422.
    const corrected = await postWithKey(url, 'key-input-1', { ...task, taskName: '改正后' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    // From now on the key is the corrected request's.
    const repeat = await postWithKey(url, 'key-input-1', { ...task, taskName: '改正后' });
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(data<{ id: string }>(repeat).id).toBe(data<{ id: string }>(corrected).id);
    const other = await postWithKey(url, 'key-input-1', task);
    expect(other.statusCode).toBe(422);
  });

  it("frees a key refused by a route's own field checks (new-record's amount), not one refused by the work", async () => {
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, '000000', 'IDEMIN2');
    await insertBalance(db, '000000', supId, 1_000); // 10.00 yuan
    const url = `/api/${SUP_BALANCE_RECORD}/new-record`;
    const record = { supId, type: 'deduct', reason: '扣减' };

    const badAmount = await postWithKey(url, 'key-input-2', { ...record, amount: '1.234' });
    expect(badAmount.statusCode).toBe(400);
    const fixed = await postWithKey(url, 'key-input-2', { ...record, amount: '1.23' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(data<{ balance: number }>(fixed).balance).toBe(8.77);

    // A deduction past the balance is refused by the work (the ledger said no): that answer is
    // the request's outcome and is kept, even once the balance has been topped up.
    const tooMuch = { ...record, amount: '20' };
    const short = await postWithKey(url, 'key-work-1', tooMuch);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ msg: expect.stringMatching(/^余额不足/) });
    const topUp = await postWithKey(url, 'key-work-2', { ...record, type: 'add', amount: '100' });
    expect(topUp.statusCode).toBe(200);
    const replayed = await postWithKey(url, 'key-work-1', tooMuch);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(short.json());
    expect((await ledger(supId)).map((r) => Number(r.amount))).toEqual([1_000, -123, 10_000]);
  });

  it('forgets a key after 24 hours; without a key every call is a new task', async () => {
    const body = { excelType: 'post' };
    const first = await startExport(tenantAdmin, 'key-old-1', body);
    t.advance(KEEP_SECONDS + 1);
    // (The clock moved past the token's life too.)
    tenantAdmin = await t.tenantAdminToken();
    const later = await startExport(tenantAdmin, 'key-old-1', body);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(data<{ id: string }>(later).id).not.toBe(data<{ id: string }>(first).id);
    await drain();
    const before = await tasks(tenantAdmin);
    await startExport(tenantAdmin, undefined, body);
    await startExport(tenantAdmin, undefined, body);
    expect(await tasks(tenantAdmin)).toBe(before + 2);
    await drain();
  });
});
