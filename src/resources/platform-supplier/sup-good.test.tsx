import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discountOf, type SupGood } from '../../contracts/platform-supplier/sup-good';
import { fail, renderSignedIn, scriptFetch } from '../../test/signed-in';
import { reply } from '../../test/signed-in';
import supGood from './sup-good';
import { DisableDialog } from './sup-good-enable-dialog';
import { StockWarnDialog } from './sup-good-settings-dialog';
import { ThirdStockDialog } from './sup-good-third-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const API = '/api/blade-quanyi-platform-supplier/sup-good';

const good = (fields: Partial<SupGood> = {}): SupGood => ({
  id: '11',
  supId: '1',
  supName: '星巴克',
  goodCode: 'SBK-30',
  goodName: '中杯券',
  goodType: 1,
  goodTypeName: '券码',
  marketAmount: 30,
  costPrice: 27.5,
  discount: '0.92',
  validDays: null,
  validEnd: null,
  onShelf: 1,
  status: 1,
  stockWarn: null,
  validTimeWarn: null,
  interfaceGoodCode: null,
  remark: null,
  version: 1,
  createTime: '2026-11-01 10:00:00',
  ...fields,
});

describe('supplier goods declaration', () => {
  it('shows money as amounts, the discount read-only, the supplier from the supplier list', () => {
    expect(supGood.route).toBe('/supplier/commodity-list');
    expect(supGood.service).toBe('blade-quanyi-platform-supplier/sup-good');
    const column = (f: string) => supGood.columns.find((c) => c.field === f);
    expect(column('marketAmount')).toMatchObject({ kind: 'amount', label: { zh: '面值' } });
    expect(column('costPrice')).toMatchObject({ kind: 'amount' });
    expect(column('discount')?.label.zh).toBe('折扣');
    const form = new Map((supGood.form ?? []).map((f) => [f.name, f]));
    expect(form.get('marketAmount')?.kind).toBe('money');
    expect(form.get('costPrice')?.kind).toBe('money');
    expect(form.has('discount')).toBe(false);
    expect(form.has('onShelf')).toBe(false);
    expect(form.get('supId')).toMatchObject({
      kind: 'select',
      source: { path: 'blade-quanyi-platform-supplier/sup/list-not-page', value: 'id' },
    });
    expect(supGood.filters?.map((f) => f.name)).toEqual([
      'supId',
      'goodCode',
      'goodName',
      'goodType',
      'onShelf',
      'status',
    ]);
  });

  it('offers on-shelf and enable only where they change the row, behind their buttons', () => {
    const row = (id: string) => supGood.rowActions!.find((a) => a.id === id)!;
    expect(row('onShelf').permission).toBe('supplier_goods_on_shelf');
    expect(row('onShelf').when!(good({ onShelf: 1 }))).toBe(false);
    expect(row('offShelf').when!(good({ onShelf: 1 }))).toBe(true);
    expect(row('enable').permission).toBe('supplier_goods_enable');
    expect(row('disable').when!(good({ status: 0 }))).toBe(false);
    expect(row('onShelf').call!.params!([good(), good({ id: '12' })])).toEqual({
      ids: '11,12',
      onShelf: '1',
    });
    expect(supGood.recordLabel(good())).toBe('中杯券（SBK-30）');
  });

  it('derives the discount from fen, rounding half up', () => {
    expect(discountOf(2750, 3000)).toBe('0.92');
    expect(discountOf(4500, 5000)).toBe('0.90');
    expect(discountOf(4999, 10000)).toBe('0.50');
    expect(discountOf(1, 0)).toBe('');
  });

  it('bulk disable previews what would change (batch-enable-pre) before it posts enable', async () => {
    const calls = scriptFetch((call) =>
      call.url.includes('batch-enable-pre')
        ? {
            status: 0,
            total: 2,
            change: 1,
            unchanged: 1,
            offShelf: 1,
            records: [{ id: '11', goodCode: 'SBK-30', goodName: '中杯券' }],
          }
        : null,
    );
    const onClose = vi.fn();
    renderSignedIn(
      <DisableDialog rows={[good(), good({ id: '12', status: 0 })]} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: '批量停用商品' });
    expect(
      await within(dialog).findByText(
        '共选择 2 个商品：1 个将停用，1 个已是停用状态；1 个上架中的商品将同时下架。',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('中杯券（SBK-30）')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${decodeURIComponent(c.url)}`)).toEqual([
      `GET ${API}/batch-enable-pre?ids=11,12&status=0`,
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认停用' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls.map((c) => `${c.method} ${decodeURIComponent(c.url)}`)[1]).toBe(
      `POST ${API}/enable?ids=11,12&status=0`,
    );
  });

  it('stock warning: loads the threshold and saves it with the version it read', async () => {
    const calls = scriptFetch((call) =>
      call.url.includes('get-stock-warn') ? { id: '11', stockWarn: 50, version: 3 } : null,
    );
    const onClose = vi.fn();
    renderSignedIn(<StockWarnDialog rows={[good()]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '库存预警：中杯券' });
    const box = await within(dialog).findByRole('textbox', { name: /库存预警值/ });
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('50'));
    fireEvent.change(box, { target: { value: '80' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls[1]).toMatchObject({
      method: 'POST',
      url: `${API}/set-stock-warn`,
      body: { id: '11', version: 3, stockWarn: '80' },
    });
  });

  it("third-party stock shows the driver's answer, or the server's message when it did not answer", async () => {
    scriptFetch(() => ({ id: '11', goodCode: 'SBK-30', stock: 420 }));
    renderSignedIn(<ThirdStockDialog rows={[good()]} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '三方库存：中杯券' });
    expect(await within(dialog).findByText('供应商库存：420')).toBeTruthy();
    cleanup();
    scriptFetch(() => reply(fail(400, '供应商接口超时')));
    renderSignedIn(<ThirdStockDialog rows={[good()]} onClose={vi.fn()} />, {
      notifications: false,
    });
    const failed = await screen.findByRole('dialog', { name: '三方库存：中杯券' });
    expect(await within(failed).findByText('供应商接口超时')).toBeTruthy();
  });
});
