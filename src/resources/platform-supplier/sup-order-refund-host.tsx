import { closeOrderRefund, useOrderRefundTarget } from './sup-order-refund-store';
import { lazyComponent } from '../../lib/lazy-component';

const OrderRefundDialog = lazyComponent(() =>
  import('./sup-return-order-dialog').then((m) => ({ default: m.OrderRefundDialog })),
);

/** The refund dialog the palette's 退款 opens (o: look-up), loaded on first use. */
export function OrderRefundHost() {
  const target = useOrderRefundTarget();
  if (!target) return null;
  return <OrderRefundDialog key={target.id} rows={[target]} onClose={() => closeOrderRefund()} />;
}
