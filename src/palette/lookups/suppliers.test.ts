import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../api/client';
import { RECORD_LOOKUPS } from './index';
import { supplierLookup } from './suppliers';

const URL = 'blade-quanyi-platform-supplier/sup';

interface Row {
  id: string;
  supCode: string;
  supName: string;
}

/** Answers the list by its name/code filter, and list-not-page with `enabled`. */
function fakeRequest(byFilter: Partial<Record<'supName' | 'supCode', Row[]>>, enabled: Row[]) {
  const calls: ApiRequest[] = [];
  const request = <T>(args: ApiRequest): Promise<T> => {
    calls.push(args);
    if (args.url === `${URL}/list-not-page`) return Promise.resolve(enabled as T);
    const filter = (['supName', 'supCode'] as const).find((k) => args.params?.[k]);
    return Promise.resolve({ records: (filter && byFilter[filter]) ?? [], total: 0 } as T);
  };
  return { calls, request };
}

const xbk = { id: '1', supCode: 'SUP-XBK', supName: '星巴克（中国）权益服务' };
const rx = { id: '2', supCode: 'SUP-RXKF', supName: '瑞幸咖啡数字券' };
const mt = { id: '3', supCode: 'MTWM', supName: '美团外卖红包' };

describe('the s: supplier look-up', () => {
  it('is registered for holders of the supplier list only', () => {
    expect(RECORD_LOOKUPS).toContain(supplierLookup);
    expect(supplierLookup).toMatchObject({ scope: 's', permission: 'supplier' });
  });

  it('finds a supplier by its pinyin initials among the enabled suppliers', async () => {
    const { calls, request } = fakeRequest({}, [xbk, rx]);
    const hits = await supplierLookup.search('xbk', { request });
    expect(hits).toEqual([
      { id: '1', title: xbk.supName, subtitle: 'SUP-XBK', supCode: 'SUP-XBK' },
    ]);
    expect(calls.map((c) => c.url)).toEqual([`${URL}/list`, `${URL}/list`, `${URL}/list-not-page`]);
    expect((await supplierLookup.search('kf', { request })).map((h) => h.id)).toEqual(['2']);
  });

  it('finds a supplier by the full pinyin of its name as well as its initials (issue 25 item 13)', async () => {
    const { request } = fakeRequest({}, [xbk, rx, mt]);
    const ids = async (term: string) =>
      (await supplierLookup.search(term, { request })).map((h) => h.id);
    expect(await ids('meituan')).toEqual(['3']);
    expect(await ids('MeiTuan')).toEqual(['3']);
    expect(await ids('mt')).toEqual(['3']);
    expect(await ids('美tuan')).toEqual(['3']);
    expect(await ids('waimai')).toEqual(['3']);
    expect(await ids('ruixingkafei')).toEqual(['2']);
    expect(await ids('xingbake')).toEqual(['1']);
    // Letters in order with gaps are not a match (too noisy over names).
    expect(await ids('mthb')).toEqual([]);
  });

  it('plain text asks it with one request over the enabled suppliers: name, pinyin, code', async () => {
    const { calls, request } = fakeRequest({}, [xbk, rx, mt]);
    const plain = supplierLookup.plain!;
    const search = plain.search!;
    expect(plain.accepts('美团')).toBe(true);
    expect((await search('美团', { request })).map((h) => h.id)).toEqual(['3']);
    expect((await search('meituan', { request })).map((h) => h.id)).toEqual(['3']);
    expect((await search('rxkf', { request })).map((h) => h.id)).toEqual(['2']);
    expect((await search('SUP-XBK', { request })).map((h) => h.id)).toEqual(['1']);
    expect(calls.map((c) => c.url)).toEqual(Array(4).fill(`${URL}/list-not-page`));
  });

  it('finds by name or code through the list filters, each supplier once', async () => {
    const { calls, request } = fakeRequest({ supName: [rx], supCode: [rx, xbk] }, []);
    const hits = await supplierLookup.search('瑞幸', { request });
    expect(hits.map((h) => h.id)).toEqual(['2', '1']);
    expect(calls.map((c) => c.params)).toEqual([
      { current: 1, size: 10, supName: '瑞幸' },
      { current: 1, size: 10, supCode: '瑞幸' },
    ]);
  });

  it('opens the supplier list filtered to the chosen code', () => {
    const went: string[] = [];
    const context = {
      navigate: (to: string) => went.push(to),
      lang: 'zh' as const,
      request: () => Promise.reject(new Error('none')),
    };
    supplierLookup.open({ id: '1', title: 'x', supCode: 'SUP-XBK' } as never, context);
    expect(went).toEqual(['/supplier/supplier-list#f.supCode=SUP-XBK']);
  });
});
