/**
 * Money at the edges (domain.md "Money, quantities, time"): amounts are integer fen at rest and
 * travel as yuan numbers with at most two decimals (`marketAmount: 49.9`). Conversion works on
 * the decimal text, never with floating-point arithmetic, so 0.29 is 29 fen, not 28.999….
 */

const YUAN = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * Fen from a yuan amount (a number or its text): `49.9` -> 4990, `'0.29'` -> 29. Undefined for
 * anything else: text that is not a number, more than two decimals, an exponent, NaN.
 */
export function parseYuan(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  // A number's shortest text is its decimal form (49.9 -> "49.9"); 1e21 and 1e-7 fail the pattern.
  const match = YUAN.exec(String(value).trim());
  if (!match) return undefined;
  const [, sign, whole, decimals = ''] = match;
  const fen = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  return sign === '-' && fen !== 0 ? -fen : fen;
}

/** The yuan text of an amount in fen, two decimals: 4990 -> "49.90", -5 -> "-0.05". */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The wire value of an amount in fen: a yuan number (4990 -> 49.9). */
export function fenToYuan(fen: number): number {
  return Number(formatYuan(fen));
}
