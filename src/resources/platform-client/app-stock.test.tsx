import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import type { AppStock } from '../../contracts/platform-client/app-stock';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import { fail, ok, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import appStock from './app-stock';
import { ChangeStockDialog, CreateStockDialog, WarnStockDialog } from './app-stock-dialogs';

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
const stock = (over: Partial<AppStock> = {}): AppStock => ({
  id: 's1',
  appId: 'a1',
  appName: '商城应用',
  clientId: 'c1',
  clientName: '星河商城',
  productId: 'p1',
  productName: '咖啡券',
  quantity: 8,
  warnQuantity: 10,
  belowWarning: 1,
  createTime: '2026-11-01 00:00:00',
  updateTime: '2026-11-02 00:00:00',
  version: 1,
  ...over,
});
const sentKeys = () =>
  (fetch as unknown as Mock).mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => new Headers((init as RequestInit).headers).get('Idempotency-Key'));

describe('当前库存 screen', { timeout: 30_000 }, () => {
  it('marks a row below its warning and offers only the held buttons', async () => {
    scriptFetch((call) =>
      call.url.includes('/client-app-stock/list')
        ? { records: [stock()], total: 1, size: 20, current: 1, pages: 1 }
        : null,
    );
    window.history.replaceState(null, '', '/product/order/stock/curr-total');
    renderSignedIn(<ResourceScreen def={appStock as unknown as ResourceScreenProps['def']} />, {
      permissions: ['app_stock', 'app_stock_change'],
    });
    const row = (await screen.findByText('咖啡券', {}, { timeout: 8000 })).closest('tr')!;
    expect(within(row).getByText('低于预警')).toBeTruthy();
    expect(screen.getByRole('button', { name: '增减 商城应用 咖啡券' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /预警设置/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });
});

describe('新增 dialog (client-app-stock/submit)', () => {
  it('checks its fields, sends once with a key and shows a refusal at its field', async () => {
    let release!: (r: Response) => void;
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const calls = scriptFetch((call) => {
      if (call.url.includes('/psclient-app/list-all')) return [{ id: 'a1', appName: '商城应用' }];
      if (call.url.includes('/psclient-product/list-all'))
        return [{ id: 'p1', productName: '咖啡券' }];
      return pending;
    });
    const onClose = vi.fn();
    renderSignedIn(<CreateStockDialog rows={[]} onClose={onClose} />);
    const save = screen.getByRole('button', { name: '保存' });
    fireEvent.click(save);
    expect(await screen.findByText('请选择应用')).toBeTruthy();
    expect(screen.getByText('请选择产品')).toBeTruthy();
    expect(screen.getByText('请输入0到99999999的整数')).toBeTruthy();
    fireEvent.click(screen.getByRole('textbox', { name: '应用' }));
    fireEvent.click(await screen.findByRole('option', { name: '商城应用' }));
    fireEvent.click(screen.getByRole('textbox', { name: '产品' }));
    fireEvent.click(await screen.findByRole('option', { name: '咖啡券' }));
    fireEvent.change(screen.getByRole('textbox', { name: /期初库存/ }), {
      target: { value: '12a' },
    });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(save.hasAttribute('disabled')).toBe(true);
    release(reply(fail(409, 'productId:该应用已有此产品的库存')));
    expect(await screen.findByText('该应用已有此产品的库存')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `${C}/client-app-stock/submit`,
        body: { appId: 'a1', productId: 'p1', quantity: 12 },
      },
    ]);
    expect(sentKeys()[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('增减 dialog (client-app-stock/change)', () => {
  it('sends a deduction as a negative quantity with its reason and closes', async () => {
    const calls = scriptFetch(() => reply(ok(stock({ quantity: 5 }))));
    const onClose = vi.fn();
    renderSignedIn(<ChangeStockDialog rows={[stock()]} onClose={onClose} />);
    expect(screen.getByText('当前库存 8')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确认变动' }));
    expect(await screen.findByText('请输入1到99999999的整数')).toBeTruthy();
    expect(screen.getByText('请输入变动原因')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '扣减' }));
    fireEvent.change(screen.getByRole('textbox', { name: /变动数量/ }), {
      target: { value: '3' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /变动原因/ }), {
      target: { value: ' 回收 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确认变动' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `${C}/client-app-stock/change`,
        body: { id: 's1', quantity: -3, reason: '回收' },
      },
    ]);
    expect(sentKeys()[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText('操作成功，当前库存 5')).toBeTruthy();
  });

  it('keeps the dialog open and shows the ledger refusal at the quantity', async () => {
    scriptFetch(() => reply(fail(400, 'quantity:库存不足，扣减后将小于0')));
    const onClose = vi.fn();
    renderSignedIn(<ChangeStockDialog rows={[stock()]} onClose={onClose} />);
    fireEvent.click(screen.getByRole('radio', { name: '扣减' }));
    fireEvent.change(screen.getByRole('textbox', { name: /变动数量/ }), {
      target: { value: '9' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /变动原因/ }), {
      target: { value: '回收' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确认变动' }));
    expect(await screen.findByText('库存不足，扣减后将小于0')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('预警设置 dialog (client-app-stock/warn)', () => {
  it('starts from the threshold and clears it with null', async () => {
    const calls = scriptFetch(() => reply(ok(stock({ warnQuantity: null }))));
    const onClose = vi.fn();
    renderSignedIn(<WarnStockDialog rows={[stock()]} onClose={onClose} />);
    const field = screen.getByRole('textbox', { name: /预警数量/ });
    expect((field as HTMLInputElement).value).toBe('10');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `${C}/client-app-stock/warn`,
        body: { id: 's1', warnQuantity: null },
      },
    ]);
  });
});
