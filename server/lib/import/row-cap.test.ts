import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, data, type TestApp } from '../../test/support.js';
import { zip } from '../../test/zip.js';
import { readSheet } from './workbook.js';
import { checkXlsx } from './zip-check.js';

/** exceljs's row (the same module the server's exceljs uses: node loads exceljs/lib). */
const Row = createRequire(import.meta.url)('exceljs/lib/doc/row.js') as {
  prototype: {
    number: number;
    getCell(...args: unknown[]): unknown;
    model: unknown;
  };
};

/** An .xlsx of a header row and `count` small rows, written by exceljs's streaming writer. */
async function bigSheet(count: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = book.addWorksheet('用户数据');
  sheet.addRow(['账户', '姓名']).commit();
  for (let i = 1; i <= count; i++) sheet.addRow([`u${i}`, `n${i}`]).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

async function upload(t: TestApp, token: string, file: Buffer, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.inject({
    method: 'POST',
    url: '/api/blade-user/import-user',
    headers: {
      'content-type': request.headers.get('content-type')!,
      'blade-auth': `bearer ${token}`,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('import row cap (issue 15 item 2)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  it('refuses a sheet of 200,000 rows with the cap message, reading only a little past the cap', async () => {
    const file = await bigSheet(200_000);
    // The highest sheet row exceljs filled in (a streamed row gets its cells one by one, a
    // loaded workbook's row its whole model).
    let highest = 0;
    const getCell = Row.prototype.getCell;
    const setModel = Object.getOwnPropertyDescriptor(Row.prototype, 'model')!.set!;
    const spies = [
      vi.spyOn(Row.prototype, 'getCell').mockImplementation(function (
        this: { number: number },
        ...args: unknown[]
      ) {
        highest = Math.max(highest, this.number);
        return getCell.apply(this, args);
      }),
      vi.spyOn(Row.prototype, 'model', 'set').mockImplementation(function (
        this: { number: number },
        value: unknown,
      ) {
        highest = Math.max(highest, this.number);
        setModel.call(this, value);
      }),
    ];
    try {
      const res = await upload(t, admin, file, 'users.xlsx');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 400,
        success: false,
        msg: '单次导入不能超过5000条数据',
      });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    // 5,000 rows + the header are allowed; the 5,002nd row refuses the file. The reader works in
    // batches, so it may have parsed a few thousand rows more, never the 200,001 of the file.
    expect(highest).toBeGreaterThan(5001);
    expect(highest).toBeLessThan(20_000);
  });

  it('imports a sheet written the same way (inline strings, no shared strings entry)', async () => {
    const file = await bigSheet(3);
    const res = await upload(t, admin, file, 'three.xlsx');
    expect(res.statusCode).toBe(200);
    expect(data<{ status: string; total: number }>(res)).toMatchObject({
      status: 'success',
      total: 3,
    });
  });
});

describe('streamed sheet reading', () => {
  const account = [{ key: 'account', header: '账户', required: true, example: '' }];

  it('reads the first sheet in the workbook order, whatever its file is called', async () => {
    const book = new ExcelJS.Workbook();
    const a = book.addWorksheet('A');
    a.addRow(['账户']);
    a.addRow(['fromA']);
    const b = book.addWorksheet('B');
    b.addRow(['账户']);
    b.addRow(['fromB']);
    // B comes first in workbook.xml but is stored as sheet2.xml, after sheet1.xml.
    (b as unknown as { orderNo: number }).orderNo = 0;
    (a as unknown as { orderNo: number }).orderNo = 1;
    const file = Buffer.from(await book.xlsx.writeBuffer());
    expect(await readSheet(file, account, 10)).toEqual([{ row: 2, values: { account: 'fromB' } }]);
  });

  it('checks unpacked sizes without unpacking in memory: total, and what exceljs keeps whole', async () => {
    const base = [
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    ];
    const limits = { maxUnpacked: 4 * 1024 * 1024, maxEntries: 10, maxKept: 1024 * 1024 };
    expect(await checkXlsx(zip(base), limits)).toBe('xlsx');
    const sheet = { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(2 * 1024 * 1024) };
    expect(await checkXlsx(zip([...base, sheet]), limits)).toBe('xlsx');
    const bomb = { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(5 * 1024 * 1024) };
    expect(await checkXlsx(zip([...base, bomb]), limits)).toBe('too-large');
    // Shared strings are kept whole while the sheet streams: 2 MB of them is over maxKept.
    const strings = { name: 'xl/sharedStrings.xml', data: Buffer.alloc(2 * 1024 * 1024) };
    expect(await checkXlsx(zip([...base, strings]), limits)).toBe('too-large');
    expect(await checkXlsx(Buffer.from('PK\x03\x04 not a zip'), limits)).toBe('not-xlsx');
  });
});
