import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import '../../i18n/console-messages';
import {
  footerSums,
  SUM_ALL_MESSAGE,
  SUM_FIELDS,
  SUM_PAGE_MESSAGE,
  SUM_TOTAL_MESSAGE,
  sumRows,
} from './sums';

describe('sumRows', () => {
  it('totals the spec fields with exactly 2 decimals', () => {
    const rows = [
      { quantity: 2, marketAmount: 10, discountAmount: 1.5, actualAmount: '8.5', costPrice: 7 },
      {
        quantity: '3',
        marketAmount: 20.25,
        discountAmount: 0,
        actualAmount: 20.25,
        costPrice: '6.1',
      },
    ];
    expect(sumRows(rows)).toEqual({
      quantity: '5.00',
      marketAmount: '30.25',
      discountAmount: '1.50',
      actualAmount: '28.75',
      costPrice: '13.10',
    });
    expect(Object.keys(sumRows(rows))).toEqual([...SUM_FIELDS]);
  });

  it('adds decimals without float error', () => {
    expect(sumRows([{ a: 0.1 }, { a: 0.2 }], ['a'])).toEqual({ a: '0.30' });
    // Float addition gives 1.0049999999999999 here, which would round to 1.00.
    expect(sumRows([{ a: 1.001 }, { a: 0.004 }], ['a'])).toEqual({ a: '1.01' });
    expect(
      sumRows(
        Array.from({ length: 10 }, () => ({ a: '0.1' })),
        ['a'],
      ),
    ).toEqual({ a: '1.00' });
  });

  it('rounds half away from zero and handles negatives', () => {
    expect(sumRows([{ a: 0.005 }], ['a'])).toEqual({ a: '0.01' });
    expect(sumRows([{ a: -0.005 }], ['a'])).toEqual({ a: '-0.01' });
    expect(sumRows([{ a: 10 }, { a: '-12.5' }], ['a'])).toEqual({ a: '-2.50' });
    expect(sumRows([{ a: -0.001 }], ['a'])).toEqual({ a: '0.00' }); // no '-0.00'
  });

  it('skips empty and non-numeric cells', () => {
    const rows = [
      { a: null },
      { a: '' },
      { a: '  ' },
      { a: 'abc' },
      { a: '12abc' },
      { a: true },
      { a: Number.NaN },
      { a: Number.POSITIVE_INFINITY },
      {},
      { a: ' 4.5 ' },
      { a: '1e2' },
    ];
    expect(sumRows(rows, ['a'])).toEqual({ a: '104.50' });
  });

  it('gives 0.00 for no rows and keeps totals beyond 2^53 exact', () => {
    expect(sumRows([], ['a'])).toEqual({ a: '0.00' });
    expect(sumRows([{ a: '90000000000.01' }, { a: '90000000000.02' }], ['a'])).toEqual({
      a: '180000000000.03',
    });
  });

  it('labels the first column with the word for total', () => {
    expect(translate('zh', SUM_TOTAL_MESSAGE)).toBe('合计');
    expect(translate('en', SUM_TOTAL_MESSAGE)).toBe('Total');
  });
});

describe('footerSums (issue 25 item 9)', () => {
  it('shows quantities as whole numbers and amounts with 2 decimals, both with separators', () => {
    const rows = [
      { quantity: 9, actualAmount: 2361473.9 },
      { quantity: '5', actualAmount: '0.1' },
      { quantity: 1000, actualAmount: 0.2 },
    ];
    expect(footerSums(rows, ['quantity', 'actualAmount'], new Set(['quantity']))).toEqual({
      quantity: '1,014',
      actualAmount: '2,361,474.20',
    });
    expect(footerSums([{ a: -1234.5 }], ['a'])).toEqual({ a: '-1,234.50' });
  });

  it('names the page total and the total over every matching row apart', () => {
    expect(translate('zh', SUM_PAGE_MESSAGE)).toBe('本页合计');
    expect(translate('zh', SUM_ALL_MESSAGE)).toBe('全部合计');
    expect(translate('en', SUM_PAGE_MESSAGE)).toBe('Page total');
    expect(translate('en', SUM_ALL_MESSAGE)).toBe('Grand total');
  });
});
