import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { giveTableAViewport } from '../../test/table-viewport';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import payOrders from './pay-order';
import type { PayOrder } from '../../contracts/platform-finance/pay-order';
import { fail, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import { WechatTest } from '../service-settings/test-connection-dialog';
import type { WechatPaySetting } from '../../contracts/service-settings/settings';
import { PayOrderChartBanner } from './pay-order-banner';
import PayOrderRefundDialog from './pay-order-refund-dialog';

beforeAll(() => {
  giveTableAViewport();
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const F = '/api/blade-quanyi-platform-finance/pay-order';
const order = (over: Partial<PayOrder> = {}): PayOrder => ({
  id: 'po1',
  orderNo: 'PO20261128001',
  outTradeNo: 'WX1',
  transactionId: '4200',
  payerMask: 'oUpF8u****eS6o',
  subject: '临时停车费',
  amount: 100,
  refundedAmount: 30.5,
  channel: 'mini',
  state: 'partRefunded',
  payTime: '2026-11-28 10:00:00',
  sourceType: 'parkingBill',
  sourceId: 'PB1',
  createTime: '2026-11-28 09:59:00',
  version: 2,
  ...over,
});

describe('退款 dialog', () => {
  it('checks the amount against what is left, then sends it once with an Idempotency-Key', async () => {
    const keys: string[] = [];
    const calls = scriptFetch(() => order({ refundedAmount: 40.5 }));
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } };
    const onClose = vi.fn();
    renderSignedIn(<PayOrderRefundDialog rows={[order()]} onClose={onClose} />);
    expect(screen.getByText('已付 100.00 元，已退 30.50 元，可退 69.50 元')).toBeTruthy();
    const amount = screen.getByRole('textbox', { name: /退款金额/ });
    fireEvent.change(amount, { target: { value: '69.51' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(/不超过可退金额/)).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(amount, { target: { value: '10' } });
    const confirm = screen.getByRole('button', { name: '确定' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls).toEqual([
      { method: 'POST', url: `${F}/refund`, body: { id: 'po1', amount: '10', reason: '' } },
    ]);
    for (const [, init] of fetchMock.mock.calls)
      keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows the server refusal', async () => {
    scriptFetch(() => reply(fail(400, '退款金额不能超过可退金额5.00元')));
    const onClose = vi.fn();
    renderSignedIn(<PayOrderRefundDialog rows={[order()]} onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: /退款金额/ }), {
      target: { value: '6' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('退款金额不能超过可退金额5.00元')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('测试连接 dialog', () => {
  it("shows the driver's answer", async () => {
    const calls = scriptFetch(() => ({ ok: false, message: '微信支付接口暂不可用，请稍后重试' }));
    const row = { id: 's1', settingName: '主商户' } as WechatPaySetting;
    renderSignedIn(<WechatTest rows={[row]} onClose={vi.fn()} />);
    expect(await screen.findByText('连接失败：微信支付接口暂不可用，请稍后重试')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/blade-system/service-setting/wechat-pay/test-connection?id=s1'],
    ]);
  });
});

describe('日趋势', () => {
  it('loads the chart only when asked, from day-report', async () => {
    const calls = scriptFetch(() => [
      { day: '2026-11-27', amount: 12.5, count: 2 },
      { day: '2026-11-28', amount: 3, count: 1 },
    ]);
    renderSignedIn(<PayOrderChartBanner />);
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '显示日趋势' }));
    expect(await screen.findByRole('figure', {}, { timeout: 8000 })).toBeTruthy();
    expect(calls[0]!.url).toContain(`${F}/day-report?createTime_datege=`);
  });
});

describe('支付订单 screen', { timeout: 30_000 }, () => {
  it('offers 退款 on paid orders and 关闭 on unpaid ones, to their holders', async () => {
    scriptFetch((call) =>
      call.url.startsWith(`${F}/list`)
        ? {
            records: [
              order(),
              order({ id: 'po2', orderNo: 'PO2', state: 'created', refundedAmount: 0 }),
              order({ id: 'po3', orderNo: 'PO3', state: 'refunded', refundedAmount: 100 }),
            ],
            total: 3,
            size: 20,
            current: 1,
            pages: 1,
          }
        : null,
    );
    window.history.replaceState(null, '', '/finance/pay-orderList');
    renderSignedIn(
      <ResourceScreen
        def={payOrders as unknown as ResourceScreenProps['def']}
        route="/finance/pay-orderList"
      />,
      { permissions: ['pay_order', 'pay_order_view', 'pay_order_refund', 'pay_order_close'] },
    );
    await screen.findByText('PO3', {}, { timeout: 8000 });
    const rowOf = (no: string) => screen.getByText(no).closest('tr')!;
    expect(within(rowOf('PO20261128001')).getByText('部分退款')).toBeTruthy();
    expect(screen.getByRole('button', { name: '退款 PO20261128001' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退款 PO2' })).toBeNull();
    expect(screen.getByRole('button', { name: '关闭 PO2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(退款|关闭) PO3$/ })).toBeNull();
    expect(screen.getByRole('button', { name: '显示日趋势' })).toBeTruthy();
  });
});
