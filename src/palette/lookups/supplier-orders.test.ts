import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../api/client';
import {
  closeOrderRefund,
  useOrderRefundTarget,
} from '../../resources/platform-supplier/sup-order-refund-store';
import type { LookupContext, RecordHit } from '../record-lookup';
import { nestedPageCommands } from '../shell-commands';
import { RECORD_LOOKUPS } from './index';
import { orderListUrl, supplierOrderLookup } from './supplier-orders';

const URL = 'blade-quanyi-platform-supplier/sup-order';
const C = 'blade-quanyi-platform-client/client-product-order';

const row = (id: string, orderNo: string, clientOrderId: string | null = null) => ({
  id,
  orderNo,
  clientOrderId,
  goodName: '中杯券',
  supName: '星巴克',
  state: 'partRefunded',
  quantity: 1,
});

/** Answers the list by which number filter it got (`orderNo_likeright`, `clientOrderId_likeright`). */
function fakeRequest(byField: Partial<Record<'orderNo' | 'clientOrderId', object[]>>) {
  const calls: ApiRequest[] = [];
  const request = <T>(args: ApiRequest): Promise<T> => {
    calls.push(args);
    // The client order list (o: asks it too) has none of these.
    if (!args.url.startsWith(URL)) return Promise.resolve({ records: [], total: 0 } as T);
    const field = (['orderNo', 'clientOrderId'] as const).find(
      (f) => args.params?.[`${f}_likeright`] !== undefined,
    );
    const records = (field && byField[field]) ?? [];
    return Promise.resolve({ records, total: records.length } as T);
  };
  return { calls, request };
}

const PART_REFUNDED = { zh: '中杯券 · 星巴克 · 部分退款', en: '中杯券 · 星巴克 · Partly refunded' };

describe('the o: supplier order look-up', () => {
  it('is registered once, for holders of the order list only', () => {
    expect(RECORD_LOOKUPS).toContain(supplierOrderLookup);
    expect(supplierOrderLookup).toMatchObject({
      scope: 'o',
      permission: 'supplier_order',
      alsoFor: ['client_order'],
    });
    expect(RECORD_LOOKUPS.filter((l) => l.scope === 'o')).toHaveLength(1);
  });

  it('finds orders whose number starts with the term, case ignored, through the list filter', async () => {
    const { calls, request } = fakeRequest({
      orderNo: [
        row('1', 'SO2026112600001'),
        row('2', 'XSO2026112600001'),
        row('3', 'SO2026112600019'),
      ],
    });
    const hits = await supplierOrderLookup.search(' so20261126000 ', { request });
    expect(hits).toEqual([
      {
        id: '1',
        title: 'SO2026112600001',
        subtitle: PART_REFUNDED,
        orderNo: 'SO2026112600001',
        state: 'partRefunded',
      },
      {
        id: '3',
        title: 'SO2026112600019',
        subtitle: PART_REFUNDED,
        orderNo: 'SO2026112600019',
        state: 'partRefunded',
      },
    ]);
    expect(calls.map((c) => [c.url, c.params])).toEqual([
      [`${URL}/list`, { current: 1, size: 20, orderNo_likeright: 'so20261126000' }],
      [`${URL}/list`, { current: 1, size: 20, clientOrderId_likeright: 'so20261126000' }],
      [`${C}/list`, { current: 1, size: 10, orderNo_likeright: 'so20261126000' }],
      [`${C}/list`, { current: 1, size: 10, outOrderNo_likeright: 'so20261126000' }],
    ]);
    expect(await supplierOrderLookup.search('  ', { request })).toEqual([]);
    expect(calls).toHaveLength(4);
  });

  it('finds orders by the client order number too, naming it; each order once (issue 25 item 13)', async () => {
    const { request } = fakeRequest({
      orderNo: [row('1', 'CO-SO-1')],
      clientOrderId: [row('1', 'CO-SO-1', 'CO-1'), row('2', 'SO2026112600002', 'CO20261126000002')],
    });
    const hits = await supplierOrderLookup.search('co', { request });
    expect(hits.map((h) => [h.id, h.title, h.subtitle])).toEqual([
      ['1', 'CO-SO-1', PART_REFUNDED],
      [
        '2',
        'SO2026112600002',
        {
          zh: 'CO20261126000002 · 中杯券 · 星巴克 · 部分退款',
          en: 'CO20261126000002 · 中杯券 · 星巴克 · Partly refunded',
        },
      ],
    ]);
  });

  it('plain text asks it for what looks like an order number: a supplier number once, another also as a client order', async () => {
    const plain = supplierOrderLookup.plain!;
    for (const term of ['SO2026', 'co20261126', 'A-1234'])
      expect(plain.accepts(term), term).toBe(true);
    for (const term of ['yhgl', '美团', 'SO2', 'order 2026', 'meituan'])
      expect(plain.accepts(term), term).toBe(false);
    const { calls, request } = fakeRequest({
      orderNo: [row('1', 'SO2026112600001')],
      clientOrderId: [row('2', 'SO2026112600002', 'CO2026112600002')],
    });
    expect((await plain.search!('SO2026', { request })).map((h) => h.id)).toEqual(['1']);
    expect((await plain.search!('CO2026', { request })).map((h) => h.id)).toEqual(['2']);
    expect(calls.map((c) => [c.url, c.params])).toEqual([
      [`${URL}/list`, { current: 1, size: 20, orderNo_likeright: 'SO2026' }],
      [`${URL}/list`, { current: 1, size: 20, clientOrderId_likeright: 'CO2026' }],
      [`${C}/list`, { current: 1, size: 10, orderNo_likeright: 'CO2026' }],
    ]);
  });

  it('opens the order list filtered to the chosen order, with its detail', () => {
    const went: string[] = [];
    const hit = { id: '1', title: 'SO2026112600001', orderNo: 'SO2026112600001' };
    supplierOrderLookup.open(hit, {
      navigate: (to) => went.push(to),
      lang: 'zh',
      request: () => Promise.reject(new Error('unused')),
    });
    expect(went).toEqual(['/supplier/commodity-order/list#f.orderNo=SO2026112600001&open=1']);
    expect(orderListUrl('SO 1')).toBe('/supplier/commodity-order/list#f.orderNo=SO+1');
  });
});

describe('退款 on an order found by o: (issue 25 item 7)', () => {
  const hit = (state: string) => ({ id: '501', title: 'SO1', orderNo: 'SO1', state }) as RecordHit;
  const context: LookupContext = {
    navigate: () => undefined,
    lang: 'zh',
    request: () => Promise.reject(new Error('unused')),
  };
  const page = (state: string, permissions: string[], explain = false) =>
    nestedPageCommands('record:o:501', {
      lang: 'zh',
      theme: 'default',
      dispatch: (() => undefined) as never,
      lookups: [supplierOrderLookup],
      permissions: new Set(permissions),
      explain,
      lookupContext: context,
      hit: hit(state),
    }).map((c) => [c.label.zh, c.missingPermission]);

  it("is offered where the order's state allows a refund, behind the refund button", () => {
    const refund = 'supplier_refund_order_refund';
    expect(page('success', [refund])).toEqual([
      ['退款', undefined],
      ['在订单列表中查看', undefined],
    ]);
    expect(page('partRefunded', [refund])[0]).toEqual(['退款', undefined]);
    for (const state of ['failed', 'pending', 'refunding', 'refunded', 'closed'])
      expect(page(state, [refund]), state).toEqual([['在订单列表中查看', undefined]]);
    expect(page('success', [])).toEqual([['在订单列表中查看', undefined]]);
    expect(page('success', [], true)[0]).toEqual(['退款', refund]);
  });

  it('opens the refund dialog with the order in it, giving focus back where the palette had it', () => {
    const { result } = renderHook(() => useOrderRefundTarget());
    const opener = document.createElement('button');
    let taken = 0;
    const refund = supplierOrderLookup.actions!.find((a) => a.id === 'orders.refund')!;
    act(
      () =>
        void refund.run(hit('success'), {
          ...context,
          takeFocus: () => (taken++, opener),
        }),
    );
    expect(result.current).toEqual({ id: '501', orderNo: 'SO1' });
    expect(taken).toBe(1);
    act(() => closeOrderRefund());
    expect(result.current).toBeUndefined();
  });
});
