import type { MessageKey } from '../../i18n';

/**
 * The table's sum footer (spec sections 3 and 9): these fields are totalled over the rows on
 * the page with exactly 2 decimals, and the first column shows the word for total.
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

/** Millionths to a 2-decimal string, rounding half away from zero (as accountants do). */
function formatScaled(total: bigint): string {
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const unit = SCALE / 100n;
  const cents = (abs + unit / 2n) / unit;
  const whole = cents / 100n;
  const fraction = String(cents % 100n).padStart(2, '0');
  return `${negative && cents !== 0n ? '-' : ''}${whole}.${fraction}`;
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
