import { defineLifecycle } from './lifecycle';

/**
 * A parking bill (domain.md "bill"): `unpaid` -> `paid` (the driver reports it paid) ->
 * `refunding` (a refund holds the bill) -> `refunded` (everything paid is back) or
 * `partRefunded` (部分退款: some of it is back; refundedAmount < paidAmount), which may be
 * refunded again. `refunding` is committed before the operator is asked (no lock is held while it
 * answers); a refund the operator refuses puts the bill back where it was (`refundFailed` to
 * `paid`, `refundFailedPart` to `partRefunded` when earlier refunds went through), and one it did
 * not answer stays `refunding` until the recovery sweep has the operator's answer.
 */
export const parkBillLifecycle = defineLifecycle({
  id: 'parkBill',
  name: { zh: '停车账单', en: 'Parking bill' },
  initial: 'unpaid',
  states: {
    unpaid: { zh: '待支付', en: 'Unpaid' },
    paid: { zh: '已支付', en: 'Paid' },
    refunding: { zh: '退款中', en: 'Refunding' },
    partRefunded: { zh: '部分退款', en: 'Partly refunded' },
    refunded: { zh: '已退款', en: 'Refunded' },
  },
  events: ['pay', 'refund', 'refundAll', 'refundPart', 'refundFailed', 'refundFailedPart'],
  transitions: {
    unpaid: { pay: 'paid' },
    paid: { refund: 'refunding' },
    refunding: {
      refundAll: 'refunded',
      refundPart: 'partRefunded',
      refundFailed: 'paid',
      refundFailedPart: 'partRefunded',
    },
    partRefunded: { refund: 'refunding' },
    refunded: {},
  },
});

export type ParkBillState = keyof typeof parkBillLifecycle.states;
export type ParkBillEvent = (typeof parkBillLifecycle.events)[number];
