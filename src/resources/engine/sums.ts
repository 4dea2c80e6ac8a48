import { groupDigits } from '../../contracts/money';
import type { MessageKey } from '../../i18n';

/**
 * The table's sum footer (spec sections 3 and 9): these fields are totalled with exactly 2
 * decimals (quantities as whole numbers), with thousands separators, and the first column says
 * which total it is: the rows on this page (本页合计) or every matching row (全部合计, the
 * server's `sums`).
 */
export const SUM_FIELDS = [
  'quantity',
  'marketAmount',
  'discountAmount',
  'actualAmount',
  'costPrice',
] as const;
export type SumField = (typeof SUM_FIELDS)[number];

export const SUM_TOTAL_MESSAGE = 'resource.sum.total' satisfies MessageKey;
/** The footer's label over the page's rows, and over every matching row (issue 25 item 9). */
export const SUM_PAGE_MESSAGE = 'resource.sum.page' satisfies MessageKey;
export const SUM_ALL_MESSAGE = 'resource.sum.all' satisfies MessageKey;

/** Decimal places kept while adding; the total is rounded to 2 only at the end. */
const SCALE_DIGITS = 6;
const SCALE = 10n ** BigInt(SCALE_DIGITS);
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A cell as an exact integer of millionths, or undefined when it is not a number. Money
 * arrives as JSON numbers or numeric strings; adding them as binary floats gives
 * 0.1 + 0.2 = 0.30000000000000004, and a long page of such errors can move the second
 * decimal, so they are added as integers (BigInt: no 2^53 limit on large totals).
 */
function toScaled(value: unknown): bigint | undefined {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && NUMERIC.test(value.trim())) n = Number(value.trim());
  else return undefined;
  if (!Number.isFinite(n)) return undefined;
  // Rounding the float to 6 places gives back the decimal that was written (0.1 -> 100000).
  const fixed = Math.abs(n).toFixed(SCALE_DIGITS);
  if (fixed.includes('e')) return undefined; // >= 1e21: not a sum the footer can show
  const scaled = BigInt(fixed.replace('.', ''));
  return n < 0 ? -scaled : scaled;
}

/**
 * Millionths to a string with `digits` decimals (2, or 0 for whole numbers), rounding half away
 * from zero (as accountants do).
 */
function formatScaled(total: bigint, digits: 0 | 2 = 2): string {
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const unit = SCALE / 10n ** BigInt(digits);
  const units = (abs + unit / 2n) / unit;
  const sign = negative && units !== 0n ? '-' : '';
  if (digits === 0) return `${sign}${units}`;
  const whole = units / 100n;
  const fraction = String(units % 100n).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/**
 * Per-field totals with exactly 2 decimals ('0.00' when nothing counted). Numbers and
 * numeric strings count; empty, null and non-numeric cells are skipped.
 */
export function sumRows<F extends string = SumField>(
  rows: readonly Readonly<Record<string, unknown>>[],
  fields: readonly F[] = SUM_FIELDS as unknown as readonly F[],
): Record<F, string> {
  const out = {} as Record<F, string>;
  for (const field of fields) {
    let total = 0n;
    for (const row of rows) total += toScaled(row[field]) ?? 0n;
    out[field] = formatScaled(total);
  }
  return out;
}

/**
 * The footer's texts (issue 25 item 9): each field's total with thousands separators, amounts
 * with 2 decimals and the `integers` (quantities, counts) as whole numbers ('14', not '14.00').
 */
export function footerSums<F extends string>(
  rows: readonly Readonly<Record<string, unknown>>[],
  fields: readonly F[],
  integers: ReadonlySet<string> = new Set(),
): Record<F, string> {
  const out = {} as Record<F, string>;
  for (const field of fields) {
    let total = 0n;
    for (const row of rows) total += toScaled(row[field]) ?? 0n;
    out[field] = groupDigits(formatScaled(total, integers.has(field) ? 0 : 2));
  }
  return out;
}
