import { defineLifecycle } from './lifecycle';

/**
 * A pay order (issue 28 item 4, /finance/pay-orderList): a payment taken through the WeChat pay
 * driver. `created` -> `paid` (the driver's signed confirmation) | `closed` (unpaid, closed);
 * `paid` -> `partRefunded` (part of the paid amount back) | `refunded` (the rest of it back);
 * `partRefunded` -> `partRefunded` (another part) | `refunded`. Refunded and closed are final.
 */
export const payOrderLifecycle = defineLifecycle({
  id: 'payOrder',
  name: { zh: '支付订单', en: 'Pay order' },
  initial: 'created',
  states: {
    created: { zh: '待支付', en: 'Created' },
    paid: { zh: '已支付', en: 'Paid' },
    partRefunded: { zh: '部分退款', en: 'Partly refunded' },
    refunded: { zh: '已退款', en: 'Refunded' },
    closed: { zh: '已关闭', en: 'Closed' },
  },
  events: ['pay', 'refundPart', 'refundAll', 'close'],
  transitions: {
    created: { pay: 'paid', close: 'closed' },
    paid: { refundPart: 'partRefunded', refundAll: 'refunded' },
    partRefunded: { refundPart: 'partRefunded', refundAll: 'refunded' },
    refunded: {},
    closed: {},
  },
});

export type PayOrderState = keyof typeof payOrderLifecycle.states;
export type PayOrderEvent = (typeof payOrderLifecycle.events)[number];
