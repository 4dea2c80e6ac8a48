import type { MRT_DensityState } from 'mantine-react-table';
import { moneyText } from '../../contracts/money';
import type { ColumnKind } from '../types';

/**
 * Row density and column widths of the resource table (issue 25 item 12: an operator console
 * shows some 15 rows at 900 px, and the key columns of a list fit 1440 px without scrolling
 * sideways). Cells do not wrap, so a column is as wide as its widest text, estimated from the
 * characters (no layout is read: the table's row virtualiser must not measure).
 */

/** Cell padding (px) per density: vertical, horizontal. Mantine's spacing (10/16/32) was roomy. */
export const DENSITY_SPACING: Record<MRT_DensityState, { y: number; x: number }> = {
  xs: { y: 1, x: 6 },
  md: { y: 3, x: 8 },
  xl: { y: 10, x: 12 },
};

/**
 * The tallest content of a row: a row button (Mantine's sm ActionIcon, 22 px), a line of 14 px
 * text (21.7 px) or an image thumbnail.
 */
export const ROW_CONTENT = 22;

/** One fixed row height per density: content, cell padding and the row border. */
export function rowHeights(content: number): Record<MRT_DensityState, number> {
  const of = (d: MRT_DensityState) => content + 2 * DENSITY_SPACING[d].y + 1;
  return { xs: of('xs'), md: of('md'), xl: of('xl') };
}

/** A line of 14 px text as estimated without a browser: wide-side widths per character. */
function estimate(text: string): number {
  let width = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code >= 0x2e80) width += 14;
    else if (ch === '.' || ch === ',' || ch === ':' || ch === ' ' || ch === ';') width += 4.5;
    else if (ch === '-' || ch === '(' || ch === ')' || ch === '/') width += 5;
    else if (ch === 'W' || ch === 'M' || ch === 'm' || ch === 'w') width += 12.5;
    else width += 9;
  }
  return width;
}

/**
 * A canvas to measure text with the page's font (no layout: measureText reads the font only);
 * null where there is none (jsdom: the estimate then).
 */
let canvas: CanvasRenderingContext2D | null | undefined;
let canvasFonts: { plain: string; bold: string } | undefined;
const measured = new Map<string, number>();

function measure(text: string, bold: boolean): number | undefined {
  if (canvas === undefined) {
    canvas =
      typeof document === 'undefined' || /jsdom/i.test(navigator.userAgent)
        ? null
        : document.createElement('canvas').getContext('2d');
    if (canvas) {
      const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
      canvas.font = `14px ${family}`;
      canvasFonts = { plain: canvas.font, bold: `700 14px ${family}` };
    }
  }
  if (!canvas || !canvasFonts) return undefined;
  const key = `${bold ? 'b' : 'n'}${text}`;
  let width = measured.get(key);
  if (width === undefined) {
    canvas.font = bold ? canvasFonts.bold : canvasFonts.plain;
    width = canvas.measureText(text).width;
    // Page texts repeat (names, states); a bound keeps a long session's cache small.
    if (measured.size > 20_000) measured.clear();
    measured.set(key, width);
  }
  return width;
}

/**
 * The width (px) of a line of 14 px text in the page's font (headers: `bold`), measured where a
 * browser can, else estimated on the wide side (CJK glyphs square, digits and Latin letters 9 px,
 * punctuation about 4.5 px).
 */
export function textWidth(text: string, bold = false): number {
  return measure(text, bold) ?? estimate(text) * (bold ? 1.05 : 1);
}

/** The sort button beside a sortable header's label; the help '?' button. */
const SORT_BUTTON = 20;
const HELP_BUTTON = 22;

/**
 * The width a header needs: padding, the label (bold) and, when the list is sorted by it, the
 * sort button. The column menu and an unsorted column's sort button show over the header's
 * right end while it is hovered or focused (resource-table.css): they take no room of their own.
 */
export function headerWidth(label: string, sorted: boolean, help = false, padX = 8): number {
  return Math.ceil(
    2 * padX + textWidth(label, true) + (sorted ? SORT_BUTTON : 0) + (help ? HELP_BUTTON : 0) + 4,
  );
}

/** The widest date-time the console shows ('yyyy-MM-dd HH:mm:ss'). */
const DATE_TIME = '2000-00-00 00:00:00';

/** How a column's cell shows a value as text, for its width (undefined: not measured). */
function shownText(kind: ColumnKind, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (kind === 'amount') return moneyText(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return undefined;
}

/** Kinds whose cells are numbers: right-aligned, as wide as their widest value or total. */
export const isNumeric = (kind: ColumnKind | undefined) => kind === 'amount' || kind === 'number';

/**
 * The width a column's values need (without the header): date-times the fixed format; amounts
 * and numbers their widest value on the page or in the footer; text its widest value on the
 * page, at most `cap` (the declared width: longer text is cut with an ellipsis and shown whole
 * in the detail). Other kinds (tags, switches, images, own cells): 0, the declared width rules.
 */
export function contentWidth(
  column: { field: string; kind?: ColumnKind; cell?: unknown; edit?: unknown },
  rows: readonly Readonly<Record<string, unknown>>[],
  footer: readonly string[],
  padX: number,
  cap: number,
): number {
  const kind = column.kind ?? 'text';
  if (column.cell) return 0;
  if (kind === 'dateTime') return Math.ceil(2 * padX + textWidth(DATE_TIME));
  const numeric = isNumeric(kind);
  if (!numeric && kind !== 'text') return 0;
  let widest = 0;
  for (const text of footer) widest = Math.max(widest, textWidth(text, true));
  for (const row of rows) {
    const text = shownText(kind, row[column.field]);
    if (text !== undefined) widest = Math.max(widest, textWidth(text));
    if (!numeric && widest >= cap) return cap;
  }
  // An inline-editable cell keeps room for its pencil.
  const edit = column.edit ? 26 : 0;
  const width = Math.ceil(2 * padX + widest + edit + 2);
  return numeric ? width : Math.min(width, cap);
}
