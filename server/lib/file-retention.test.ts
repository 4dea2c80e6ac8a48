import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE_SERVICE } from '../../src/contracts/platform-supplier/coupon-code.js';
import { loadConfig } from '../config.js';
import { insertGood, insertSupplier } from '../services/platform-supplier/test-fixtures.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../test/support.js';
import { exportFilesDir } from './export/index.js';
import { recordFinishedFile } from './export/finished.js';
import { FileRetention } from './file-retention.js';

/**
 * Issue 24 item 3: import result files and export files expire. The retention job removes those
 * older than FILE_RETENTION_DAYS (here 3) from storage, clears the rows that point at them, and
 * a download of one answers that it expired; newer files stay.
 */

const CODES = `/api/${CODE_SERVICE}`;
const EXPORTS = '/api/blade-system/data-export';
const DAY = 86_400;
const TENANT = '000000';

const msg = (res: { json(): unknown }) => (res.json() as { msg: string }).msg;

async function badCodes(seed: string) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('券码');
  sheet.addRow(['券码']);
  sheet.addRow([`RETENTION-${seed}-0001`]);
  sheet.addRow([`RETENTION-${seed}-0001`]); // repeats row 2: the import fails with a result file
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A coupon-code good of tenant 000000 and a signed-in user who may import its codes. */
async function codeImporter(t: TestApp) {
  const db = t.app.ctx.db;
  const supId = await insertSupplier(db, TENANT, `RT${Date.now() % 100000}`);
  const goodId = await insertGood(db, TENANT, supId, 'RT-G');
  // The clock moves by days in these tests: a token older than half an hour is replaced.
  let signedIn = { token: '', at: Number.NEGATIVE_INFINITY };
  const token = async () => {
    if (t.app.ctx.now() - signedIn.at > 1800)
      signedIn = { token: await t.login('supply', DEMO_PASSWORD), at: t.app.ctx.now() };
    return signedIn.token;
  };
  const user = await db
    .selectFrom('bladeUser')
    .select(['id', 'tenantId'])
    .where('tenantId', '=', TENANT)
    .where('account', '=', 'supply')
    .executeTakeFirstOrThrow();
  let n = 0;
  /** A failed import: its record id. */
  const failedImport = async () => {
    const form = new FormData();
    form.append('goodId', goodId);
    form.append('file', new Blob([new Uint8Array(await badCodes(String(++n)))]), '券码.xlsx');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.inject({
      method: 'POST',
      url: `${CODES}/import-batch-coupon`,
      headers: {
        'content-type': request.headers.get('content-type')!,
        'blade-auth': `bearer ${await token()}`,
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    const answer = data<{ status: string; resultId: string }>(res);
    expect(answer.status).toBe('failed');
    return answer.resultId;
  };
  /** A finished export of the same user: its task id. */
  const finishedExport = async () =>
    (
      await recordFinishedFile(
        t.app.ctx,
        { tenantId: user.tenantId, userId: user.id },
        { fileName: '券码-导出.xlsx', excelType: 'code', service: CODE_SERVICE },
        Buffer.from('PK\x03\x04 not really a workbook'),
      )
    ).id;
  const importRow = (id: string) =>
    db.selectFrom('bladeImport').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const exportRow = (id: string) =>
    db.selectFrom('bladeDataExport').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const result = async (id: string) => t.get(`${CODES}/import/result`, await token(), { id });
  const download = async (id: string) => t.get(`${EXPORTS}/download`, await token(), { id });
  const ticket = async (id: string) =>
    t.post(`${EXPORTS}/ticket`, await token(), undefined, { id });
  return { token, failedImport, finishedExport, importRow, exportRow, result, download, ticket };
}

describe('file retention on local storage', () => {
  let t: TestApp;
  let second: TestApp | undefined;
  let it_: Awaited<ReturnType<typeof codeImporter>>;
  const dataDir = () => t.app.ctx.config.dataDir;
  const resultFile = (id: string) => path.join(dataDir(), 'files', 'imports', TENANT, `${id}.xlsx`);
  const exportFile = (id: string) => path.join(exportFilesDir(t.app.ctx), `${id}.xlsx`);

  beforeAll(async () => {
    t = await createTestApp({ config: { fileRetentionDays: 3 } });
    it_ = await codeImporter(t);
  });
  afterEach(async () => {
    await second?.close();
    second = undefined;
  });
  afterAll(() => t.close());

  it('deletes result and export files older than the retention, keeps newer ones, and says they expired', async () => {
    const oldImport = await it_.failedImport();
    const oldExport = await it_.finishedExport();
    expect(fs.existsSync(resultFile(oldImport))).toBe(true);
    expect(fs.existsSync(exportFile(oldExport))).toBe(true);
    // The export centre is told the configured retention.
    const created = await it_.exportRow(oldExport);
    expect(Date.parse(created.expireTime) - Date.parse(created.finishTime!)).toBe(3 * DAY * 1000);

    t.advance(2 * DAY);
    const newImport = await it_.failedImport();
    const newExport = await it_.finishedExport();
    // Nothing is old enough yet.
    await t.app.fileRetention.drain();
    for (const f of [resultFile(oldImport), exportFile(oldExport)])
      expect(fs.existsSync(f)).toBe(true);

    t.advance(DAY + 60); // the old ones are now 3 days and a minute old, the new ones 1 day
    expect(await t.app.fileRetention.drain()).toBeGreaterThan(0);
    expect(fs.existsSync(resultFile(oldImport))).toBe(false);
    expect(fs.existsSync(exportFile(oldExport))).toBe(false);
    expect(fs.existsSync(resultFile(newImport))).toBe(true);
    expect(fs.existsSync(exportFile(newExport))).toBe(true);

    // The rows no longer point at the files; the expired export shows its expiry as passed.
    expect((await it_.importRow(oldImport)).resultFile).toBeNull();
    expect((await it_.importRow(newImport)).resultFile).not.toBeNull();
    expect((await it_.exportRow(oldExport)).filePath).toBeNull();
    expect((await it_.exportRow(newExport)).filePath).not.toBeNull();

    // Downloads: the expired ones say so (410, zh), the newer ones still download.
    const expiredResult = await it_.result(oldImport);
    expect(expiredResult.statusCode).toBe(410);
    expect(msg(expiredResult)).toBe('导入结果文件已过期，请重新导入');
    expect((await it_.result(newImport)).statusCode).toBe(200);
    const expiredExport = await it_.download(oldExport);
    expect(expiredExport.statusCode).toBe(410);
    expect(msg(expiredExport)).toBe('文件已过期，请重新导出');
    const expiredTicket = await it_.ticket(oldExport);
    expect(expiredTicket.statusCode).toBe(410);
    expect(msg(expiredTicket)).toBe('文件已过期，请重新导出');
    expect((await it_.download(newExport)).statusCode).toBe(200);
    expect((await it_.ticket(newExport)).statusCode).toBe(200);
    const listed = data<{ records: { id: string; fileUrl: string }[] }>(
      await t.get(`${EXPORTS}/list`, await it_.token(), { size: '100' }),
    ).records;
    expect(listed.find((r) => r.id === oldExport)?.fileUrl).toBe('');
    expect(listed.find((r) => r.id === newExport)?.fileUrl).not.toBe('');

    // A second run finds nothing more to do.
    expect(await t.app.fileRetention.drain()).toBe(0);
  });

  it('runs by itself at every poll', async () => {
    const job = new FileRetention(t.app.ctx, { pollMs: 20 });
    const id = await it_.failedImport();
    job.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 100)); // a few polls: not old enough
      expect(fs.existsSync(resultFile(id))).toBe(true);
      t.advance(4 * DAY);
      await vi.waitFor(() => expect(fs.existsSync(resultFile(id))).toBe(false), {
        timeout: 5000,
      });
    } finally {
      await job.stop();
    }
  });

  it('is safe with several processes on one database and with files already gone', async () => {
    second = await createTestApp({
      sameDatabaseAs: t,
      config: { fileRetentionDays: 3, dataDir: dataDir() },
    });
    const imports = [await it_.failedImport(), await it_.failedImport()];
    const exports = [await it_.finishedExport(), await it_.finishedExport()];
    // One file removed by hand (or by another process) before the job runs.
    fs.rmSync(resultFile(imports[0]!));
    fs.rmSync(exportFile(exports[0]!));
    // One told a later expiry (a longer FILE_RETENTION_DAYS then): removed by today's retention,
    // it shows the time it went.
    await t.app.ctx.db
      .updateTable('bladeDataExport')
      .set({ expireTime: '2999-01-01 00:00:00' })
      .where('id', '=', exports[1]!)
      .execute();
    t.advance(4 * DAY);
    second.advance(10 * DAY); // well past: it sees everything the first one sees
    await Promise.all([t.app.fileRetention.drain(), second.app.fileRetention.drain()]);
    for (const id of imports) {
      expect(fs.existsSync(resultFile(id))).toBe(false);
      expect((await it_.importRow(id)).resultFile).toBeNull();
    }
    for (const id of exports) {
      expect(fs.existsSync(exportFile(id))).toBe(false);
      expect((await it_.exportRow(id)).filePath).toBeNull();
    }
    expect((await it_.exportRow(exports[1]!)).expireTime < '2999').toBe(true);
  });
});

describe('file retention on S3-compatible storage', () => {
  const objects = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = req.url!;
      if (req.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200).end();
      } else if (req.method === 'GET') {
        const body = objects.get(key);
        if (!body) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-length': body.length }).end(body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  let t: TestApp;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      config: {
        fileRetentionDays: 3,
        s3: {
          endpoint: `http://127.0.0.1:${port}`,
          bucket: 'quanyi',
          accessKey: 'AK-TEST',
          secretKey: 'SECRET-TEST',
          region: 'us-east-1',
          pathStyle: true,
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('removes an expired result file from the bucket and the download says it expired', async () => {
    const importer = await codeImporter(t);
    const id = await importer.failedImport();
    const object = `/quanyi/imports/${TENANT}/${id}.xlsx`;
    expect(objects.has(object)).toBe(true);
    expect((await importer.result(id)).statusCode).toBe(200);
    t.advance(3 * DAY + 60);
    await t.app.fileRetention.drain();
    expect(objects.has(object)).toBe(false);
    expect((await importer.importRow(id)).resultFile).toBeNull();
    const res = await importer.result(id);
    expect(res.statusCode).toBe(410);
    expect(msg(res)).toBe('导入结果文件已过期，请重新导入');
  });
});

describe('FILE_RETENTION_DAYS', () => {
  it('defaults to 7 days and accepts only a positive whole number', () => {
    expect(loadConfig({}).fileRetentionDays).toBe(7);
    expect(loadConfig({ FILE_RETENTION_DAYS: '' }).fileRetentionDays).toBe(7);
    expect(loadConfig({ FILE_RETENTION_DAYS: '30' }).fileRetentionDays).toBe(30);
    expect(loadConfig({ FILE_RETENTION_DAYS: ' 1 ' }).fileRetentionDays).toBe(1);
    for (const bad of ['0', '-1', '1.5', 'seven', '7d', '99999'])
      expect(() => loadConfig({ FILE_RETENTION_DAYS: bad }), bad).toThrow(/FILE_RETENTION_DAYS/);
  });
});
