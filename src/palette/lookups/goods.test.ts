import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../api/client';
import { goodLookup } from './goods';
import { RECORD_LOOKUPS } from './index';

const URL = 'blade-quanyi-platform-supplier/sup-good';

const cup = { id: '1', goodCode: 'SBK-30', goodName: '星巴克中杯券', supName: '星巴克' };
const card = { id: '2', goodCode: 'JD-100', goodName: '京东E卡100元', supName: '京东' };

function fakeRequest(byFilter: Partial<Record<'goodCode' | 'goodName', object[]>>) {
  const calls: ApiRequest[] = [];
  const request = <T>(args: ApiRequest): Promise<T> => {
    calls.push(args);
    const filter = (['goodCode', 'goodName'] as const).find((k) => args.params?.[k]);
    return Promise.resolve({ records: (filter && byFilter[filter]) ?? [], total: 0 } as T);
  };
  return { calls, request };
}

describe('the g: supplier goods look-up', () => {
  it('is registered for holders of the goods list only', () => {
    expect(RECORD_LOOKUPS).toContain(goodLookup);
    expect(goodLookup).toMatchObject({ scope: 'g', permission: 'supplier_goods' });
    expect(RECORD_LOOKUPS.filter((l) => l.scope === 'g')).toHaveLength(1);
  });

  it('finds goods by code or name through the list filters, each good once', async () => {
    const { calls, request } = fakeRequest({ goodCode: [cup], goodName: [cup, card] });
    const hits = await goodLookup.search('星巴克', { request });
    expect(hits).toEqual([
      { id: '1', title: '星巴克中杯券', subtitle: 'SBK-30 · 星巴克', goodCode: 'SBK-30' },
      { id: '2', title: '京东E卡100元', subtitle: 'JD-100 · 京东', goodCode: 'JD-100' },
    ]);
    expect(calls.map((c) => [c.url, c.params])).toEqual([
      [`${URL}/list`, { current: 1, size: 10, goodCode: '星巴克' }],
      [`${URL}/list`, { current: 1, size: 10, goodName: '星巴克' }],
    ]);
  });

  it('plain text asks one filter: the name for hanzi, else the code (issue 25 item 13)', async () => {
    const { calls, request } = fakeRequest({ goodName: [cup], goodCode: [card] });
    const plain = goodLookup.plain!;
    expect(plain.accepts('星巴克')).toBe(true);
    expect((await plain.search!('星巴克', { request })).map((h) => h.id)).toEqual(['1']);
    expect((await plain.search!('JD-100', { request })).map((h) => h.id)).toEqual(['2']);
    expect(calls.map((c) => c.params)).toEqual([
      { current: 1, size: 10, goodName: '星巴克' },
      { current: 1, size: 10, goodCode: 'JD-100' },
    ]);
  });

  it('opens the goods list filtered to the code; on-shelf and enable are confirmed calls behind their buttons', async () => {
    const to: string[] = [];
    const hit = { id: '1', title: '星巴克中杯券', goodCode: 'SBK-30' };
    const context = {
      navigate: (path: string) => void to.push(path),
      lang: 'zh' as const,
      request: <T>() => Promise.resolve(null as T),
    };
    goodLookup.open(hit, context);
    expect(to).toEqual(['/supplier/commodity-list#f.goodCode=SBK-30']);
    const action = (id: string) => goodLookup.actions!.find((a) => a.id === id)!;
    expect(action('goods.onShelf')).toMatchObject({
      permission: 'supplier_goods_on_shelf',
      confirm: 'palette.goods.onShelfConfirm',
    });
    expect(action('goods.disable').permission).toBe('supplier_goods_enable');
    const sent: ApiRequest[] = [];
    await action('goods.onShelf').run(hit, {
      ...context,
      request: <T>(args: ApiRequest) => (sent.push(args), Promise.resolve(null as T)),
    });
    expect(sent).toEqual([
      {
        url: `${URL}/batch-on-shelf`,
        method: 'POST',
        params: { ids: '1', onShelf: '1' },
        silent: true,
      },
    ]);
  });
});
