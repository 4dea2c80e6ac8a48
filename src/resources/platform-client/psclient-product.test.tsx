import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GoodMap, GoodOption } from '../../contracts/platform-client/product-good-map';
import type { PsclientProduct } from '../../contracts/platform-client/psclient-product';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import { fail, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import psclientProduct from './psclient-product';
import { GoodMapDialog } from './psclient-product-map-dialog';

beforeAll(() => {
  giveTableAViewport();
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const C = '/api/blade-quanyi-platform-client';

const product = (over: Partial<PsclientProduct> = {}): PsclientProduct => ({
  id: 'p1',
  productCode: 'P1',
  productName: '咖啡月卡',
  marketAmount: 50,
  salePrice: 48,
  setRule: 'priority',
  onShelf: 1,
  pictures: '',
  videos: '',
  description: null,
  enabled: 1,
  remark: null,
  goodCount: 2,
  availableStock: 3,
  stockWarn: 10,
  belowWarning: 1,
  version: 1,
  createTime: '2026-11-01 00:00:00',
  ...over,
});

const map: GoodMap = {
  productId: 'p1',
  setRule: 'priority',
  goods: [
    {
      goodId: 'g1',
      goodCode: 'G1',
      goodName: '咖啡券',
      goodType: 1,
      supId: 's1',
      supName: '供应商甲',
      costPrice: 45,
      marketAmount: 50,
      priority: 1,
      weight: 1,
      stock: 3,
      sellable: 1,
    },
    {
      goodId: 'g2',
      goodCode: 'G2',
      goodName: '话费直充',
      goodType: 2,
      supId: 's1',
      supName: '供应商甲',
      costPrice: 49,
      marketAmount: 50,
      priority: 2,
      weight: 1,
      stock: null,
      sellable: 1,
    },
  ],
};

const options: GoodOption[] = [
  ...map.goods.map((g) => ({ ...g, id: g.goodId })),
  {
    id: 'g3',
    goodCode: 'G3',
    goodName: '奶茶券',
    goodType: 1,
    supId: 's2',
    supName: '供应商乙',
    costPrice: 40,
    marketAmount: 50,
  },
];

const answers = (save: () => unknown) => (call: { url: string; method: string }) =>
  call.url.includes('/product-good-map/get')
    ? map
    : call.url.includes('/product-good-map/goods')
      ? options
      : call.method === 'POST'
        ? save()
        : null;

describe('商品映射 dialog', { timeout: 30_000 }, () => {
  it('edits priorities, weights, goods and the rule, and saves the whole map', async () => {
    const calls = scriptFetch(answers(() => map));
    const onClose = vi.fn();
    renderSignedIn(<GoodMapDialog rows={[product()]} onClose={onClose} />);
    expect(await screen.findByText('咖啡券（G1）· 供应商甲')).toBeTruthy();
    expect(screen.getByText('不限')).toBeTruthy();
    // The rule.
    fireEvent.click(screen.getByRole('textbox', { name: '配置规则' }));
    fireEvent.click(await screen.findByRole('option', { name: '按权重' }));
    // A weight and a priority.
    fireEvent.change(screen.getByRole('textbox', { name: '权重 咖啡券' }), {
      target: { value: '70' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: '优先级 话费直充' }), {
      target: { value: '5' },
    });
    // Remove one, add another from the goods picker (the next priority after the highest).
    fireEvent.click(screen.getByRole('button', { name: '移除 话费直充' }));
    fireEvent.click(screen.getByRole('textbox', { name: '添加商品' }));
    fireEvent.click(await screen.findByRole('option', { name: '奶茶券（G3）· 供应商乙' }));
    expect(await screen.findByText('奶茶券（G3）· 供应商乙')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `${C}/product-good-map/save`,
        body: {
          productId: 'p1',
          setRule: 'weighted',
          goods: [
            { goodId: 'g1', priority: 1, weight: 70 },
            { goodId: 'g3', priority: 2, weight: 1 },
          ],
        },
      },
    ]);
  });

  it('checks priority and weight before sending, and shows a refusal at its row', async () => {
    const calls = scriptFetch(
      answers(() => reply(fail(400, 'goods.1.goodId:商品不存在或不属于本租户'))),
    );
    const onClose = vi.fn();
    renderSignedIn(<GoodMapDialog rows={[product()]} onClose={onClose} />);
    await screen.findByText('咖啡券（G1）· 供应商甲');
    fireEvent.change(screen.getByRole('textbox', { name: '权重 咖啡券' }), {
      target: { value: '101' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: '优先级 话费直充' }), {
      target: { value: '0' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('权重须为1到100的整数')).toBeTruthy();
    expect(screen.getByText('优先级须为1到9999的整数')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: '权重 咖啡券' }), {
      target: { value: '100' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: '优先级 话费直充' }), {
      target: { value: '3' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const row = screen.getByText('话费直充（G2）· 供应商甲').closest('tr')!;
    expect(await within(row).findByText('商品不存在或不属于本租户')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('产品档案 screen', { timeout: 30_000 }, () => {
  it('tags a product below its stock threshold in red words and offers the held actions', async () => {
    scriptFetch((call) =>
      call.url.includes('/psclient-product/list')
        ? {
            records: [
              product(),
              product({ id: 'p2', productCode: 'P2', productName: '奶茶周卡', belowWarning: 0 }),
            ],
            total: 2,
            size: 20,
            current: 1,
            pages: 1,
          }
        : null,
    );
    window.history.replaceState(null, '', '/product/product-files');
    renderSignedIn(
      <ResourceScreen
        def={psclientProduct as unknown as ResourceScreenProps['def']}
        route="/product/product-files"
      />,
      { permissions: ['product', 'product_good_map'] },
    );
    await screen.findByText('奶茶周卡', {}, { timeout: 8000 });
    expect(screen.getAllByText('库存不足')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '商品映射 咖啡月卡（P1）' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '预警设置 咖啡月卡（P1）' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });
});
