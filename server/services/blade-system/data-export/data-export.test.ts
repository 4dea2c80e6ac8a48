import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../lib/ids.js';
import { formatDateTime } from '../../../lib/time.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { EXPORT_STATUS, exportFilesDir } from './routes.js';

interface Task {
  id: string;
  sourceFileName: string;
  status: string;
  fileUrl: string;
  expireTime: string;
}
interface Page {
  records: Task[];
  total: number;
}

describe('blade-system/data-export (export centre)', () => {
  let t: TestApp;
  let operator: string;
  let finance: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await t.login('operator', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  /** A task as the export worker leaves it. */
  async function task(
    account: string,
    status: string,
    options: { expiresInHours?: number; content?: string } = {},
  ) {
    const user = await t.app.ctx.db
      .selectFrom('bladeUser')
      .select(['id', 'tenantId'])
      .where('account', '=', account)
      .where('tenantId', '=', '000000')
      .executeTakeFirstOrThrow();
    const id = nextId();
    const filePath = options.content !== undefined ? `${id}.xlsx` : null;
    if (filePath) {
      fs.mkdirSync(exportFilesDir(t.app.ctx), { recursive: true });
      fs.writeFileSync(path.join(exportFilesDir(t.app.ctx), filePath), options.content ?? '');
    }
    const now = Date.now();
    await t.app.ctx.db
      .insertInto('bladeDataExport')
      .values({
        id,
        tenantId: user.tenantId,
        userId: user.id,
        excelType: 'supplier',
        sourceFileName: `供应商列表-${id}.xlsx`,
        status,
        filePath,
        errorMessage: null,
        createTime: formatDateTime(new Date(now)),
        expireTime: formatDateTime(new Date(now + (options.expiresInHours ?? 24) * 3600_000)),
        isDeleted: 0,
        // A running task is held by a (pretend) worker, so the sweep leaves it running.
        ...(status === EXPORT_STATUS.running
          ? { leaseOwner: 'test-worker', leaseExpires: Math.floor(now / 1000) + 86400 }
          : {}),
      })
      .execute();
    return id;
  }

  it("lists only the caller's own tasks, newest first, with a download call for finished ones", async () => {
    const running = await task('operator', EXPORT_STATUS.running);
    const done = await task('operator', EXPORT_STATUS.done, { content: 'xlsx-bytes' });
    await task('finance', EXPORT_STATUS.done, { content: 'other' });
    const page = data<Page>(
      await t.get('/api/blade-system/data-export/list', operator, { current: '1', size: '10' }),
    );
    expect(page.records.map((r) => r.id).sort()).toEqual([running, done].sort());
    const finished = page.records.find((r) => r.id === done)!;
    expect(finished.status).toBe('文件已生成');
    expect(finished.fileUrl).toBe(`blade-system/data-export/download?id=${done}`);
    expect(page.records.find((r) => r.id === running)!.fileUrl).toBe('');
  });

  it("answers one of the caller's own tasks (the console follows an export with it), 404 for anyone else's", async () => {
    const running = await task('operator', EXPORT_STATUS.running);
    const done = await task('operator', EXPORT_STATUS.done, { content: 'xlsx-bytes' });
    const detail = (id: string, token: string) =>
      t.get('/api/blade-system/data-export/detail', token, { id });
    const runningTask = data<Task & { progress: number }>(await detail(running, operator));
    expect(runningTask).toMatchObject({ id: running, fileUrl: '' });
    expect(runningTask.status).not.toBe('文件已生成');
    expect(data<Task>(await detail(done, operator))).toMatchObject({
      id: done,
      status: '文件已生成',
      fileUrl: `blade-system/data-export/download?id=${done}`,
    });
    // Where the file lies on disk is not answered.
    expect(data<object>(await detail(done, operator))).not.toHaveProperty('filePath');
    expect((await detail(done, finance)).statusCode).toBe(404);
    expect(
      (await t.get('/api/blade-system/data-export/detail', undefined, { id: done })).statusCode,
    ).toBe(401);
  });

  it('downloads a finished file with the token in the header only', async () => {
    const id = await task('operator', EXPORT_STATUS.done, { content: 'hello-xlsx' });
    const res = await t.get('/api/blade-system/data-export/download', operator, { id });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('hello-xlsx');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(
      (await t.get('/api/blade-system/data-export/download', undefined, { id })).statusCode,
    ).toBe(401);
    expect(
      (await t.get('/api/blade-system/data-export/download', finance, { id })).statusCode,
    ).toBe(404);
  });

  it('answers 409 for a task still running and 410 for an expired file', async () => {
    const running = await task('operator', EXPORT_STATUS.running);
    expect(
      (await t.get('/api/blade-system/data-export/download', operator, { id: running })).statusCode,
    ).toBe(409);
    const expired = await task('operator', EXPORT_STATUS.done, {
      content: 'x',
      expiresInHours: -1,
    });
    expect(
      (await t.get('/api/blade-system/data-export/download', operator, { id: expired })).statusCode,
    ).toBe(410);
  });

  it("deletes one task (and its file) and clears all, never touching another user's", async () => {
    const mine = await task('operator', EXPORT_STATUS.done, { content: 'x' });
    const theirs = await task('finance', EXPORT_STATUS.done, { content: 'y' });
    const del = await t.post('/api/blade-system/data-export/del', operator, undefined, {
      ids: `${mine},${theirs}`,
    });
    expect(del.json()).toMatchObject({ code: 200, msg: '删除成功!' });
    expect(fs.existsSync(path.join(exportFilesDir(t.app.ctx), `${mine}.xlsx`))).toBe(false);
    expect(fs.existsSync(path.join(exportFilesDir(t.app.ctx), `${theirs}.xlsx`))).toBe(true);
    const cleared = await t.post('/api/blade-system/data-export/empty-all', operator);
    expect(cleared.json()).toMatchObject({ code: 200, msg: '清空成功!' });
    expect(data<Page>(await t.get('/api/blade-system/data-export/list', operator)).total).toBe(0);
    expect(
      data<Page>(await t.get('/api/blade-system/data-export/list', finance)).total,
    ).toBeGreaterThan(0);
  });
  describe('one-time download tickets', () => {
    const ticketFor = (token: string, id: string) =>
      t.post('/api/blade-system/data-export/ticket', token, undefined, { id });
    const file = (ticket: string) =>
      t.get('/api/blade-system/data-export/file', undefined, { ticket });

    it('streams the file once for a ticket, without a token, as an attachment', async () => {
      const id = await task('operator', EXPORT_STATUS.done, { content: 'ticket-bytes' });
      const issued = data<{ ticket: string; expiresIn: number; url: string }>(
        await ticketFor(operator, id),
      );
      expect(issued.expiresIn).toBe(60);
      expect(issued.url).toBe(`blade-system/data-export/file?ticket=${issued.ticket}`);
      const res = await file(issued.ticket);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('ticket-bytes');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent(`供应商列表-${id}.xlsx`)}`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toContain('spreadsheetml');
      // Used: 410. Unknown or malformed: 403.
      const again = await file(issued.ticket);
      expect(again.statusCode).toBe(410);
      expect(again.json()).toMatchObject({ code: 410, msg: '下载凭证已失效' });
      expect((await file('A'.repeat(43))).statusCode).toBe(403);
      expect((await file('../../etc/passwd')).statusCode).toBe(403);
      expect((await file('')).statusCode).toBe(403);
    });

    it('issues tickets for the caller’s own finished, unexpired tasks only', async () => {
      const done = await task('operator', EXPORT_STATUS.done, { content: 'x' });
      expect(
        (await t.post('/api/blade-system/data-export/ticket', undefined, undefined, { id: done }))
          .statusCode,
      ).toBe(401);
      expect((await ticketFor(finance, done)).statusCode).toBe(404);
      const running = await task('operator', EXPORT_STATUS.running);
      expect((await ticketFor(operator, running)).statusCode).toBe(409);
      const failed = await task('operator', EXPORT_STATUS.failed);
      expect((await ticketFor(operator, failed)).statusCode).toBe(409);
      const expired = await task('operator', EXPORT_STATUS.done, {
        content: 'x',
        expiresInHours: -1,
      });
      expect((await ticketFor(operator, expired)).statusCode).toBe(410);
    });

    it('refuses a ticket that timed out, or whose task was deleted or expired meanwhile', async () => {
      const a = await task('operator', EXPORT_STATUS.done, { content: 'a' });
      const late = data<{ ticket: string }>(await ticketFor(operator, a)).ticket;
      const b = await task('operator', EXPORT_STATUS.done, { content: 'b' });
      const deleted = data<{ ticket: string }>(await ticketFor(operator, b)).ticket;
      await t.post('/api/blade-system/data-export/del', operator, undefined, { ids: b });
      expect((await file(deleted)).statusCode).toBe(404);
      const c = await task('operator', EXPORT_STATUS.done, { content: 'c' });
      const stale = data<{ ticket: string }>(await ticketFor(operator, c)).ticket;
      await t.app.ctx.db
        .updateTable('bladeDataExport')
        .set({ expireTime: '2000-01-01 00:00:00' })
        .where('id', '=', c)
        .execute();
      expect((await file(stale)).statusCode).toBe(410);
      t.advance(61);
      expect((await file(late)).statusCode).toBe(410);
    });
  });
});
