import { createFocusReturningStore } from '../../lib/open-store';
import type { SupOrder } from '../../contracts/platform-supplier/sup-order';

/** The order a refund opened from outside the order screens is for (its number is shown). */
export type RefundTarget = Pick<SupOrder, 'id' | 'orderNo'>;

/**
 * The command palette's 退款 on an order found by `o:` (issue 25 item 7) opens the refund dialog
 * for that order wherever the user is; `OrderRefundHost` (mounted by the palette) renders it.
 */
const store = createFocusReturningStore<RefundTarget>();

export function openOrderRefund(target: RefundTarget, from?: HTMLElement | null): void {
  store.open(target, from);
}

export function closeOrderRefund(): void {
  store.close();
}

/** The order whose refund dialog is open (undefined while closed); re-renders on change. */
export function useOrderRefundTarget(): RefundTarget | undefined {
  return store.use();
}
