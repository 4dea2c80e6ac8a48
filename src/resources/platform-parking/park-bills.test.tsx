import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { ParkBill } from '../../contracts/platform-parking/park-bill';
import { fail, renderSignedIn, reply, scriptFetch, type Call } from '../../test/signed-in';
import { RefundDialog, RefundsDialog } from './park-bill-dialogs';
import { monthBill, providerTempBill, tempBill } from './park-bills';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const P = '/api/blade-quanyi-platform-parking';

const bill = (fields: Partial<ParkBill> = {}): ParkBill => ({
  id: '901',
  billNo: 'TP000120261128001',
  billType: 'temporary',
  lotId: '1',
  lotName: '万达广场停车场',
  plateNo: '京A12345',
  enterTime: '2026-11-28 08:00:00',
  leaveTime: '2026-11-28 10:00:00',
  parkMinutes: 120,
  ticketStart: null,
  ticketEnd: null,
  amountDue: 12,
  discountAmount: 0,
  rightDeduction: 0,
  paidAmount: 12,
  refundedAmount: 2.5,
  payChannel: 'wechat',
  payTime: '2026-11-28 10:00:00',
  payMode: 'normal',
  supId: null,
  supName: '',
  rightCode: null,
  providerCode: null,
  providerName: null,
  state: 'partRefunded',
  billTime: '2026-11-28 10:00:00',
  version: 2,
  ...fields,
});

const writes = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('parking bill screens: declarations', () => {
  it('offers 退款 where the bill machine allows a refund and something is left', () => {
    const offered = (fields: Partial<ParkBill>) =>
      tempBill.rowActions!.filter((a) => a.when!(bill(fields))).map((a) => a.id);
    expect(offered({})).toEqual(['refund', 'refunds']);
    expect(offered({ state: 'paid', refundedAmount: 0 })).toEqual(['refund']);
    expect(offered({ state: 'unpaid', paidAmount: 0, refundedAmount: 0 })).toEqual([]);
    expect(offered({ state: 'refunded', refundedAmount: 12 })).toEqual(['refunds']);
    expect(offered({ state: 'paid', paidAmount: 0, refundedAmount: 0 })).toEqual([]);
    expect(tempBill.rowActions!.map((a) => a.permission)).toEqual([
      'temp_bill_refund',
      'temp_bill_view',
    ]);
    expect(monthBill.rowActions![0]!.permission).toBe('month_ticket_bill_refund');
    expect(providerTempBill.rowActions ?? []).toEqual([]);
  });

  it('clamps the bill-time range to 31 days', () => {
    const range = tempBill.filters!.find((f) => f.name === 'billTime')!;
    expect([range.kind, range.maxDays]).toEqual(['dateRange', 31]);
  });
});

describe('退款 (send once)', () => {
  it('starts at the refundable amount, checks it, and a double Enter sends one request', async () => {
    let release: (r: Response) => void = () => undefined;
    const calls = scriptFetch(() => new Promise<Response>((r) => (release = r)));
    const onClose = vi.fn();
    renderSignedIn(<RefundDialog rows={[bill()]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '账单退款：TP000120261128001' });
    expect(within(dialog).getByText(/可退 9\.50 元/)).toBeTruthy();
    const amount = within(dialog).getByLabelText(/退款金额/) as HTMLInputElement;
    expect(amount.value).toBe('9.5');
    const form = amount.closest('form')!;
    fireEvent.submit(form);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('请输入退款原因');
    fireEvent.change(within(dialog).getByLabelText(/退款原因/), { target: { value: '计费有误' } });
    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.submit(form);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '退款金额须大于0且不超过9.50元',
    );
    fireEvent.change(amount, { target: { value: '3.2' } });
    // Enter twice in the form: one request.
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      url: `${P}/parking/bill/refundFee`,
      body: { billId: '901', amount: '3.20', reason: '计费有误' },
    });
    const headers = (
      (fetch as Mock).mock.calls.find(
        (c) => (c[1] as RequestInit)?.method === 'POST',
      )![1] as RequestInit
    ).headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    release(reply(fail(409, '停车账单当前状态为「已退款」，不能执行此操作')));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('已退款');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says so when the operator has not answered yet (the refund waits, asked again)', async () => {
    scriptFetch((call) =>
      call.url.includes('refundFee') ? { id: '5', refundNo: 'PR5', state: 'requested' } : null,
    );
    const onClose = vi.fn();
    renderSignedIn(<RefundDialog rows={[bill()]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '账单退款：TP000120261128001' });
    fireEvent.change(within(dialog).getByLabelText(/退款原因/), { target: { value: '计费有误' } });
    fireEvent.submit(
      within(dialog)
        .getByLabelText(/退款金额/)
        .closest('form')!,
    );
    expect(await screen.findByText('退款已提交，停车场尚未确认，系统将自动重试')).toBeTruthy();
    expect(screen.queryByText('退款成功')).toBeNull();
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it("lists the bill's refunds from its detail", async () => {
    scriptFetch((call) =>
      call.url.includes('/detail')
        ? {
            ...bill(),
            refunds: [
              {
                id: '1',
                refundNo: 'PR1',
                amount: 2.5,
                reason: '<b>计费有误</b>',
                state: 'refunded',
                operatorRefundNo: 'X',
                failReason: null,
                createTime: '2026-11-28 11:00:00',
              },
              {
                id: '2',
                refundNo: 'PR2',
                amount: 1,
                reason: '再退',
                state: 'failed',
                operatorRefundNo: null,
                failReason: '停车场接口拒绝请求',
                createTime: '2026-11-28 12:00:00',
              },
            ],
          }
        : null,
    );
    renderSignedIn(<RefundsDialog rows={[bill()]} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '退款记录：TP000120261128001' });
    expect(await within(dialog).findByText('PR1')).toBeTruthy();
    expect(within(dialog).getByText('2.50')).toBeTruthy();
    // Text rendered as text.
    expect(within(dialog).getByText('<b>计费有误</b>')).toBeTruthy();
    expect(within(dialog).getByText('已退款')).toBeTruthy();
    expect(within(dialog).getByText('退款失败：停车场接口拒绝请求')).toBeTruthy();
  });
});
