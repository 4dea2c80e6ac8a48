import { describe, expect, it } from 'vitest';
import { fenToYuan, formatYuan, parseYuan } from './money';

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
