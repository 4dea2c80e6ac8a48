import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ApiError, badRequest } from '../errors.js';
import type { ImportColumn } from './define.js';
import { entryText, zipEntries, zipStream } from './zip-check.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const NOT_EXCEL = '请上传正确的excel文件!';
export const ROW_HEADER = '行号';
export const REASON_HEADER = '错误原因';

/** One data row of the uploaded sheet: its Excel row number and the text of each column. */
export interface SheetRow {
  row: number;
  values: Record<string, string>;
}

/** '账户*' and ' 账户 ' name the same column as '账户'. */
const normalise = (header: string) => header.replace(/[*＊]/g, '').trim();

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/** Excel dates are stored without a zone; exceljs hands them over as UTC. */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  return `${date} ${time}`;
}

/** The text a cell shows: formulas by their result, links and rich text by their text. */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('hyperlink' in value) {
    const text = value.text as unknown;
    return typeof text === 'string' ? text.trim() : cellText(text as ExcelJS.CellValue);
  }
  if ('formula' in value || 'sharedFormula' in value) {
    return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  }
  return '';
}

/** The relation (its id) of the first sheet in workbook.xml's order: the sheet a user sees first. */
function firstSheetRel(workbookXml: string): string | undefined {
  const sheets = /<(?:\w+:)?sheets\b[^>]*>([\s\S]*?)<\/(?:\w+:)?sheets>/.exec(workbookXml)?.[1];
  const first = sheets && /<(?:\w+:)?sheet\b[^>]*>/.exec(sheets)?.[0];
  // The relation id is the one attribute in the relationships namespace: always prefixed.
  return first ? /\s[\w.-]+:id\s*=\s*["']([^"']*)["']/.exec(first)?.[1] : undefined;
}

/** The zip path of the relation `id` of xl/_rels/workbook.xml.rels. */
function relTarget(relsXml: string, id: string): string | undefined {
  for (const [rel] of relsXml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`).exec(rel)?.[1];
    if (attr('Id') !== id) continue;
    const target = attr('Target');
    if (!target) return undefined;
    const parts: string[] = [];
    for (const part of (target.startsWith('/') ? target.slice(1) : `xl/${target}`).split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.' && part !== '') parts.push(part);
    }
    return parts.join('/');
  }
  return undefined;
}

/** What exceljs's streaming reader keeps, read before the sheet (it would spool the sheet to disk otherwise). */
const FIRST = [
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/styles.xml',
  'xl/sharedStrings.xml',
];
/** The name exceljs's streaming reader recognises a sheet by. */
const SHEET_NAME = 'xl/worksheets/sheet1.xml';
const SMALL_XML = 4 * 1024 * 1024;

/**
 * The workbook's first sheet as a zip stream exceljs's streaming reader reads without spooling:
 * the workbook, its relations, styles and shared strings first, then only that sheet.
 */
function firstSheetStream(buffer: Buffer): Readable {
  const entries = zipEntries(buffer);
  if (!Array.isArray(entries)) throw badRequest(NOT_EXCEL);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const book = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  const bookXml = book && entryText(buffer, book, SMALL_XML);
  const relsXml = rels && entryText(buffer, rels, SMALL_XML);
  const rel = bookXml && firstSheetRel(bookXml);
  const path = rel && relsXml ? relTarget(relsXml, rel) : undefined;
  const sheet = path ? byName.get(path) : undefined;
  if (!sheet) throw badRequest(NOT_EXCEL);
  const records = FIRST.flatMap((name) => {
    const entry = byName.get(name);
    return entry ? [{ entry }] : [];
  });
  return zipStream(buffer, [...records, { entry: sheet, rename: SHEET_NAME }]);
}

/**
 * The data rows of the workbook's first sheet, streamed: rows are read one by one (the
 * workbook is never built whole) and reading stops as soon as the sheet holds more than
 * `maxRows` data rows. Row 1 is the header: each declared column is found by its header text
 * (or an alias); other columns are ignored (a result file's 行号 and 错误原因 too, so a
 * corrected result file can be uploaded again; not one whose secret column is masked: its header
 * is another). Blank rows are skipped.
 */
export async function readSheet(
  buffer: Buffer,
  columns: readonly ImportColumn[],
  maxRows: number,
): Promise<SheetRow[]> {
  const byHeader = new Map<string, ImportColumn>();
  for (const column of columns) {
    for (const header of [column.header, ...(column.aliases ?? [])]) {
      byHeader.set(normalise(header), column);
    }
  }
  const positions = new Map<string, number>();
  let headerSeen = false;
  const header = (row: ExcelJS.Row | undefined) => {
    headerSeen = true;
    row?.eachCell((cell, col) => {
      const column = byHeader.get(normalise(cellText(cell.value)));
      if (column && !positions.has(column.key)) positions.set(column.key, col);
    });
    const missing = columns.filter((c) => c.required && !positions.has(c.key));
    if (positions.size === 0 || missing.length > 0) {
      const names = (missing.length ? missing : columns.filter((c) => c.required)).map(
        (c) => c.header,
      );
      throw badRequest(`导入模板不正确，缺少列：${names.join('、')}`);
    }
  };

  const source = firstSheetStream(buffer);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  // Without a shared strings entry the reader would wait for one, spooling the sheet to disk.
  (reader as unknown as { sharedStrings: unknown[] }).sharedStrings = [];

  const rows: SheetRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        if (!headerSeen) header(row.number === 1 ? row : undefined);
        if (row.number === 1) continue;
        const values: Record<string, string> = {};
        let blank = true;
        for (const column of columns) {
          const at = positions.get(column.key);
          const text = at === undefined ? '' : cellText(row.getCell(at).value);
          values[column.key] = text;
          if (text !== '') blank = false;
        }
        if (blank) continue;
        rows.push({ row: row.number, values });
        if (rows.length > maxRows) throw badRequest(`单次导入不能超过${maxRows}条数据`);
      }
      break;
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badRequest(NOT_EXCEL);
  } finally {
    source.destroy();
  }
  if (!headerSeen) header(undefined);
  if (rows.length === 0) throw badRequest('导入文件中没有数据');
  return rows;
}

const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFF2F2F2' },
};

function headerRow(sheet: ExcelJS.Worksheet, required: (col: number) => boolean): void {
  const header = sheet.getRow(1);
  header.eachCell((cell, col) => {
    cell.font = { bold: true, color: { argb: required(col) ? 'FFC00000' : 'FF000000' } };
    cell.fill = HEADER_FILL;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/**
 * The template: the first sheet holds the header row only (what is uploaded back), required
 * headers in red with a note on each header; a second sheet shows one example row and says what
 * each column takes. Every column is text, so phone numbers and ids keep their digits.
 */
export async function templateWorkbook(
  sheetName: string,
  columns: readonly ImportColumn[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width ?? 18,
    style: { numFmt: '@' },
  }));
  columns.forEach((c, i) => {
    sheet.getRow(1).getCell(i + 1).note = `${c.required ? '必填。' : '选填。'}${c.note ?? ''}`;
  });
  headerRow(sheet, (col) => !!columns[col - 1]?.required);

  const example = workbook.addWorksheet('填写说明');
  example.columns = [
    { header: '列名', key: 'header', width: 16 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '示例', key: 'example', width: 28 },
    { header: '说明', key: 'note', width: 60 },
  ];
  for (const c of columns) {
    example.addRow({
      header: c.header,
      required: c.required ? '是' : '否',
      example: c.example,
      note: c.note ?? '',
    });
  }
  headerRow(example, () => false);
  example.addRow([]);
  example.addRow(['只导入第一个工作表；第一行为表头，从第二行开始填写数据。']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A row the import refused: its row number, what the file said, and why. */
export interface ResultRow {
  row: number;
  values: Record<string, string>;
  reason: string;
}

/**
 * The result file of a failed import: every refused row with its row number in the uploaded
 * sheet (行号), the values as uploaded and the reason in an extra '错误原因' column. A secret
 * column (coupon codes, pins) holds its masked form only, under its own header: the file never
 * holds a plain secret. Values are written as text cells, so a value that looks like a formula
 * stays text.
 */
export async function resultWorkbook(
  columns: readonly ImportColumn[],
  rows: readonly ResultRow[],
): Promise<Buffer> {
  // Written as a stream, each row committed as it is added and no shared strings: a result of
  // 100,000 bad rows built in memory as a whole workbook grew the server by ~750 MB.
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('导入结果', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: ROW_HEADER, key: '__row', width: 8 },
    ...columns.map((c) => ({
      header: c.secret?.header ?? c.header,
      key: c.key,
      width: c.width ?? 18,
    })),
    { header: REASON_HEADER, key: '__reason', width: 60 },
  ];
  const reasonColumn = columns.length + 2;
  const header = sheet.getRow(1);
  header.eachCell((cell, col) => {
    cell.font = { bold: true, color: { argb: col === reasonColumn ? 'FFC00000' : 'FF000000' } };
    cell.fill = HEADER_FILL;
  });
  header.commit();
  const secrets = columns.filter((c) => c.secret);
  for (const r of rows) {
    const values = { ...r.values };
    for (const c of secrets) values[c.key] = c.secret!.mask(values[c.key] ?? '');
    const added = sheet.addRow({ ...values, __row: r.row, __reason: r.reason });
    added.getCell(reasonColumn).font = { color: { argb: 'FFC00000' } };
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}
