import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { ClientOrder } from '../../contracts/platform-client/client-order';
import { fail, renderSignedIn, reply, scriptFetch, type Call } from '../../test/signed-in';
import clientOrder from './client-order';
import { CloseFailDialog, ClientReturnDialog, ReissueFailDialog } from './client-order-dialogs';
import userOrder from './user-order';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const C = '/api/blade-quanyi-platform-client';

const order = (fields: Partial<ClientOrder> = {}): ClientOrder => ({
  id: '701',
  orderNo: 'CO20261128000001',
  outOrderNo: 'APP-1',
  clientId: '1',
  clientName: '甲方',
  appId: '2',
  appName: '甲方商城',
  productId: '3',
  productName: '咖啡券',
  goodId: '9',
  goodName: '中杯券',
  supOrderId: '501',
  supOrderNo: 'SO1',
  quantity: 3,
  salePrice: 29.9,
  amount: 89.7,
  returnedQuantity: 1,
  returnedAmount: 29.9,
  phoneMask: '138****8000',
  state: 'success',
  source: 'api',
  lastError: null,
  enabled: 1,
  createTime: '2026-11-28 10:00:00',
  finishTime: '2026-11-28 10:00:01',
  failId: null,
  version: 1,
  ...fields,
});

const writes = (calls: Call[]) => calls.filter((c) => c.method === 'POST' || c.method === 'PUT');
const writeHeaders = (i = 0) =>
  (
    (fetch as Mock).mock.calls.filter((c) =>
      ['POST', 'PUT'].includes((c[1] as RequestInit)?.method ?? ''),
    )[i]![1] as RequestInit
  ).headers as Record<string, string>;

describe('client order screens: declarations', () => {
  it('offers 退货退款 where the client order machine allows a return', () => {
    // (启用/停用 are the engine's toggle actions, offered by the enabled flag.)
    const offered = (state: string) =>
      clientOrder
        .rowActions!.filter((a) => a.id === 'return' && a.when!(order({ state })))
        .map((a) => a.id);
    expect(offered('success')).toEqual(['return']);
    expect(offered('partReturned')).toEqual(['return']);
    for (const state of ['fulfilling', 'failed', 'returned', 'closed', 'cancelled'])
      expect(offered(state)).toEqual([]);
    expect(clientOrder.rowActions!.find((a) => a.id === 'return')!.permission).toBe(
      'client_order_refund',
    );
  });

  it("offers a failed order's handling on the user order screen only while its record is open", () => {
    const offered = (fields: Partial<ClientOrder>) =>
      userOrder.rowActions!.filter((a) => a.when!(order(fields))).map((a) => a.id);
    expect(offered({ state: 'failed', failId: '9' })).toEqual(['reissue', 'resend', 'close']);
    expect(offered({ state: 'failed', failId: null })).toEqual([]);
    expect(offered({ state: 'paid' })).toEqual(['cancel']);
    expect(offered({ state: 'success' })).toEqual(['return']);
    expect(userOrder.rowActions!.map((a) => a.permission)).toEqual([
      'user_order_refund',
      'user_order_cancel',
      'user_order_reissue',
      'user_order_resend',
      'user_order_close',
    ]);
  });

  it('names states from the machine and shows amounts in yuan', () => {
    const state = clientOrder.columns.find((c) => c.field === 'state')!;
    expect(state.options?.find((o) => o.value === 'partReturned')?.label).toEqual({
      zh: '部分退货',
      en: 'Partly returned',
    });
    expect(clientOrder.columns.find((c) => c.field === 'amount')?.kind).toBe('amount');
    expect(userOrder.columns.map((c) => c.field)).toContain('phoneMask');
  });
});

describe('退货退款 (send once)', () => {
  it('checks the form, then posts once with an Idempotency-Key and shows a refusal', async () => {
    let release: (r: Response) => void = () => undefined;
    const calls = scriptFetch(() => new Promise<Response>((r) => (release = r)));
    const onClose = vi.fn();
    renderSignedIn(<ClientReturnDialog rows={[order()]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '退货退款：CO20261128000001' });
    expect(within(dialog).getByText(/可退 2 张/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: '确定' });
    fireEvent.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('请输入退货原因');
    fireEvent.change(within(dialog).getByLabelText(/退货数量/), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText(/退货原因/), { target: { value: '不想要了' } });
    fireEvent.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('退货数量须为1到2的整数');
    fireEvent.change(within(dialog).getByLabelText(/退货数量/), { target: { value: '2' } });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      url: `${C}/client-product-order/return`,
      body: { id: '701', quantity: 2, reason: '不想要了' },
    });
    expect(writeHeaders()['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    release(reply(fail(400, '可退券码1张（已使用或已退的券码不能退），本次申请退2张')));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('可退券码1张');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe("a failed order's handling", () => {
  it('closes on the open record with a PUT, reissues with a POST', async () => {
    const calls = scriptFetch(() => null);
    const onClose = vi.fn();
    const failed = order({ state: 'failed', failId: '88', amount: 29.9 });
    renderSignedIn(<CloseFailDialog rows={[failed]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '关闭失败单：CO20261128000001' });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      url: `${C}/place-order-fail/closeFailOrder/88`,
    });
    cleanup();
    renderSignedIn(<ReissueFailDialog rows={[failed]} onClose={onClose} />);
    const reissue = await screen.findByRole('dialog', { name: '失败单补发：CO20261128000001' });
    expect(within(reissue).getByText(/29\.90 元/)).toBeTruthy();
    fireEvent.click(within(reissue).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({
      method: 'POST',
      url: `${C}/place-order-fail/reissueFailOrder/88`,
    });
  });
});
