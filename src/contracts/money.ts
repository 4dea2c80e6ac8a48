/**
 * Money at the edges (domain.md "Money, quantities, time"): amounts are integer fen at rest and
 * travel as yuan numbers with at most two decimals (`marketAmount: 49.9`). Conversion works on
 * the decimal text, never with floating-point arithmetic, so 0.29 is 29 fen, not 28.999….
 */
import { knownMessages } from './server-messages';

/** Up to 14 whole digits: every balance within the bound (±70,000,000,000,000.00 yuan) and beyond. */
const YUAN = /^(-?)(\d{1,14})(?:\.(\d{1,2}))?$/;

/**
 * Fen from a yuan amount (a number or its text): `49.9` -> 4990, `'0.29'` -> 29. Undefined for
 * anything else: text that is not a number, more than two decimals, an exponent, NaN, and
 * amounts whose fen would not be exact in a number (past 2^53 fen: 90,071,992,547,409.91 yuan).
 */
export function parseYuan(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  // A number's shortest text is its decimal form (49.9 -> "49.9"); 1e21 and 1e-7 fail the pattern.
  const match = YUAN.exec(String(value).trim());
  if (!match) return undefined;
  const [, sign, whole, decimals = ''] = match;
  const fen = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  // Rounding is monotonic: a true value past MAX_SAFE_INTEGER never comes out at or below it.
  if (!Number.isSafeInteger(fen)) return undefined;
  return sign === '-' && fen !== 0 ? -fen : fen;
}

/** The yuan text of an amount in fen, two decimals: 4990 -> "49.90", -5 -> "-0.05". */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Digits with a comma every three from the right (issue 25 item 11): '2361473.90' ->
 * '2,361,473.90', '-1234' -> '-1,234'. Works on the text, so nothing is rounded.
 */
export function groupDigits(text: string): string {
  const m = /^(-?)(\d+)(\.\d*)?$/.exec(text);
  if (!m) return text;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}

/** Money as people read it: thousands separators and two decimals (4990 -> "49.90"). */
export function formatMoney(fen: number): string {
  return groupDigits(formatYuan(fen));
}

/**
 * A yuan amount (a wire number or its text) as shown on screen: '2,361,473.90'. Exact for
 * every amount parseYuan reads; a number with more decimals is rounded to the fen (half away
 * from zero); undefined for anything that is not a finite number.
 */
export function moneyText(value: unknown): string | undefined {
  const fen = parseYuan(value);
  if (fen !== undefined) return formatMoney(fen);
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  // More decimals (or more digits): rounded on the decimal text, so 1.005 is 1.01.
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(String(value).trim());
  if (!m) {
    const n = typeof value === 'number' ? value : Number(value.trim() || Number.NaN);
    return Number.isFinite(n) ? groupDigits(n.toFixed(2)) : undefined;
  }
  const [, sign, whole, decimals = ''] = m;
  let cents = BigInt(whole!) * 100n + BigInt(decimals.padEnd(2, '0').slice(0, 2));
  if (Number(decimals[2] ?? '0') >= 5) cents += 1n;
  const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return groupDigits(`${sign && cents !== 0n ? '-' : ''}${text}`);
}

/** The wire value of an amount in fen: a yuan number (4990 -> 49.9). */
export function fenToYuan(fen: number): number {
  return Number(formatYuan(fen));
}

/**
 * Bounded money (domain.md "Bounded money"): one amount (a price, a limit, a threshold, a change
 * of a balance) is at most 9,999,999,999.99 yuan, and no balance may leave the balance bound;
 * beyond either: 400 and nothing is written. The one place of these bounds.
 *
 * The balance bound is ±70,000,000,000,000.00 yuan, not domain.md's ±90,000,000,000,000.00:
 * domain.md asks that figures stay exact, and money travels as yuan numbers with two decimals.
 * Such a number reads back exactly (JSON.parse, then its shortest text) only while its spacing
 * as a double is below 0.01 yuan, i.e. below 2^46 yuan (~70,368,744,177,664): above it a balance
 * of 89,909,999,999,999.99 reached the console as …99.98. Fen are exact far beyond either bound.
 */
export const AMOUNT_MAX_FEN = 999_999_999_999;
/** The largest balance either way, fen (±70,000,000,000,000.00 yuan; see above). */
export const BALANCE_BOUND_FEN = 7_000_000_000_000_000;

/** The bounds as yuan text ('9999999999.99', '70000000000000.00'), for messages. */
export const AMOUNT_MAX_YUAN = formatYuan(AMOUNT_MAX_FEN);
export const BALANCE_BOUND_YUAN = formatYuan(BALANCE_BOUND_FEN);

/** The refusals of the bounds: the server answers zh, the console shows zh or en. */
export const MONEY_BOUND_MESSAGES = {
  amountTooLarge: {
    zh: `金额不能超过${AMOUNT_MAX_YUAN}元`,
    en: `An amount may not exceed ${AMOUNT_MAX_YUAN} yuan`,
  },
  balanceOutOfRange: {
    zh: `调整后余额超出允许范围（±${BALANCE_BOUND_YUAN}元）`,
    en: `The balance after this change would leave the allowed range (±${BALANCE_BOUND_YUAN} yuan)`,
  },
} as const;

knownMessages(...Object.values(MONEY_BOUND_MESSAGES));

/** The zh refusal of a money field over the bound, naming the field ('面值不能超过…元'). */
export const amountTooLargeFor = (label: string) => `${label}不能超过${AMOUNT_MAX_YUAN}元`;

/**
 * parseYuan for a field with the amount bound: an amount too large for parseYuan to read
 * ('123456789012345678') is AMOUNT_MAX_FEN + 1 with its sign, so it is refused as too large
 * rather than as not an amount.
 */
export function parseYuanOrOver(value: unknown): number | undefined {
  const fen = parseYuan(value);
  if (fen !== undefined) return fen;
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const long = /^(-?)\d+(?:\.\d{1,2})?$/.exec(String(value).trim());
  if (!long) return undefined;
  return long[1] ? -(AMOUNT_MAX_FEN + 1) : AMOUNT_MAX_FEN + 1;
}

/** Whether one amount in fen is within the bound (either sign). */
export const amountWithinBound = (fen: number) =>
  Number.isSafeInteger(fen) && Math.abs(fen) <= AMOUNT_MAX_FEN;

/** Whether a balance in fen is within ±BALANCE_BOUND_FEN. */
export const balanceWithinBound = (fen: number) =>
  Number.isSafeInteger(fen) && Math.abs(fen) <= BALANCE_BOUND_FEN;
