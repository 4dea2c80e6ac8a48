import { describe, expect, it } from 'vitest';
import { couponCodeLookup, looksLikeCode } from './coupon-codes';

describe('the c: coupon code look-up and plain text (issue 25 item 13)', () => {
  it('is asked by plain text only for what looks like a whole code', () => {
    expect(couponCodeLookup.plain?.accepts).toBe(looksLikeCode);
    // The look-up's own search (one encrypted POST) answers plain text too.
    expect(couponCodeLookup.plain?.search).toBeUndefined();
    for (const code of [
      'SBK-30-010000001',
      'abcd1234',
      'ＳＢＫ３０１２３４５６',
      'x'.repeat(127) + '1',
    ])
      expect(looksLikeCode(code), code).toBe(true);
    for (const text of [
      'yhgl',
      '美团外卖',
      'abcdefgh',
      'SO2026',
      'two words 12345',
      'x'.repeat(128) + '1',
    ])
      expect(looksLikeCode(text), text).toBe(false);
  });
});
