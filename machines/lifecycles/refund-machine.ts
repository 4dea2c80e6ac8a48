import { defineLifecycle } from './lifecycle';

/**
 * A refund order (sup-return-order): `requested` -> `refunded` (its codes go to recovery and the
 * cost comes back to the balances, in one transaction) | `failed` (a code was used meanwhile, or
 * the supplier refused). A failed refund may be requested again as a new refund order.
 */
export const refundLifecycle = defineLifecycle({
  id: 'refund',
  name: { zh: '退款订单', en: 'Refund order' },
  initial: 'requested',
  states: {
    requested: { zh: '退款中', en: 'Requested' },
    refunded: { zh: '已退款', en: 'Refunded' },
    failed: { zh: '退款失败', en: 'Failed' },
  },
  events: ['complete', 'fail'],
  transitions: {
    requested: { complete: 'refunded', fail: 'failed' },
    refunded: {},
    failed: {},
  },
});

export type RefundState = keyof typeof refundLifecycle.states;
export type RefundEvent = (typeof refundLifecycle.events)[number];
