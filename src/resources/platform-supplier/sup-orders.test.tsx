import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import type { SupErrorOrder } from '../../contracts/platform-supplier/sup-error-order';
import type { SupOrder, SupOrderDetail } from '../../contracts/platform-supplier/sup-order';
import { langChanged } from '../../state/ui-slice';
import { fail, renderSignedIn, reply, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import { ResourceScreen } from '../engine/resource-screen';
import type { ResourceDef } from '../types';
import supErrorOrder from './sup-error-order';
import { ErrorOrderBanner } from './sup-error-order-banner';
import { AuditDialog, WarningDialog } from './sup-error-order-dialogs';
import supOrder from './sup-order';
import { OrderCodes } from './sup-order-codes';
import { ReissueDialog } from './sup-order-dialogs';
import supReturnOrder from './sup-return-order';
import RefundDialog, { OrderRefundDialog } from './sup-return-order-dialog';
import { OrderRefundHost } from './sup-order-refund-host';
import { closeOrderRefund, openOrderRefund } from './sup-order-refund-store';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const S = '/api/blade-quanyi-platform-supplier';

const order = (fields: Partial<SupOrder> = {}): SupOrder => ({
  id: '501',
  orderNo: 'SO20261126000001',
  clientOrderId: 'C-1',
  clientId: null,
  appId: null,
  supId: '1',
  supName: '星巴克',
  goodId: '9',
  goodName: '中杯券',
  quantity: 4,
  marketAmount: 120,
  actualAmount: 110,
  costAmount: 100,
  refundedQuantity: 0,
  refundedAmount: 0,
  state: 'success',
  stateName: '成功',
  codeCount: 4,
  attempts: 1,
  lastError: null,
  finishTime: '2026-11-26 10:00:01',
  remark: null,
  createTime: '2026-11-26 10:00:00',
  version: 1,
  ...fields,
});

const code = (id: string, state: string, masked = true) => ({
  id,
  code: masked ? 'SBX0********0001' : 'SBX0000000000000001',
  pin: null,
  masked,
  state,
  stateName: '',
  validEnd: '2099-12-31 23:59:59',
  issueTime: '2026-11-26 10:00:01',
  usedTime: state === 'used' ? '2026-11-26 12:00:00' : null,
});

const errorOrder = (fields: Partial<SupErrorOrder> = {}): SupErrorOrder => ({
  id: '801',
  orderId: '501',
  orderNo: 'SO20261126000002',
  clientOrderId: null,
  supId: '1',
  supName: '星巴克',
  goodId: '9',
  goodName: '中杯券',
  quantity: 2,
  orderState: 'failed',
  errorMsg: '券码库存不足',
  state: 'open',
  stateName: '待审核',
  auditUser: null,
  auditUserName: '',
  auditTime: null,
  auditRemark: null,
  handleUser: null,
  handleUserName: '',
  handleTime: null,
  createTime: '2026-11-26 10:00:00',
  version: 1,
  ...fields,
});

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
/** The headers of the i-th POST fetch made. */
const postHeaders = (i = 0) =>
  (
    (fetch as Mock).mock.calls.filter((c) => (c[1] as RequestInit)?.method === 'POST')[
      i
    ]![1] as RequestInit
  ).headers as Record<string, string>;

describe('supplier order screens: declarations', () => {
  it('offers 补发 only on failed orders, 重发 and 退款 only on delivered ones, as the machine says', () => {
    const action = (id: string) => supOrder.rowActions!.find((a) => a.id === id)!;
    expect(action('reissue').permission).toBe('supplier_order_reissue');
    expect(action('resend').permission).toBe('supplier_order_resend');
    // The refund screen's button: the server's order-refund checks it (issue 25 item 7).
    expect(action('refund').permission).toBe('supplier_refund_order_refund');
    const offered = (state: string) =>
      supOrder.rowActions!.filter((a) => a.when!(order({ state }))).map((a) => a.id);
    expect(offered('failed')).toEqual(['reissue']);
    expect(offered('success')).toEqual(['resend', 'refund']);
    expect(offered('partRefunded')).toEqual(['resend', 'refund']);
    for (const state of ['pending', 'issuing', 'refunding', 'refunded', 'closed'])
      expect(offered(state)).toEqual([]);
  });

  it('labels order states from the machine in both languages and shows amounts in yuan', () => {
    const state = supOrder.columns.find((c) => c.field === 'state')!;
    expect(state.options?.find((o) => o.value === 'partRefunded')?.label).toEqual({
      zh: '部分退款',
      en: 'Partly refunded',
    });
    for (const f of ['marketAmount', 'actualAmount', 'costAmount'])
      expect(supOrder.columns.find((c) => c.field === f)?.kind).toBe('amount');
    expect(supOrder.filters?.map((f) => f.name)).toEqual([
      'orderNo',
      'clientOrderId',
      'supId',
      'goodId',
      'state',
      'createTime',
    ]);
    expect(supOrder.export).toEqual({ excelType: 'sup-order' });
    expect(supOrder.detailSection).toBe(OrderCodes);
    expect(supReturnOrder.toolbarActions?.map((a) => [a.id, a.permission, a.selection])).toEqual([
      ['refund', 'supplier_refund_order_refund', 'none'],
    ]);
  });

  it('offers 审核 on open error orders and 补发/重发/取消 once audited, nothing after', () => {
    const offered = (state: string) =>
      supErrorOrder.rowActions!.filter((a) => a.when!(errorOrder({ state }))).map((a) => a.id);
    expect(offered('open')).toEqual(['audit']);
    expect(offered('audited')).toEqual(['reissue', 'resend', 'cancel']);
    for (const state of ['reissued', 'resent', 'cancelled']) expect(offered(state)).toEqual([]);
    expect(supErrorOrder.rowActions!.map((a) => a.permission)).toEqual([
      'supplier_error_order_audit',
      'supplier_error_order_reissue',
      'supplier_error_order_resend',
      'supplier_error_order_cancel',
    ]);
    const state = supErrorOrder.columns.find((c) => c.field === 'state')!;
    expect(state.options?.map((o) => `${o.label.zh}/${o.label.en}`)).toEqual([
      '待审核/Open',
      '已审核/Audited',
      '已补发/Reissued',
      '已重发/Resent',
      '已取消/Cancelled',
    ]);
    expect(supErrorOrder.banner).toBe(ErrorOrderBanner);
  });
});

describe('补发 (send once)', () => {
  it('posts {id} once with an Idempotency-Key however often it is confirmed, and shows a 409', async () => {
    let release: (r: Response) => void = () => undefined;
    const calls = scriptFetch(() => new Promise<Response>((r) => (release = r)));
    const onClose = vi.fn();
    renderSignedIn(<ReissueDialog rows={[order({ state: 'failed' })]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '补发订单 SO20261126000001' });
    const confirm = within(dialog).getByRole('button', { name: '确定' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.submit(confirm.closest('form')!);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({ url: `${S}/sup-order/reissue`, body: { id: '501' } });
    expect(postHeaders()['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    release(reply(fail(409, '供应商订单当前状态为「成功」，不能执行此操作')));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '供应商订单当前状态为「成功」，不能执行此操作',
    );
    // Sent again after the refusal: the same request keeps its key (a lost answer is replayed).
    scriptFetch(() => null);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });
});

describe('the order detail drawer', () => {
  it("lists the order's codes as the server answers them, saying when they are masked", async () => {
    const detail: SupOrderDetail = { ...order(), codes: [code('1', 'issued'), code('2', 'used')] };
    scriptFetch(() => detail);
    const store = renderSignedIn(<OrderCodes row={order()} />);
    expect(await screen.findByText('订单 SO20261126000001 的券码')).toBeTruthy();
    expect(screen.getAllByText('SBX0********0001')).toHaveLength(2);
    expect(screen.getByText('已发放')).toBeTruthy();
    expect(screen.getByText('已使用')).toBeTruthy();
    expect(screen.getByText('券码已脱敏显示（需要券码查看权限）')).toBeTruthy();
    store.dispatch(langChanged('en'));
    try {
      expect(await screen.findByText('Valid until')).toBeTruthy();
      // The used code's state and the column of its use time.
      expect(screen.getAllByText('Used')).toHaveLength(2);
      expect(screen.getByText('Issued')).toBeTruthy();
    } finally {
      store.dispatch(langChanged('zh'));
    }
  });
});

describe('the order list opened from the palette (o:)', () => {
  beforeAll(() => giveTableAViewport());

  it('filters to the order and opens its details with its codes', async () => {
    const detail: SupOrderDetail = { ...order(), codes: [code('1', 'issued', false)] };
    const calls = scriptFetch((call) => {
      if (call.url.startsWith(`${S}/sup-order/list`))
        return { records: [order()], total: 1, size: 10, current: 1, pages: 1 };
      if (call.url.startsWith(`${S}/sup-order/detail`)) return detail;
      return null;
    });
    const route = '/supplier/commodity-order/list';
    window.history.replaceState(null, '', `${route}#f.orderNo=SO20261126000001&open=501`);
    renderSignedIn(<ResourceScreen def={supOrder as unknown as ResourceDef} route={route} />, {
      permissions: ['supplier_order', 'supplier_order_view'],
    });
    const drawer = await screen.findByRole('dialog', { name: 'SO20261126000001详情' });
    expect(await within(drawer).findByText('SBX0000000000000001')).toBeTruthy();
    const list = calls.find((c) => c.url.startsWith(`${S}/sup-order/list`))!;
    expect(decodeURIComponent(list.url)).toContain('orderNo=SO20261126000001');
    window.history.replaceState(null, '', '/');
  });
});

describe('退款 dialog', () => {
  const detail: SupOrderDetail = {
    ...order(),
    codes: [code('1', 'issued'), code('2', 'issued'), code('3', 'issued'), code('4', 'used')],
  };

  function script(found: SupOrder[], refund: () => unknown = () => null) {
    return scriptFetch((call) => {
      if (call.url.startsWith(`${S}/sup-order/list`))
        return { records: found, total: found.length, size: 20, current: 1, pages: 1 };
      // The detail agrees with the order found (the dialog reads its state from the detail).
      if (call.url.startsWith(`${S}/sup-order/detail`)) return { ...detail, ...found[0] };
      if (call.method === 'POST') return refund();
      return null;
    });
  }
  const find = async (no: string) => {
    const dialog = await screen.findByRole('dialog', { name: '订单退款' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '订单编号' }), {
      target: { value: no },
    });
    fireEvent.keyDown(within(dialog).getByRole('textbox', { name: '订单编号' }), { key: 'Enter' });
    return dialog;
  };

  it('says when the number matches no order, and refuses orders the machine cannot refund', async () => {
    const calls = script([order({ orderNo: 'SO20261126000001X' })]);
    renderSignedIn(<RefundDialog rows={[]} onClose={vi.fn()} />);
    const dialog = await find('SO20261126000001');
    expect(await within(dialog).findByText('未找到订单 SO20261126000001')).toBeTruthy();
    expect(decodeURIComponent(calls[0]!.url)).toContain('orderNo=SO20261126000001');
    cleanup();
    script([order({ state: 'failed' })]);
    renderSignedIn(<RefundDialog rows={[]} onClose={vi.fn()} />);
    const again = await find('SO20261126000001');
    expect(await within(again).findByText('订单状态为「失败」，不能退款')).toBeTruthy();
    expect(
      (within(again).getByRole('button', { name: '确认退款' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('allows at most the still-issued codes, needs a reason, then refunds once with an Idempotency-Key', async () => {
    let release: (r: Response) => void = () => undefined;
    const calls = script([order()], () => new Promise<Response>((r) => (release = r)));
    const onClose = vi.fn();
    renderSignedIn(<RefundDialog rows={[]} onClose={onClose} />);
    const dialog = await find('SO20261126000001');
    expect(await within(dialog).findByText('最多可退 3 个')).toBeTruthy();
    const quantity = within(dialog).getByRole('textbox', { name: '退款数量' });
    fireEvent.change(quantity, { target: { value: '4' } });
    const submit = within(dialog).getByRole('button', { name: '确认退款' });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('退款数量须为 1 到 3 的整数')).toBeTruthy();
    expect(within(dialog).getByText('请输入退款原因')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    fireEvent.change(quantity, { target: { value: '2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '退款原因' }), {
      target: { value: '用户申请' },
    });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({
      url: `${S}/sup-return-order/order-refund`,
      body: { orderId: '501', quantity: 2, reason: '用户申请' },
    });
    expect(postHeaders()['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    release(
      reply({
        status: 200,
        body: { code: 200, success: true, msg: '退款成功', data: { quantity: 2, costAmount: 50 } },
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(
      await screen.findByText('退款成功：2 个券码已进入券码回收，成本 50.00 元已退回供应商余额'),
    ).toBeTruthy();
  });
});

describe('退款 on one order, no number typed (issue 25 item 7)', () => {
  const detail: SupOrderDetail = {
    ...order({ refundedQuantity: 1, state: 'partRefunded' }),
    codes: [code('1', 'issued'), code('2', 'issued'), code('3', 'returned'), code('4', 'used')],
  };
  function script() {
    return scriptFetch((call) => {
      if (call.url.startsWith(`${S}/sup-order/detail`)) return detail;
      if (call.method === 'POST') return { quantity: 2, costAmount: 50 };
      return null;
    });
  }

  it('the row action refunds that order: its number shown, not asked; its state read again', async () => {
    const calls = script();
    const onClose = vi.fn();
    // The row as the list showed it a while ago; the detail says where the order is now.
    renderSignedIn(<OrderRefundDialog rows={[order()]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '订单退款' });
    const number = within(dialog).getByRole('textbox', { name: '订单编号' }) as HTMLInputElement;
    expect(number.value).toBe('SO20261126000001');
    expect(number.readOnly).toBe(true);
    expect(within(dialog).queryByRole('button', { name: '查找订单' })).toBeNull();
    expect(await within(dialog).findByText('最多可退 2 个')).toBeTruthy();
    expect(within(dialog).getByText('中杯券：数量 4，已退 1，状态 部分退款')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '退款原因' }), {
      target: { value: '用户申请' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退款' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls.filter((c) => c.method === 'GET').every((c) => !c.url.includes('/list'))).toBe(
      true,
    );
    expect(posts(calls)).toEqual([
      expect.objectContaining({
        url: `${S}/sup-return-order/order-refund`,
        body: { orderId: '501', quantity: 2, reason: '用户申请' },
      }),
    ]);
    expect(postHeaders()['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses an order whose state no longer allows a refund', async () => {
    scriptFetch(() => ({ ...detail, state: 'refunded' }));
    renderSignedIn(<OrderRefundDialog rows={[order()]} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '订单退款' });
    expect(await within(dialog).findByText('订单状态为「已退款」，不能退款')).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: '确认退款' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('the detail drawer offers 退款 to a holder of the refund button where the state allows it', async () => {
    script();
    renderSignedIn(<OrderCodes row={order()} />, {
      permissions: ['supplier_order', 'supplier_refund_order_refund'],
    });
    fireEvent.click(await screen.findByRole('button', { name: '退款' }));
    const dialog = await screen.findByRole('dialog', { name: '订单退款' });
    expect(
      (within(dialog).getByRole('textbox', { name: '订单编号' }) as HTMLInputElement).value,
    ).toBe('SO20261126000001');
    expect(await within(dialog).findByText('最多可退 2 个')).toBeTruthy();
    cleanup();
    // Without the button, or for an order the machine cannot refund: no 退款.
    script();
    renderSignedIn(<OrderCodes row={order()} />, { permissions: ['supplier_order'] });
    expect(await screen.findByText('订单 SO20261126000001 的券码')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退款' })).toBeNull();
    cleanup();
    scriptFetch(() => ({ ...detail, state: 'refunded' }));
    renderSignedIn(<OrderCodes row={order()} />, {
      permissions: ['supplier_order', 'supplier_refund_order_refund'],
    });
    expect(await screen.findByText('订单 SO20261126000001 的券码')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退款' })).toBeNull();
  });

  it("the palette's 退款 opens the dialog for the order it found, knowing only its id and number", async () => {
    script();
    renderSignedIn(<OrderRefundHost />);
    act(() => openOrderRefund({ id: '501', orderNo: 'SO20261126000001' }));
    const dialog = await screen.findByRole('dialog', { name: '订单退款' });
    expect(await within(dialog).findByText('中杯券：数量 4，已退 1，状态 部分退款')).toBeTruthy();
    expect(within(dialog).getByText('最多可退 2 个')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => closeOrderRefund());
  });
});

describe('error order dialogs', () => {
  it('审核 sends the remark with the id', async () => {
    const calls = scriptFetch(() => null);
    const onClose = vi.fn();
    renderSignedIn(<AuditDialog rows={[errorOrder()]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '审核异常订单 SO20261126000002' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '备注' }), {
      target: { value: '库存已补' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts(calls)[0]).toMatchObject({
      url: `${S}/sup-error-order/audit`,
      body: { id: '801', remark: '库存已补' },
    });
    expect(postHeaders()['Idempotency-Key']).toBeTruthy();
  });

  it('预警设置 loads the settings, checks threshold, phones and e-mails, then saves them', async () => {
    const calls = scriptFetch((call) =>
      call.method === 'GET'
        ? { enabled: false, threshold: 10, phones: [], emails: [], openCount: 3, over: false }
        : null,
    );
    const onClose = vi.fn();
    renderSignedIn(<WarningDialog rows={[]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '异常订单预警设置' });
    expect(await within(dialog).findByText('当前未处理的异常订单：3 笔')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('switch', { name: '启用预警' }));
    const threshold = within(dialog).getByRole('textbox', {
      name: '预警阈值（未处理的异常订单数）',
    });
    fireEvent.change(threshold, { target: { value: '0' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /通知手机号/ }), {
      target: { value: '13800000000\n12345' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /通知邮箱/ }), {
      target: { value: 'ops@example.com\nnot-mail' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('预警阈值须为 1 到 100000 的整数')).toBeTruthy();
    expect(within(dialog).getByText('手机号格式不正确：12345')).toBeTruthy();
    expect(within(dialog).getByText('邮箱格式不正确：not-mail')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    fireEvent.change(threshold, { target: { value: '5' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /通知手机号/ }), {
      target: { value: '13800000000' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /通知邮箱/ }), {
      target: { value: 'ops@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts(calls)[0]).toMatchObject({
      url: `${S}/warning/errorOrder`,
      body: { enabled: true, threshold: 5, phones: ['13800000000'], emails: ['ops@example.com'] },
    });
    expect(postHeaders()['Idempotency-Key']).toBeTruthy();
  });

  it('the banner shows while the open error orders reach the threshold, and not otherwise', async () => {
    scriptFetch(() => ({
      enabled: true,
      threshold: 5,
      phones: [],
      emails: [],
      openCount: 7,
      over: true,
    }));
    renderSignedIn(<ErrorOrderBanner />);
    expect(await screen.findByText('未处理的异常订单已达 7 笔，超过预警阈值 5 笔')).toBeTruthy();
    cleanup();
    const calls = scriptFetch(() => ({
      enabled: true,
      threshold: 5,
      phones: [],
      emails: [],
      openCount: 2,
      over: false,
    }));
    renderSignedIn(<ErrorOrderBanner />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
