import ExcelJS from 'exceljs';
import { badRequest } from '../errors.js';
import type { ImportColumn } from './define.js';

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

/**
 * The data rows of the workbook's first sheet. Row 1 is the header: each declared column is
 * found by its header text (or an alias); other columns are ignored (a result file's 行号 and
 * 错误原因 too, so a corrected result file can be uploaded again). Blank rows are skipped.
 */
export async function readSheet(
  buffer: Buffer,
  columns: readonly ImportColumn[],
  maxRows: number,
): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest(NOT_EXCEL);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(NOT_EXCEL);

  const byHeader = new Map<string, ImportColumn>();
  for (const column of columns) {
    for (const header of [column.header, ...(column.aliases ?? [])]) {
      byHeader.set(normalise(header), column);
    }
  }
  const positions = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
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

  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values: Record<string, string> = {};
    let blank = true;
    for (const column of columns) {
      const at = positions.get(column.key);
      const text = at === undefined ? '' : cellText(row.getCell(at).value);
      values[column.key] = text;
      if (text !== '') blank = false;
    }
    if (blank) continue;
    rows.push({ row: r, values });
    if (rows.length > maxRows) throw badRequest(`单次导入不能超过${maxRows}条数据`);
  }
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
 * The result file of a failed import: every refused row with its row number, the values as
 * uploaded and the reason in an extra '错误原因' column. Values are written as text cells, so a
 * value that looks like a formula stays text.
 */
export async function resultWorkbook(
  columns: readonly ImportColumn[],
  rows: readonly ResultRow[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入结果');
  sheet.columns = [
    { header: ROW_HEADER, key: '__row', width: 8 },
    ...columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 })),
    { header: REASON_HEADER, key: '__reason', width: 60 },
  ];
  for (const r of rows) {
    const added = sheet.addRow({ ...r.values, __row: r.row, __reason: r.reason });
    added.getCell(columns.length + 2).font = { color: { argb: 'FFC00000' } };
  }
  headerRow(sheet, (col) => col === columns.length + 2);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
