import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import '../../i18n/console-messages';
import {
  clampRange,
  DATE_SHORTCUTS,
  DEFAULT_PAGE,
  formatDay,
  initialFilterValues,
  lastDaysRange,
  nextPage,
  normalizeFilterValues,
  pageParams,
  rangeParams,
  resetFilterValues,
  SPAN_CLAMPED_MESSAGE,
  toQueryParams,
  toQueryParamsAsync,
  type FilterDef,
} from './filters';

const label = { zh: '标签', en: 'Label' };
const TODAY = new Date(2024, 4, 15, 13, 45); // 15 May 2024, local time

const defs: FilterDef[] = [
  { name: 'postName', kind: 'input', label },
  { name: 'supplierName', kind: 'autocomplete', label },
  { name: 'category', kind: 'select', label, dict: 'post_category' },
  { name: 'status', kind: 'multiSelect', label },
  { name: 'orderDate', kind: 'date', label },
  { name: 'createTime', kind: 'dateRange', label, defaultToday: true, maxDays: 31 },
  { name: 'payTime', kind: 'dateRange', label },
  { name: 'amount', kind: 'numberRange', label },
  { name: 'regionCode', kind: 'cascader', label },
];

describe('initialFilterValues', () => {
  it('starts empty, with a defaultToday range on today', () => {
    expect(initialFilterValues(defs, TODAY)).toEqual({
      postName: '',
      supplierName: '',
      category: '',
      status: [],
      orderDate: '',
      createTime: ['2024-05-15', '2024-05-15'],
      payTime: ['', ''],
      amount: ['', ''],
      regionCode: [],
    });
  });

  it('uses the local calendar day, not the UTC one', () => {
    expect(formatDay(new Date(2024, 0, 1, 0, 30))).toBe('2024-01-01');
    expect(formatDay(new Date(2024, 11, 31, 23, 59))).toBe('2024-12-31');
  });
});

describe('clampRange', () => {
  it('keeps a span of exactly maxDays days (inclusive counting)', () => {
    expect(clampRange('2024-01-01', '2024-01-31', 31)).toEqual({
      start: '2024-01-01',
      end: '2024-01-31',
      clamped: false,
      futureAdjusted: false,
    });
  });

  it('cuts a longer span to the maxDays days ending at the end date', () => {
    expect(clampRange('2024-01-01', '2024-02-01', 31)).toMatchObject({
      start: '2024-01-02',
      end: '2024-02-01',
      clamped: true,
    });
    expect(clampRange('2023-06-01', '2024-03-01', 31)).toMatchObject({
      start: '2024-01-31', // across a leap February
      end: '2024-03-01',
      clamped: true,
    });
  });

  it('keeps the time parts of datetime values', () => {
    expect(clampRange('2024-01-01 08:00:00', '2024-03-01 18:30:00', 31)).toMatchObject({
      start: '2024-01-31 08:00:00',
      end: '2024-03-01 18:30:00',
      clamped: true,
    });
  });

  it('moves ends after today back to today, then checks the span', () => {
    expect(clampRange('2024-05-10', '2024-06-20', 31, TODAY)).toEqual({
      start: '2024-05-10',
      end: '2024-05-15',
      clamped: false,
      futureAdjusted: true,
    });
    expect(clampRange('2024-05-20', '2024-05-25', undefined, TODAY)).toMatchObject({
      start: '2024-05-15',
      end: '2024-05-15',
      futureAdjusted: true,
    });
    expect(clampRange('2024-05-15', '2024-05-15', 31, TODAY).futureAdjusted).toBe(false);
  });

  it('does not limit the span without maxDays', () => {
    expect(clampRange('2020-01-01', '2024-01-01', undefined).clamped).toBe(false);
  });

  it('swaps a start after the end', () => {
    expect(clampRange('2024-03-10', '2024-03-01', 31)).toMatchObject({
      start: '2024-03-01',
      end: '2024-03-10',
    });
  });

  it('leaves open ranges and non-dates alone', () => {
    expect(clampRange('', '2024-03-01', 31)).toMatchObject({ start: '', end: '2024-03-01' });
    expect(clampRange('2024-02-30', '2024-05-01', 31)).toMatchObject({
      start: '2024-02-30',
      clamped: false,
    });
  });
});

describe('lastDaysRange', () => {
  it('gives the shortcut days ending today, both ends included', () => {
    expect(DATE_SHORTCUTS.map((s) => s.days)).toEqual([7, 30]);
    expect(lastDaysRange(7, TODAY)).toEqual(['2024-05-09', '2024-05-15']);
    expect(lastDaysRange(30, TODAY)).toEqual(['2024-04-16', '2024-05-15']);
  });
});

describe('normalizeFilterValues', () => {
  it('clamps date ranges and warns with the span limit', () => {
    const { values, warnings } = normalizeFilterValues(
      defs,
      { createTime: ['2024-01-01', '2024-05-15'], payTime: ['2024-01-01', '2024-05-15'] },
      TODAY,
    );
    expect(values.createTime).toEqual(['2024-04-15', '2024-05-15']);
    expect(values.payTime).toEqual(['2024-01-01', '2024-05-15']); // no maxDays
    expect(warnings).toEqual([{ key: SPAN_CLAMPED_MESSAGE, params: { days: 31 } }]);
    const warning = warnings[0]!;
    expect(translate('zh', warning.key, warning.params)).toBe(
      '查询时间跨度不能超过31天，已自动调整',
    );
    expect(translate('en', warning.key, warning.params)).toBe(
      'Query time span cannot exceed 31 days, adjusted automatically',
    );
  });

  it('moves future dates back to today unless the filter allows them', () => {
    const withFuture: FilterDef[] = [
      ...defs,
      { name: 'expireTime', kind: 'dateRange', label, allowFuture: true },
    ];
    const { values, warnings } = normalizeFilterValues(
      withFuture,
      {
        orderDate: '2024-06-01',
        payTime: ['2024-05-01', '2024-07-01'],
        expireTime: ['', '2030-01-01'],
      },
      TODAY,
    );
    expect(values.orderDate).toBe('2024-05-15');
    expect(values.payTime).toEqual(['2024-05-01', '2024-05-15']);
    expect(values.expireTime).toEqual(['', '2030-01-01']);
    expect(warnings).toEqual([]);
  });
});

describe('toQueryParams', () => {
  it('maps every kind to BladeX parameters and leaves empty values out', () => {
    const params = toQueryParams(defs, {
      postName: '  manager ',
      supplierName: '',
      category: '2',
      status: ['1', '3'],
      orderDate: '2024-05-01',
      createTime: ['2024-05-01', '2024-05-15'],
      payTime: ['', ''],
      amount: ['10', ''],
      regionCode: ['110000', '110100', '110101'],
    });
    expect(params).toEqual({
      postName: 'manager',
      category: '2',
      status: '1,3',
      orderDate: '2024-05-01',
      createTime_dategt: '2024-05-01 00:00:00',
      createTime_datelt: '2024-05-15 23:59:59',
      amount_ge: '10',
      regionCode: '110101',
    });
  });

  it('leaves out blank text, empty arrays and missing values', () => {
    expect(toQueryParams(defs, { postName: '   ', status: [], regionCode: [] })).toEqual({});
    expect(toQueryParams(defs, initialFilterValues(defs, TODAY))).toEqual({
      createTime_dategt: '2024-05-15 00:00:00',
      createTime_datelt: '2024-05-15 23:59:59',
    });
  });

  it("leaves out 'all' in selects, but not as typed text", () => {
    expect(toQueryParams(defs, { category: 'all', status: ['1', 'all'], postName: 'all' })).toEqual(
      { postName: 'all' },
    );
  });

  it('keeps full datetimes as they are', () => {
    expect(
      toQueryParams(defs, { payTime: ['2024-05-01 08:30:00', '2024-05-02 12:00:00'] }),
    ).toEqual({
      payTime_dategt: '2024-05-01 08:30:00',
      payTime_datelt: '2024-05-02 12:00:00',
    });
  });

  it('uses explicit range parameter names', () => {
    const def: FilterDef = {
      name: 'price',
      kind: 'numberRange',
      label,
      params: ['minPrice', 'maxPrice'],
    };
    expect(rangeParams(def)).toEqual(['minPrice', 'maxPrice']);
    expect(toQueryParams([def], { price: ['1', '9.5'] })).toEqual({
      minPrice: '1',
      maxPrice: '9.5',
    });
    expect(rangeParams({ name: 'amount', kind: 'numberRange', label })).toEqual([
      'amount_ge',
      'amount_le',
    ]);
  });

  it('encrypts flagged filters only, after trimming', () => {
    const withCode: FilterDef[] = [
      { name: 'couponCode2', kind: 'input', label, encrypted: true },
      { name: 'postName', kind: 'input', label },
    ];
    const encrypt = (plain: string) => `enc(${plain})`;
    expect(
      toQueryParams(withCode, { couponCode2: ' ABC123 ', postName: 'x' }, { encrypt }),
    ).toEqual({ couponCode2: 'enc(ABC123)', postName: 'x' });
    // Empty encrypted filters stay out rather than sending the ciphertext of ''.
    expect(toQueryParams(withCode, { couponCode2: '' }, { encrypt })).toEqual({});
  });

  it('refuses encrypted filters without an encrypt function', () => {
    const withCode: FilterDef[] = [{ name: 'couponCode2', kind: 'input', label, encrypted: true }];
    expect(() => toQueryParams(withCode, { couponCode2: 'ABC' })).toThrow(/couponCode2.*encrypt/);
    expect(() => toQueryParams(withCode, { couponCode2: '' })).toThrow(/couponCode2/);
  });

  it('has an asynchronous variant for WebCrypto RSA', async () => {
    const withCode: FilterDef[] = [
      { name: 'couponCode2', kind: 'input', label, encrypted: true },
      { name: 'status', kind: 'multiSelect', label },
    ];
    const encrypt = (plain: string) => Promise.resolve(`enc(${plain})`);
    await expect(
      toQueryParamsAsync(withCode, { couponCode2: 'ABC', status: ['1', '2'] }, { encrypt }),
    ).resolves.toEqual({ couponCode2: 'enc(ABC)', status: '1,2' });
    await expect(toQueryParamsAsync(withCode, { couponCode2: 'ABC' })).rejects.toThrow(
      /couponCode2/,
    );
  });
});

describe('resetFilterValues', () => {
  it('empties the form but keeps the createTime range', () => {
    const values = {
      postName: 'x',
      status: ['1'],
      createTime: ['2024-05-01', '2024-05-10'],
      payTime: ['2024-05-01', '2024-05-10'],
    };
    const reset = resetFilterValues(defs, values, TODAY);
    expect(reset.postName).toBe('');
    expect(reset.status).toEqual([]);
    expect(reset.payTime).toEqual(['', '']);
    expect(reset.createTime).toEqual(['2024-05-01', '2024-05-10']);
  });

  it('recognises the createTime range by its wire parameters', () => {
    const aliased: FilterDef[] = [
      {
        name: 'created',
        kind: 'dateRange',
        label,
        params: ['createTime_dategt', 'createTime_datelt'],
      },
      { name: 'createTime', kind: 'dateRange', label, params: ['startTime', 'endTime'] },
    ];
    const reset = resetFilterValues(
      aliased,
      { created: ['2024-05-01', '2024-05-02'], createTime: ['2024-05-01', '2024-05-02'] },
      TODAY,
    );
    expect(reset).toEqual({ created: ['2024-05-01', '2024-05-02'], createTime: ['', ''] });
  });
});

describe('paging', () => {
  it('sends the page as strings, 30 from page 1 by default', () => {
    expect(pageParams(DEFAULT_PAGE)).toEqual({ current: '1', size: '30' });
  });

  it('goes back to page 1 when a filter or the page size changes', () => {
    const prev = { current: 4, size: 30 };
    expect(nextPage(prev, { type: 'filter' })).toEqual({ current: 1, size: 30 });
    expect(nextPage(prev, { type: 'size', size: 90 })).toEqual({ current: 1, size: 90 });
    expect(nextPage(prev, { type: 'page', current: 5 })).toEqual({ current: 5, size: 30 });
    expect(nextPage(prev, { type: 'page', current: 0 })).toEqual({ current: 1, size: 30 });
  });
});
