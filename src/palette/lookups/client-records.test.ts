import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../api/client';
import type { LookupContext } from '../record-lookup';
import { RECORD_LOOKUPS } from './index';
import { accessLookup, productLookup, searchClientOrders } from './client-records';
import { supplierOrderLookup } from './supplier-orders';

const C = 'blade-quanyi-platform-client';

/** Answers each list by its URL and filter; a list named in `refuse` answers 403. */
function fakeRequest(answers: Record<string, object[]>, refuse: string[] = []) {
  const calls: ApiRequest[] = [];
  const request = <T>(args: ApiRequest): Promise<T> => {
    calls.push(args);
    if (refuse.some((r) => args.url.startsWith(r)))
      return Promise.reject({ status: 403, message: 'no' });
    const key = `${args.url}?${Object.keys(args.params ?? {}).filter((k) => k !== 'current' && k !== 'size')[0]}`;
    const records = answers[key] ?? [];
    return Promise.resolve({ records, total: records.length } as T);
  };
  return { calls, request };
}

const navigation = () => {
  const went: string[] = [];
  const context = {
    navigate: (to: string) => went.push(to),
    lang: 'zh',
  } as unknown as LookupContext;
  return { went, context };
};

describe('client look-ups (issue 27 item 10)', () => {
  it('are registered as a: and p:, for holders of their screens', () => {
    expect(RECORD_LOOKUPS).toContain(accessLookup);
    expect(RECORD_LOOKUPS).toContain(productLookup);
    expect(accessLookup).toMatchObject({
      scope: 'a',
      permission: 'client',
      alsoFor: ['client_app'],
    });
    expect(productLookup).toMatchObject({ scope: 'p', permission: 'product' });
    expect(new Set(RECORD_LOOKUPS.map((l) => l.scope)).size).toBe(RECORD_LOOKUPS.length);
  });

  it('a: finds parties by name or code and apps by name or key, each once, and opens their screen', async () => {
    const party = { id: '1', clientCode: 'JD', clientName: '京东' };
    const app = { id: '2', appKey: 'qkJD01', appName: '京东商城', clientName: '京东' };
    const { calls, request } = fakeRequest({
      [`${C}/psclient/list?clientName`]: [party],
      [`${C}/psclient/list?clientCode`]: [party],
      [`${C}/psclient-app/list?appName`]: [app],
    });
    const hits = await accessLookup.search('京东', { request });
    expect(hits.map((h) => [h.id, h.title, h.subtitle])).toEqual([
      ['1', '京东', { zh: '接入方 · JD', en: 'Access party · JD' }],
      ['2', '京东商城', { zh: '应用 · qkJD01 · 京东', en: 'App · qkJD01 · 京东' }],
    ]);
    expect(calls).toHaveLength(4);
    const { went, context } = navigation();
    accessLookup.open(hits[1]!, context);
    expect(went).toEqual(['/access/openplatform/app#f.appKey=qkJD01&open=2']);
  });

  it('a: lists what the user may read when one of the two lists refuses', async () => {
    const party = { id: '1', clientCode: 'JD', clientName: '京东' };
    const { request } = fakeRequest({ [`${C}/psclient/list?clientName`]: [party] }, [
      `${C}/psclient-app`,
    ]);
    expect((await accessLookup.search('京东', { request })).map((h) => h.id)).toEqual(['1']);
  });

  it('p: finds products by name or code and opens the product list on it', async () => {
    const product = { id: '5', productCode: 'P-COFFEE', productName: '咖啡券', salePrice: 29.9 };
    const { request } = fakeRequest({ [`${C}/psclient-product/list?productCode`]: [product] });
    const [hit] = await productLookup.search('P-COF', { request });
    expect(hit).toMatchObject({ id: '5', title: '咖啡券', subtitle: 'P-COFFEE · ¥29.9' });
    const { went, context } = navigation();
    productLookup.open(hit!, context);
    expect(went).toEqual(['/product/product-files#f.productCode=P-COFFEE&open=5']);
  });

  it('o: finds client orders by their number or the app number (prefix, case ignored) and opens the client order list', async () => {
    const order = {
      id: '9',
      orderNo: 'CO20261128000009',
      outOrderNo: 'APP-77',
      productName: '咖啡券',
      appName: '京东商城',
      state: 'partReturned',
    };
    const { request } = fakeRequest({
      [`${C}/client-product-order/list?outOrderNo_likeright`]: [
        order,
        { ...order, id: '10', outOrderNo: 'XAPP-77' },
      ],
    });
    const hits = await supplierOrderLookup.search('app-7', { request });
    expect(hits.map((h) => [h.id, h.title, h.subtitle])).toEqual([
      [
        '9',
        'CO20261128000009',
        {
          zh: '接入方订单 · APP-77 · 咖啡券 · 京东商城 · 部分退货',
          en: 'Client order · APP-77 · 咖啡券 · 京东商城 · Partly returned',
        },
      ],
    ]);
    const { went, context } = navigation();
    supplierOrderLookup.open(hits[0]!, context);
    expect(went).toEqual(['/product/order/product-order#f.orderNo=CO20261128000009&open=9']);
    // The supplier refund is not offered on a client order.
    expect(
      supplierOrderLookup.actions!.find((a) => a.id === 'orders.refund')!.when!(hits[0]!),
    ).toBe(false);
    expect(await searchClientOrders(' ', { request })).toEqual([]);
  });
});
