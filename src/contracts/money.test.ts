import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MAX_FEN,
  amountWithinBound,
  BALANCE_BOUND_FEN,
  balanceWithinBound,
  fenToYuan,
  formatMoney,
  formatYuan,
  groupDigits,
  moneyText,
  MONEY_BOUND_MESSAGES,
  parseYuan,
  parseYuanOrOver,
} from './money';

describe('money at the edges', () => {
  it.each([
    [49.9, 4990],
    ['49.90', 4990],
    [0.29, 29],
    ['0.1', 10],
    [100, 10000],
    ['  7 ', 700],
    [0, 0],
    [-1.5, -150],
  ])('%s yuan is %s fen', (yuan, fen) => {
    expect(parseYuan(yuan)).toBe(fen);
  });

  it.each([['1.234'], [0.001], ['abc'], [''], ['1e3'], [Number.NaN], [Infinity], [null], [{}]])(
    'refuses %s',
    (value) => {
      expect(parseYuan(value)).toBeUndefined();
    },
  );

  it('formats fen as yuan with two decimals, exactly', () => {
    expect(formatYuan(4990)).toBe('49.90');
    expect(formatYuan(5)).toBe('0.05');
    expect(formatYuan(-5)).toBe('-0.05');
    expect(formatYuan(123456789012)).toBe('1234567890.12');
    expect(fenToYuan(4990)).toBe(49.9);
    expect(fenToYuan(29)).toBe(0.29);
  });
});

describe('bounded money (domain.md "Bounded money", issue 24 item 4)', () => {
  it('bounds one amount at 9,999,999,999.99 yuan and a balance at ±70,000,000,000,000.00', () => {
    expect(AMOUNT_MAX_FEN).toBe(parseYuan('9999999999.99'));
    expect(BALANCE_BOUND_FEN).toBe(parseYuan('70000000000000.00'));
    // A balance at the bound plus one amount is still an exact number of fen.
    expect(Number.isSafeInteger(BALANCE_BOUND_FEN + AMOUNT_MAX_FEN)).toBe(true);
    expect(amountWithinBound(AMOUNT_MAX_FEN)).toBe(true);
    expect(amountWithinBound(-AMOUNT_MAX_FEN - 1)).toBe(false);
    expect(balanceWithinBound(-BALANCE_BOUND_FEN)).toBe(true);
    expect(balanceWithinBound(BALANCE_BOUND_FEN + 1)).toBe(false);
    expect(MONEY_BOUND_MESSAGES.amountTooLarge.zh).toBe('金额不能超过9999999999.99元');
    expect(MONEY_BOUND_MESSAGES.balanceOutOfRange.zh).toBe(
      '调整后余额超出允许范围（±70000000000000.00元）',
    );
  });

  it('every balance within the bound travels as a yuan number and reads back to the fen', () => {
    // The largest figures either side of the bound, and a few just inside it.
    for (const fen of [
      BALANCE_BOUND_FEN,
      BALANCE_BOUND_FEN - 1,
      BALANCE_BOUND_FEN - 99,
      BALANCE_BOUND_FEN - AMOUNT_MAX_FEN,
      6_999_999_999_999_901,
      -BALANCE_BOUND_FEN + 7,
    ]) {
      const wire = JSON.parse(JSON.stringify({ balance: fenToYuan(fen) })) as { balance: number };
      expect(parseYuan(wire.balance)).toBe(fen);
    }
    // Domain.md's 90 trillion would not: this one came back a fen short.
    const past = JSON.parse(JSON.stringify(fenToYuan(8_990_999_999_999_999))) as number;
    expect(parseYuan(past)).not.toBe(8_990_999_999_999_999);
  });

  it('reads every balance within the bound exactly, and nothing past 2^53 fen', () => {
    expect(parseYuan('89999999999999.99')).toBe(8_999_999_999_999_999);
    expect(parseYuan('-90000000000000')).toBe(-9_000_000_000_000_000);
    expect(formatYuan(8_999_999_999_999_999)).toBe('89999999999999.99');
    expect(parseYuan('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseYuan('90071992547409.92')).toBeUndefined();
    expect(parseYuan('99999999999999.99')).toBeUndefined();
    expect(parseYuan('123456789012345')).toBeUndefined();
  });

  it('reads an amount too long for parseYuan as over the bound, not as no amount', () => {
    expect(parseYuanOrOver('12.5')).toBe(1250);
    expect(parseYuanOrOver('123456789012345678.5')).toBe(AMOUNT_MAX_FEN + 1);
    expect(parseYuanOrOver('-123456789012345678')).toBe(-(AMOUNT_MAX_FEN + 1));
    expect(parseYuanOrOver('1e20')).toBeUndefined();
    expect(parseYuanOrOver('1.234')).toBeUndefined();
  });
});

describe('money on screen (issue 25 item 11)', () => {
  it('groups thousands and keeps two decimals, exactly', () => {
    expect(formatMoney(236147390)).toBe('2,361,473.90');
    expect(formatMoney(-123456)).toBe('-1,234.56');
    expect(formatMoney(5)).toBe('0.05');
    expect(groupDigits('1234567')).toBe('1,234,567');
    expect(groupDigits('abc')).toBe('abc');
    expect(moneyText(2361473.9)).toBe('2,361,473.90');
    expect(moneyText('68')).toBe('68.00');
    expect(moneyText(57.8)).toBe('57.80');
    expect(moneyText(9999999999.99)).toBe('9,999,999,999.99');
    expect(moneyText(1.005)).toBe('1.01');
    expect(moneyText('')).toBeUndefined();
    expect(moneyText('abc')).toBeUndefined();
    expect(moneyText(null)).toBeUndefined();
  });
});
