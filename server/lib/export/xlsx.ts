import fs from 'node:fs';
import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';

/**
 * The .xlsx side of exports: ExcelJS's streaming writer (rows are committed to the zip as they
 * come, so memory stays bounded whatever the row count) with every cell written as a value,
 * never a formula.
 */

/** What a cell may hold. Anything else a formatter returns is written as its JSON text. */
export type ExportCell = string | number | boolean | Date | null;

export interface SheetColumn {
  /** The header (zh). */
  header: string;
  /** Width in characters (default 20). */
  width?: number;
  /**
   * Excel's number format of the column's number cells (text cells stay text): money is
   * MONEY_FORMAT, so 68 reads 68.00 and 2361473.9 reads 2,361,473.90 while staying a number.
   */
  numFmt?: string;
}

/** Money in a sheet (issue 25 item 11): thousands separators and two decimals, still a number. */
export const MONEY_FORMAT = '#,##0.00';

/**
 * Text that a spreadsheet would read as a formula (or a DDE command) if it were ever typed in or
 * pasted as CSV: `=`, `+`, `-`, `@`, tab, carriage return. ExcelJS writes JavaScript strings as
 * string cells (never `<f>`), which Excel shows as text; these cells also get the text number
 * format ('@') so editing one in Excel keeps it text instead of evaluating it.
 */
export const FORMULA_LIKE = /^[=+\-@\t\r]/;

/** Uncompressed bytes allowed to wait for the zip before the writer waits (see `flush`). */
const MAX_PENDING_BYTES = 1 << 20;

/** Excel's limit is 1,048,576 rows a sheet; a longer export continues on the next sheet. */
export const ROWS_PER_SHEET = 1_000_000;

// ExcelJS escapes <>&'" but writes a carriage return as is, and XML parsers (Excel's and
// ExcelJS's own) read a raw CR back as LF. Writing it as the character reference &#13; keeps the
// value unchanged. ExcelJS calls `utils.xmlEncode` through the shared module object, so wrapping
// it once covers the streaming writer; the 'formula cells' export test fails if that changes.
{
  const require = createRequire(import.meta.url);
  const utils = require('exceljs/lib/utils/utils.js') as {
    xmlEncode: ((text: string) => string) & { keepsCarriageReturn?: true };
  };
  if (!utils.xmlEncode.keepsCarriageReturn) {
    const encode = utils.xmlEncode;
    const wrapped = (text: string) => {
      const out = encode(text);
      return out.includes('\r') ? out.replace(/\r/g, '&#13;') : out;
    };
    wrapped.keepsCarriageReturn = true as const;
    utils.xmlEncode = wrapped;
  }
}

// One frozen style object per look: ExcelJS looks a cell's style up by object identity, and a
// fresh object per cell (its default) costs a style serialisation per cell (half the write time).
const PLAIN: Partial<ExcelJS.Style> = Object.freeze({});
const TEXT: Partial<ExcelJS.Style> = Object.freeze({ numFmt: '@' });
const DATE: Partial<ExcelJS.Style> = Object.freeze({ numFmt: 'yyyy-mm-dd hh:mm:ss' });
const HEADER: Partial<ExcelJS.Style> = Object.freeze({ font: Object.freeze({ bold: true }) });

/** A value as a cell: strings, numbers, booleans and dates as themselves, nothing else. */
export function toCell(value: unknown): ExportCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // Objects would be read by ExcelJS as formulas, hyperlinks or rich text: never pass one on.
  return JSON.stringify(value) ?? null;
}

/**
 * Writes one workbook to `file` row by row. `add` commits each row (it leaves memory);
 * `finish` closes the zip and resolves once the file is complete; `discard` closes and removes it.
 */
export class XlsxStreamWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet: ExcelJS.Worksheet | undefined;
  /** Each column's style for a number cell: its number format, one frozen object per format. */
  private readonly numberStyles: readonly Partial<ExcelJS.Style>[];
  private sheetRows = 0;
  private sheets = 0;
  private closed = false;
  rows = 0;
  /** The first error of the file or zip stream (disk full, file not writable): writing failed. */
  error: Error | undefined;

  constructor(
    readonly file: string,
    private readonly sheetName: string,
    private readonly columns: readonly SheetColumn[],
  ) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: file,
      useStyles: true,
      // Shared strings would keep every distinct text in memory until the end.
      useSharedStrings: false,
    });
    this.workbook.creator = 'quanyi';
    const formats = new Map<string, Partial<ExcelJS.Style>>();
    this.numberStyles = columns.map((c) => {
      if (!c.numFmt) return PLAIN;
      let style = formats.get(c.numFmt);
      if (!style) formats.set(c.numFmt, (style = Object.freeze({ numFmt: c.numFmt })));
      return style;
    });
    // Without a listener a stream error would be thrown by the event emitter (the process's
    // uncaught exception) instead of failing this export; `flush` and `finish` report it.
    const streams = this.workbook as unknown as {
      stream?: NodeJS.EventEmitter;
      zip?: NodeJS.EventEmitter;
    };
    for (const stream of [streams.stream, streams.zip])
      stream?.on('error', (err: Error) => {
        this.error ??= err;
      });
  }

  private nextSheet(): ExcelJS.Worksheet {
    this.sheet?.commit();
    this.sheets += 1;
    // Excel refuses these characters in sheet names, and names over 31 characters.
    const base = this.sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 28) || 'Sheet';
    const name = this.sheets === 1 ? base : `${base}${this.sheets}`;
    const sheet = this.workbook.addWorksheet(name, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = this.columns.map((c) => ({ width: c.width ?? 20 }));
    const head = sheet.addRow(this.columns.map((c) => c.header));
    head.eachCell((cell) => {
      cell.style = HEADER;
    });
    head.commit();
    this.sheet = sheet;
    this.sheetRows = 0;
    return sheet;
  }

  add(cells: readonly ExportCell[]): void {
    const sheet = this.sheet && this.sheetRows < ROWS_PER_SHEET ? this.sheet : this.nextSheet();
    const row = sheet.addRow(cells as ExportCell[]);
    cells.forEach((value, i) => {
      row.getCell(i + 1).style =
        typeof value === 'string' && FORMULA_LIKE.test(value)
          ? TEXT
          : value instanceof Date
            ? DATE
            : typeof value === 'number'
              ? (this.numberStyles[i] ?? PLAIN)
              : PLAIN;
    });
    row.commit();
    this.sheetRows += 1;
    this.rows += 1;
  }

  /**
   * Bytes handed to the zip and not compressed yet. ExcelJS's sheet stream writes into the zip
   * entry without waiting (no backpressure), so a fast producer would buffer the whole sheet in
   * memory; 0 when ExcelJS's internals are not the expected ones (then `flush` only yields).
   */
  private pendingBytes(): number {
    const sheet = this.sheet as unknown as
      { stream?: { pipes?: { _writableState?: { length?: number } }[] } } | undefined;
    return sheet?.stream?.pipes?.[0]?._writableState?.length ?? 0;
  }

  /**
   * Lets the zip catch up (a turn of the event loop at least): call between batches. Keeps the
   * writer's memory bounded and lets the server answer requests while an export runs.
   */
  async flush(): Promise<void> {
    do await new Promise((resolve) => setImmediate(resolve));
    while (!this.error && this.pendingBytes() > MAX_PENDING_BYTES);
    if (this.error) throw this.error;
  }

  async finish(): Promise<void> {
    if (this.error) throw this.error;
    if (!this.sheet) this.nextSheet();
    this.sheet?.commit();
    this.closed = true;
    await this.workbook.commit();
    if (this.error) throw this.error;
  }

  /** Closes the file (whatever state it is in) and removes it. */
  async discard(): Promise<void> {
    // After a stream error the zip has nowhere to go: committing would wait for ever.
    if (!this.closed && !this.error) {
      this.closed = true;
      try {
        this.sheet?.commit();
        await this.workbook.commit();
      } catch {
        // The file is being removed anyway.
      }
    }
    removeQuietly(this.file);
  }
}

/** Removes a file if it is there; a file that cannot be removed is left (never throws). */
export function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // Not a file (or not ours to remove): nothing to clean up.
  }
}

/** `attachment` with the UTF-8 file name (RFC 6266 / 5987: `'()*` encoded too). */
export function attachmentDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename*=UTF-8''${encoded}`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
