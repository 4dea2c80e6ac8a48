import { lazy, Suspense } from 'react';
import { closeOrderRefund, useOrderRefundTarget } from './sup-order-refund-store';

const OrderRefundDialog = lazy(() =>
  import('./sup-return-order-dialog').then((m) => ({ default: m.OrderRefundDialog })),
);

/** The refund dialog the palette's 退款 opens (o: look-up), loaded on first use. */
export function OrderRefundHost() {
  const target = useOrderRefundTarget();
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <OrderRefundDialog key={target.id} rows={[target]} onClose={() => closeOrderRefund()} />
    </Suspense>
  );
}
