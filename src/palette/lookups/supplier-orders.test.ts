import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../api/client';
import { RECORD_LOOKUPS } from './index';
import { orderListUrl, supplierOrderLookup } from './supplier-orders';

const URL = 'blade-quanyi-platform-supplier/sup-order';

const row = (id: string, orderNo: string) => ({
  id,
  orderNo,
  goodName: '中杯券',
  supName: '星巴克',
  stateName: '成功',
  quantity: 1,
});

describe('the o: supplier order look-up', () => {
  it('is registered once, for holders of the order list only', () => {
    expect(RECORD_LOOKUPS).toContain(supplierOrderLookup);
    expect(supplierOrderLookup).toMatchObject({ scope: 'o', permission: 'supplier_order' });
    expect(RECORD_LOOKUPS.filter((l) => l.scope === 'o')).toHaveLength(1);
  });

  it('finds orders whose number starts with the term through the list filter', async () => {
    const calls: ApiRequest[] = [];
    const request = <T>(args: ApiRequest): Promise<T> => {
      calls.push(args);
      return Promise.resolve({
        records: [
          row('1', 'SO2026112600001'),
          row('2', 'XSO2026112600001'),
          row('3', 'SO2026112600019'),
        ],
        total: 3,
      } as T);
    };
    const hits = await supplierOrderLookup.search(' SO20261126000 ', { request });
    expect(hits).toEqual([
      {
        id: '1',
        title: 'SO2026112600001',
        subtitle: '中杯券 · 星巴克 · 成功',
        orderNo: 'SO2026112600001',
      },
      {
        id: '3',
        title: 'SO2026112600019',
        subtitle: '中杯券 · 星巴克 · 成功',
        orderNo: 'SO2026112600019',
      },
    ]);
    expect(calls.map((c) => [c.url, c.params])).toEqual([
      [`${URL}/list`, { current: 1, size: 20, orderNo: 'SO20261126000' }],
    ]);
    expect(await supplierOrderLookup.search('  ', { request })).toEqual([]);
    expect(calls).toHaveLength(1);
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
