import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../test/support.js';
import { nextId } from '../ids.js';
import { nowText } from '../time.js';
import { defineTable, tableRoutes } from '../table/index.js';
import {
  EXPORT_CREATED,
  EXPORT_INTERRUPTED,
  EXPORT_RETRY_AFTER_SECONDS,
  EXPORT_STATUS,
  ExportEngine,
  exportFilesDir,
  MAX_PENDING_EXPORTS,
} from './index.js';

/** Test declarations over blade_post beside the real blade-system/post (which exports too). */
const base = {
  table: 'bladePost',
  scope: 'tenant',
  versioned: true,
  access: { read: 'post', add: 'post_add', edit: 'post_edit', remove: 'post_delete' },
  columns: ['postCode', 'postName', 'category', 'remark'],
  list: { filters: { postCode: { column: 'postCode' } }, sorts: { postCode: 'postCode' } },
  defaultOrder: { postCode: 'asc' },
  input: z.object({}),
} as const;

/** A data scope: the caller's own rows only. */
const scopedPosts = defineTable({
  ...base,
  path: 'test/scoped-posts',
  dataScope:
    ({ user }) =>
    (eb) =>
      eb('createUser', '=', user.userId),
  export: {
    fileName: '我的岗位',
    columns: [{ field: 'postCode', header: '岗位编号' }],
  },
});

/** Sorts on a nullable column and on two columns in different directions. */
const sortedPosts = defineTable({
  ...base,
  path: 'test/sorted-posts',
  list: {
    filters: { postCode: { column: 'postCode' } },
    sorts: { postCode: 'postCode', remark: 'remark', category: 'category' },
  },
  export: {
    fileName: '排序',
    columns: [
      { field: 'postCode', header: '岗位编号' },
      { field: 'remark', header: '备注' },
    ],
  },
});

/** A formatter that fails on one row. */
const failingPosts = defineTable({
  ...base,
  path: 'test/failing-posts',
  export: {
    fileName: '失败',
    excelType: 'failing',
    columns: [
      { field: 'postCode', header: '岗位编号' },
      {
        field: 'postName',
        header: '岗位名称',
        format: (value) => {
          if (value === 'boom') throw new Error('formatter exploded: secret detail');
          return value;
        },
      },
    ],
  },
});

interface Task {
  id: string;
  status: string;
  errorMessage: string;
  progress: number;
  rowCount: number;
  sourceFileName: string;
}
interface PostRow {
  postCode: string;
  postName: string;
  categoryName: string;
  remark: string;
}

describe('async exports (lib/export)', () => {
  let t: TestApp;
  let tenantAdmin: string;
  let sysAdmin: string;
  let sales: string;
  let salesId: string;
  let jobs: ExportEngine;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.register(tableRoutes(scopedPosts));
    await t.app.register(tableRoutes(failingPosts));
    await t.app.register(tableRoutes(sortedPosts));
    await t.app.ready();
    jobs = t.app.exportJobs;
    // The tests drive the worker themselves.
    await jobs.stop();
    tenantAdmin = await t.tenantAdminToken();
    sysAdmin = await t.adminToken();
    sales = await t.login('sales', DEMO_PASSWORD, '100001');
    salesId = (
      await t.app.ctx.db
        .selectFrom('bladeUser')
        .select('id')
        .where('tenantId', '=', '100001')
        .where('account', '=', 'sales')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  async function insertPost(
    tenantId: string,
    fields: { postCode: string; postName?: string; category?: number; remark?: string | null },
    createUser: string | null = null,
  ) {
    await t.app.ctx.db
      .insertInto('bladePost')
      .values({
        id: nextId(),
        tenantId,
        category: fields.category ?? 1,
        postCode: fields.postCode,
        postName: fields.postName ?? fields.postCode,
        sort: 0,
        remark: fields.remark ?? null,
        createUser,
        createDept: null,
        createTime: nowText(),
        updateUser: null,
        updateTime: null,
        status: 1,
        isDeleted: 0,
      })
      .execute();
  }

  const startExport = (token: string, service: string, params: Record<string, string>) =>
    t.post(`/api/${service}/excel/export/async`, token, undefined, params);

  async function exportId(token: string, service: string, params: Record<string, string>) {
    const res = await startExport(token, service, params);
    expect(res.json()).toMatchObject({ code: 200, success: true, msg: EXPORT_CREATED });
    return data<{ id: string }>(res).id;
  }

  async function task(token: string, id: string): Promise<Task> {
    const page = data<{ records: Task[] }>(
      await t.get('/api/blade-system/data-export/list', token, { size: '100' }),
    );
    const found = page.records.find((r) => r.id === id);
    if (!found) throw new Error(`task ${id} not listed`);
    return found;
  }

  /** Downloads a finished task through a ticket and reads it with ExcelJS. */
  async function workbook(token: string, id: string): Promise<ExcelJS.Workbook> {
    const { ticket } = data<{ ticket: string }>(
      await t.post('/api/blade-system/data-export/ticket', token, undefined, { id }),
    );
    const res = await t.get('/api/blade-system/data-export/file', undefined, { ticket });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb;
  }

  /** The data rows of the first sheet (header dropped), as cell values. */
  async function sheetRows(token: string, id: string): Promise<unknown[][]> {
    const sheet = (await workbook(token, id)).worksheets[0]!;
    const out: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) out.push((row.values as unknown[]).slice(1));
    });
    return out;
  }

  it('queues a task, answers the spec text, and writes the list as filtered into an .xlsx', async () => {
    for (const [code, category] of [
      ['exp-a1', 1],
      ['exp-a2', 2],
      ['exp-b1', 2],
      ['other-1', 2],
    ] as const)
      await insertPost('100001', { postCode: code, postName: `名${code}`, category });
    const filters = { postCode: 'exp-', category: '2', descs: 'postCode' };
    const id = await exportId(tenantAdmin, 'blade-system/post', { excelType: 'post', ...filters });
    const queued = await task(tenantAdmin, id);
    expect(queued.status).toBe(EXPORT_STATUS.queued);
    expect(queued.sourceFileName).toMatch(/^岗位列表-\d{14}\.xlsx$/);

    expect(await jobs.drain()).toBe(1);
    const done = await task(tenantAdmin, id);
    expect(done).toMatchObject({ status: '文件已生成', progress: 100, rowCount: 2 });

    const list = data<{ records: PostRow[] }>(
      await t.get('/api/blade-system/post/list', tenantAdmin, { ...filters, size: '500' }),
    ).records;
    const wb = await workbook(tenantAdmin, id);
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '岗位类型',
      '岗位编号',
      '岗位名称',
      '排序',
      '备注',
      '创建时间',
    ]);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1, 4));
    });
    expect(rows).toEqual(list.map((p) => [p.categoryName, p.postCode, p.postName]));
    expect(rows.map((r) => r[1])).toEqual(['exp-b1', 'exp-a2']);
  });

  it('reads in keyset batches in the list order, whatever the batch size', async () => {
    for (let i = 0; i < 11; i++)
      await insertPost('100001', { postCode: `kb-${String(i).padStart(2, '0')}` });
    jobs.batchSize = 3;
    try {
      for (const sort of [{ ascs: 'postCode' }, { descs: 'postCode' }] as Record<
        string,
        string
      >[]) {
        const id = await exportId(tenantAdmin, 'test/scoped-posts', { postCode: 'kb-', ...sort });
        // The scoped declaration sees only the caller's rows: none of these (no createUser).
        await jobs.drain();
        expect(await sheetRows(tenantAdmin, id)).toEqual([]);
        const all = await exportId(tenantAdmin, 'blade-system/post', {
          excelType: 'post',
          postCode: 'kb-',
          ...sort,
        });
        await jobs.drain();
        const codes = (await sheetRows(tenantAdmin, all)).map((r) => r[1]);
        const expected = Array.from({ length: 11 }, (_, i) => `kb-${String(i).padStart(2, '0')}`);
        expect(codes).toEqual('descs' in sort ? expected.reverse() : expected);
      }
    } finally {
      jobs.batchSize = 1000;
    }
  });

  it('pages through NULLs and mixed sort directions without losing or repeating a row', async () => {
    // ns-0..ns-9: remark null for every third, category 1..3; inserted in order (ids ascending).
    const posts = Array.from({ length: 10 }, (_, i) => ({
      postCode: `ns-${i}`,
      remark: i % 3 === 0 ? null : `r-${String(9 - i)}`,
      category: (i % 3) + 1,
    }));
    for (const p of posts) await insertPost('100001', p);
    jobs.batchSize = 2;
    try {
      const codes = async (sort: Record<string, string>) => {
        const id = await exportId(tenantAdmin, 'test/sorted-posts', { postCode: 'ns-', ...sort });
        await jobs.drain();
        return (await sheetRows(tenantAdmin, id)).map((r) => r[0]);
      };
      const withRemark = posts.filter((p) => p.remark !== null);
      const nulls = posts.filter((p) => p.remark === null).map((p) => p.postCode);
      const byRemark = [...withRemark].sort((a, b) => a.remark!.localeCompare(b.remark!));
      // NULLs last either way; ties (the NULLs) by id in the direction of the last sort.
      expect(await codes({ ascs: 'remark' })).toEqual([
        ...byRemark.map((p) => p.postCode),
        ...nulls,
      ]);
      expect(await codes({ descs: 'remark' })).toEqual([
        ...byRemark.reverse().map((p) => p.postCode),
        ...nulls.reverse(),
      ]);
      const mixed = [...posts].sort(
        (a, b) => a.category - b.category || b.postCode.localeCompare(a.postCode),
      );
      expect(await codes({ ascs: 'category', descs: 'postCode' })).toEqual(
        mixed.map((p) => p.postCode),
      );
    } finally {
      jobs.batchSize = 1000;
    }
  });

  it("never writes another tenant's rows (a tenantId parameter is ignored)", async () => {
    await insertPost('000000', { postCode: 'iso-system' });
    await insertPost('100001', { postCode: 'iso-demo' });
    const id = await exportId(tenantAdmin, 'blade-system/post', {
      excelType: 'post',
      postCode: 'iso-',
      tenantId: '000000',
    });
    const mine = await exportId(sysAdmin, 'blade-system/post', {
      excelType: 'post',
      postCode: 'iso-',
    });
    await jobs.drain();
    expect((await sheetRows(tenantAdmin, id)).map((r) => r[1])).toEqual(['iso-demo']);
    expect((await sheetRows(sysAdmin, mine)).map((r) => r[1])).toEqual(['iso-system']);
    // Tasks are the caller's own: the other tenant's administrator cannot see or fetch them.
    const theirs = await t.post('/api/blade-system/data-export/ticket', sysAdmin, undefined, {
      id,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('honours the declaration’s data scope', async () => {
    const { id: userId } = await t.app.ctx.db
      .selectFrom('bladeUser')
      .select('id')
      .where('tenantId', '=', '100001')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    await insertPost('100001', { postCode: 'ds-mine-1' }, userId);
    await insertPost('100001', { postCode: 'ds-mine-2' }, userId);
    await insertPost('100001', { postCode: 'ds-theirs' }, salesId);
    const id = await exportId(tenantAdmin, 'test/scoped-posts', { postCode: 'ds-' });
    await jobs.drain();
    expect((await sheetRows(tenantAdmin, id)).map((r) => r[0])).toEqual(['ds-mine-1', 'ds-mine-2']);
    const list = data<{ records: PostRow[] }>(
      await t.get('/api/test/scoped-posts/list', tenantAdmin, { postCode: 'ds-' }),
    ).records;
    expect(list.map((r) => r.postCode)).toEqual(['ds-mine-1', 'ds-mine-2']);
  });

  it('checks the export permission, the excelType and the filters when the task is created', async () => {
    // sales holds no post menu at all.
    expect((await startExport(sales, 'blade-system/post', { excelType: 'post' })).statusCode).toBe(
      403,
    );
    const unknown = await startExport(tenantAdmin, 'blade-system/post', { excelType: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('不支持的导出类型');
    // The list refuses a non-integer category: so does the export, before anything is queued.
    const bad = await startExport(tenantAdmin, 'blade-system/post', {
      excelType: 'post',
      category: 'x',
    });
    expect(bad.statusCode).toBe(400);
    // A service with one exporter accepts a request without excelType (JSON body this time).
    const body = await t.post('/api/blade-system/param/excel/export/async', tenantAdmin, {
      paramKey: 'account.',
    });
    expect(body.json()).toMatchObject({ code: 200, msg: EXPORT_CREATED });
    await jobs.drain();
    const keys = (await sheetRows(tenantAdmin, data<{ id: string }>(body).id)).map((r) => r[1]);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => String(k).includes('account.'))).toBe(true);
  });

  it('limits the unfinished tasks of one user', async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_PENDING_EXPORTS; i++)
      ids.push(await exportId(tenantAdmin, 'blade-system/post', { excelType: 'post' }));
    const refused = await startExport(tenantAdmin, 'blade-system/post', { excelType: 'post' });
    expect(refused.statusCode).toBe(429);
    // Issue 15 item 15: the client is told when to try again, in the envelope.
    expect(refused.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
    expect(refused.json()).toMatchObject({ code: 429, success: false });
    await jobs.drain();
  });

  it('fails a task whose formatter throws, with a reason and no file left behind', async () => {
    await insertPost('100001', { postCode: 'fail-1', postName: 'fine' });
    await insertPost('100001', { postCode: 'fail-2', postName: 'boom' });
    const id = await exportId(tenantAdmin, 'test/failing-posts', {
      excelType: 'failing',
      postCode: 'fail-',
    });
    await jobs.drain();
    const failed = await task(tenantAdmin, id);
    expect(failed.status).toBe('生成失败');
    expect(failed.errorMessage).toMatch(/^第2行“岗位名称”格式化失败（参考编号 \w+）$/);
    expect(failed.errorMessage).not.toContain('secret');
    expect(fs.readdirSync(exportFilesDir(t.app.ctx)).filter((f) => f.startsWith(id))).toEqual([]);
    const ticket = await t.post('/api/blade-system/data-export/ticket', tenantAdmin, undefined, {
      id,
    });
    expect(ticket.statusCode).toBe(409);
  });

  // Issue 15 item 12: the worker records its own failure at once, whatever the cleanup meets.
  it('fails a task at once with the real reason when its file cannot be written', async () => {
    const dir = exportFilesDir(t.app.ctx);
    // The worker's temporary file cannot be created (nor removed): a directory has its name.
    const blocked = async (params: Record<string, string>) => {
      const id = await exportId(tenantAdmin, 'test/failing-posts', params);
      fs.mkdirSync(`${dir}/${id}.xlsx.part`, { recursive: true });
      await jobs.drain();
      fs.rmSync(`${dir}/${id}.xlsx.part`, { recursive: true, force: true });
      // The next status read, with no lease expiry and no sweep in between.
      return task(tenantAdmin, id);
    };
    await insertPost('100001', { postCode: 'wf-1', postName: 'fine' });
    expect(await blocked({ excelType: 'failing', postCode: 'wf-' })).toMatchObject({
      status: '生成失败',
      errorMessage: expect.stringMatching(/^写入文件失败（参考编号 \w+）$/),
    });
    // A row whose formatting throws: that row and column are the reason, never SQL.
    await insertPost('100001', { postCode: 'wf-2', postName: 'boom' });
    const failed = await blocked({ excelType: 'failing', postCode: 'wf-' });
    expect(failed.status).toBe('生成失败');
    expect(failed.errorMessage).toMatch(/^第2行“岗位名称”格式化失败（参考编号 \w+）$/);
  });

  it('fails a task whose exporter no longer exists', async () => {
    const id = await exportId(tenantAdmin, 'blade-system/post', { excelType: 'post' });
    await t.app.ctx.db
      .updateTable('bladeDataExport')
      .set({ excelType: 'retired' })
      .where('id', '=', id)
      .execute();
    await jobs.drain();
    expect(await task(tenantAdmin, id)).toMatchObject({
      status: '生成失败',
      errorMessage: '不支持的导出类型',
    });
  });

  it('fails a task whose worker died (lease expired), never leaving it running', async () => {
    const id = await exportId(tenantAdmin, 'blade-system/post', { excelType: 'post' });
    const dead = new ExportEngine(t.app.ctx, { owner: 'dead-worker', leaseSeconds: 30 });
    expect((await dead.claim())?.id).toBe(id);
    // Still within the lease: the sweep leaves it alone.
    await jobs.sweep();
    expect((await task(tenantAdmin, id)).status).toBe(EXPORT_STATUS.running);
    t.advance(31);
    await jobs.sweep();
    expect(await task(tenantAdmin, id)).toMatchObject({
      status: '生成失败',
      errorMessage: EXPORT_INTERRUPTED,
    });
    // The dead worker coming back cannot finish it.
    const row = await t.app.ctx.db
      .selectFrom('bladeDataExport')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await dead.run({ ...row, leaseOwner: 'dead-worker' });
    expect((await task(tenantAdmin, id)).status).toBe('生成失败');
  });

  it('gives each queued task to exactly one of several workers claiming at once', async () => {
    const db = t.app.ctx.db;
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const id = nextId();
      ids.push(id);
      await db
        .insertInto('bladeDataExport')
        .values({
          id,
          tenantId: '100001',
          userId: `claim-test-${i}`,
          excelType: 'post',
          service: 'blade-system/post',
          sourceFileName: 'x.xlsx',
          status: EXPORT_STATUS.queued,
          query: '{}',
          caller: null,
          filePath: null,
          errorMessage: null,
          createTime: nowText(),
          expireTime: nowText(),
          isDeleted: 0,
        })
        .execute();
    }
    const workers = ['w1', 'w2', 'w3'].map(
      (owner) => new ExportEngine(t.app.ctx, { owner, leaseSeconds: 600 }),
    );
    const claimed: { owner: string; id: string }[] = [];
    await Promise.all(
      workers.map(async (w) => {
        for (;;) {
          const got = await w.claim();
          if (!got) return;
          claimed.push({ owner: w.owner, id: got.id });
        }
      }),
    );
    expect(claimed.map((c) => c.id).sort()).toEqual([...ids].sort());
    const rows = await db
      .selectFrom('bladeDataExport')
      .select(['id', 'leaseOwner', 'status'])
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) {
      expect(r.status).toBe(EXPORT_STATUS.running);
      expect(r.leaseOwner).toBe(claimed.find((c) => c.id === r.id)?.owner);
    }
    // One task, two claims at the same time: one wins.
    await db
      .updateTable('bladeDataExport')
      .set({ status: EXPORT_STATUS.queued, leaseOwner: null })
      .where('id', '=', ids[0]!)
      .execute();
    const race = await Promise.all([workers[0]!.claim(), workers[1]!.claim()]);
    expect(race.filter(Boolean)).toHaveLength(1);
    await db.updateTable('bladeDataExport').set({ isDeleted: 1 }).where('id', 'in', ids).execute();
  });

  it('abandons a task its owner deletes while it is being written', async () => {
    const id = await exportId(tenantAdmin, 'blade-system/post', { excelType: 'post' });
    const claimed = await jobs.claim();
    expect(claimed?.id).toBe(id);
    await t.post('/api/blade-system/data-export/del', tenantAdmin, undefined, { ids: id });
    await jobs.run(claimed!);
    expect(fs.readdirSync(exportFilesDir(t.app.ctx)).filter((f) => f.startsWith(id))).toEqual([]);
  });

  it('writes formula-like text as text cells, values unchanged', async () => {
    const texts = [
      '=1+1',
      '+SUM(A1:A2)',
      '-2+3',
      '@cmd',
      '\tTAB',
      '\rCR=1',
      'a\r\nb',
      '=HYPERLINK("x")',
    ];
    for (const [i, remark] of texts.entries())
      await insertPost('100001', { postCode: `fx-${i}`, postName: remark, remark });
    const id = await exportId(tenantAdmin, 'blade-system/post', {
      excelType: 'post',
      postCode: 'fx-',
    });
    await jobs.drain();
    const sheet = (await workbook(tenantAdmin, id)).worksheets[0]!;
    texts.forEach((text, i) => {
      const row = sheet.getRow(i + 2);
      for (const col of [3, 5]) {
        const cell = row.getCell(col);
        expect(cell.type).toBe(ExcelJS.ValueType.String);
        expect(cell.value).toBe(text);
        expect(cell.formula).toBeUndefined();
        // Text format too for the ones a spreadsheet would evaluate if edited.
        expect(cell.numFmt).toBe(text.startsWith('a') ? undefined : '@');
      }
    });
  });
});

describe('the export worker started by buildApp', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('picks up a new task by itself and finishes it', async () => {
    t = await createTestApp();
    const token = await t.tenantAdminToken();
    const res = await t.post('/api/blade-system/param/excel/export/async', token, undefined, {
      excelType: 'param',
    });
    const { id } = data<{ id: string }>(res);
    let status = '';
    for (let i = 0; i < 100 && status !== EXPORT_STATUS.done; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const page = data<{ records: Task[] }>(
        await t.get('/api/blade-system/data-export/list', token),
      );
      status = page.records.find((r) => r.id === id)?.status ?? '';
    }
    expect(status).toBe('文件已生成');
  });
});
