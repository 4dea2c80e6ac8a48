import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_SERVICE,
  type CodeImportResult,
} from '../../../../src/contracts/platform-supplier/coupon-code.js';
import { ROW_HEADER } from '../../../lib/import/workbook.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { insertCodes, insertGood, insertSupplier } from '../test-fixtures.js';
import { maskCode, openCode } from './code-crypto.js';

/**
 * Issue 24 item 3: no plain coupon code or pin at rest. Every import path (a file, a pasted list,
 * the supplier's interface) is run with codes already in stock and repeats inside the list; then
 * every file under DATA_DIR (xlsx unpacked), the rows the import wrote, the logs and the server's
 * own log are searched for the plain codes.
 */

const CODES = `/api/${CODE_SERVICE}`;
const TENANT = '000000';

/** Every file below `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The texts a file holds: its bytes, and for a zip (xlsx) every entry unpacked. */
async function textsOf(file: string): Promise<string[]> {
  const bytes = fs.readFileSync(file);
  const texts = [bytes.toString('utf8'), bytes.toString('latin1')];
  if (bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) {
    const zip = await JSZip.loadAsync(bytes);
    for (const entry of Object.values(zip.files)) {
      if (!entry.dir) texts.push(await entry.async('string'));
    }
  }
  return texts;
}

async function workbook(rows: string[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('券码');
  sheet.addRow(['券码', '卡密', '有效期开始', '有效期结束']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('coupon-code imports keep no plain code at rest (issue 24 item 3)', () => {
  let t: TestApp;
  let supply: string;
  let supA: string;
  let goodA: string;
  const serverLog: string[] = [];

  const ctx = () => t.app.ctx;
  const db = () => t.app.ctx.db;
  const dataDir = () => t.app.ctx.config.dataDir;

  function upload(file: Buffer, goodId: string, key: string) {
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
          'blade-auth': `bearer ${supply}`,
          'idempotency-key': key,
        },
        payload: Buffer.from(body),
      }),
    );
  }

  /** Every text at rest: files under DATA_DIR, the rows imports and logs write, the server log. */
  async function everythingAtRest(): Promise<string> {
    const texts: string[] = [];
    for (const file of filesUnder(dataDir())) texts.push(...(await textsOf(file)));
    const tables = [
      'bladeImport',
      'bladeSupBatchCouponCode',
      'bladeSupCouponCode',
      'bladeLogApi',
      'bladeLogError',
      'bladeLogUsual',
      'bladeIdempotency',
    ] as const;
    for (const table of tables) {
      const rows = await db().selectFrom(table).selectAll().execute();
      texts.push(JSON.stringify(rows));
    }
    texts.push(serverLog.join(''));
    return texts.join('\n');
  }

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => serverLog.push(chunk.toString('utf8')));
    t = await createTestApp({ config: { supplierTimeoutMs: 2000 }, logStream });
    supply = await t.login('supply', DEMO_PASSWORD);
    supA = await insertSupplier(db(), TENANT, 'PLAIN');
    goodA = await insertGood(db(), TENANT, supA, 'PLAIN-G');
  });
  afterAll(() => t.close());

  it('writes a result file with the masked codes and the rows of the upload, never a plain code or pin', async () => {
    const stocked = ['STOCKED-PLAIN-CODE-0001', 'STOCKED-07'];
    await insertCodes(ctx(), TENANT, supA, goodA, stocked.length, { plain: stocked });
    const fresh = 'FRESH-PLAIN-CODE-0001';
    const repeated = 'REPEATED-PLAIN-CODE-0001';
    const pins = ['PIN-SECRET-000001', 'PIN-SECRET-000002', 'PIN-SECRET-000003'];
    const file = await workbook([
      [fresh, pins[0]!, '', ''], // row 2: fine on its own
      [stocked[0]!, pins[1]!, '', ''], // row 3: already in stock
      [repeated, '', '', ''], // row 4
      [repeated, pins[2]!, '', ''], // row 5: repeats row 4
      [stocked[1]!, '', '', ''], // row 6: already in stock (a short code)
    ]);
    const res = await upload(file, goodA, 'plain-codes-file');
    const answer = data<CodeImportResult>(res);
    expect(answer.status).toBe('failed');
    expect(answer.errors.map((e) => [e.row, e.message])).toEqual([
      [3, '券码已存在于库存中'],
      [5, '与第4行重复'],
      [6, '券码已存在于库存中'],
    ]);
    const plain = [fresh, repeated, ...stocked, ...pins];
    for (const p of plain) expect(res.body).not.toContain(p);

    // The result file on disk: masked codes, the upload's row numbers, no plain code or pin.
    const stored = filesUnder(path.join(dataDir(), 'files', 'imports'));
    expect(stored.length).toBe(1);
    const atRest = await everythingAtRest();
    expect(plain.filter((p) => atRest.includes(p))).toEqual([]);

    const result = await t.get(`${CODES}/import/result`, supply, { id: answer.resultId! });
    expect(result.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(result.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) =>
      rows.push(
        Array.from((row.values as unknown[]).slice(1), (v) => (v == null ? '' : String(v))),
      ),
    );
    const [header, ...body] = rows;
    expect(header![0]).toBe(ROW_HEADER);
    expect(header![1]).toContain('券码');
    expect(body.map((r) => r[0])).toEqual(['3', '5', '6']);
    expect(body.map((r) => r[1])).toEqual([
      maskCode(stocked[0]!),
      maskCode(repeated),
      maskCode(stocked[1]!),
    ]);
    expect(maskCode(stocked[0]!)).toBe('STOC********0001');
    // The pin column says a pin was there, not what it was.
    expect(body[0]![2]).toMatch(/^\*+$/);
    expect(body[2]![2]).toBe('');
    expect(body.map((r) => r.at(-1))).toEqual([
      '券码：券码已存在于库存中',
      '券码：与第4行重复',
      '券码：券码已存在于库存中',
    ]);
    // The stored bytes are the file served.
    expect(Buffer.compare(fs.readFileSync(stored[0]!), result.rawPayload)).toBe(0);
  });

  it('a result file with masked codes cannot be uploaded back as codes', async () => {
    const file = await workbook([
      ['ROUND-TRIP-PLAIN-0001', '', '', ''],
      ['ROUND-TRIP-PLAIN-0001', '', '', ''],
    ]);
    const answer = data<CodeImportResult>(await upload(file, goodA, 'round-trip-1'));
    expect(answer.status).toBe('failed');
    const result = await t.get(`${CODES}/import/result`, supply, { id: answer.resultId! });
    const again = await upload(result.rawPayload, goodA, 'round-trip-2');
    expect(again.statusCode).toBe(400);
    expect((again.json() as { msg: string }).msg).toContain('缺少列：券码');
  });

  it('a successful file import, a pasted list and the supplier interface leave no plain code at rest', async () => {
    const resultFiles = () => filesUnder(path.join(dataDir(), 'files', 'imports')).length;
    const before = resultFiles();
    const fileCodes = ['IMPORTED-PLAIN-CODE-0001', 'IMPORTED-PLAIN-CODE-0002'];
    const ok = data<CodeImportResult>(
      await upload(
        await workbook(fileCodes.map((c, i) => [c, `IMPORTED-PIN-00000${i}`, '', ''])),
        goodA,
        'plain-codes-ok',
      ),
    );
    expect(ok.status).toBe('success');

    const pasted = ['PASTED-PLAIN-CODE-0001', 'PASTED-PLAIN-CODE-0002'];
    const paste = await t.post(
      `${CODES}/import`,
      supply,
      {
        goodId: goodA,
        codes: [{ code: pasted[0], pin: 'PASTED-PIN-000001' }, fileCodes[0], pasted[1], pasted[1]],
      },
      undefined,
    );
    const refused = data<CodeImportResult>(paste);
    expect(refused.status).toBe('failed');
    expect(refused.errors.map((e) => [e.row, e.message])).toEqual([
      [2, '券码已存在于库存中'],
      [4, '与第3行重复'],
    ]);
    expect(refused.resultId).toBeNull();
    const pastedOk = data<CodeImportResult>(
      await t.post(`${CODES}/import`, supply, { goodId: goodA, codes: pasted }),
    );
    expect(pastedOk.status).toBe('success');

    const fetched = data<CodeImportResult>(
      await t.post(`${CODES}/auto/import`, supply, { goodId: goodA, quantity: 3 }),
    );
    const driverCodes = (
      await db()
        .selectFrom('bladeSupCouponCode')
        .select('codeCipher')
        .where('batchId', '=', fetched.batchId!)
        .execute()
    ).map((r) => openCode(ctx(), r.codeCipher));
    expect(driverCodes.length).toBe(3);
    expect(driverCodes.every((c) => c.length > 8)).toBe(true);

    // None of them wrote a file.
    expect(resultFiles()).toBe(before);
    const atRest = await everythingAtRest();
    const secrets = [
      ...fileCodes,
      'IMPORTED-PIN-000000',
      ...pasted,
      'PASTED-PIN-000001',
      ...driverCodes,
    ];
    expect(secrets.filter((p) => atRest.includes(p))).toEqual([]);
  });
});
