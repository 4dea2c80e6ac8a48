import { defineLifecycle } from './lifecycle';

/**
 * An error order (domain.md "error order", "Order invariants"): a failed supplier order waiting
 * for an operator. `open` -> `audited` -> `reissued` (the order fulfilled again: codes allocated,
 * the balance charged) | `resent` (the order sent to fulfilment again, as it was) | `cancelled`
 * (nothing more will happen: its order is closed; nothing was charged). An error order and its
 * order never disagree: whenever the order ends in `success` by another path (sup-order/reissue)
 * the same transaction `settle`s its pending error order as `reissued`.
 */
export const errorOrderLifecycle = defineLifecycle({
  id: 'errorOrder',
  name: { zh: '异常订单', en: 'Error order' },
  initial: 'open',
  states: {
    open: { zh: '待审核', en: 'Open' },
    audited: { zh: '已审核', en: 'Audited' },
    reissued: { zh: '已补发', en: 'Reissued' },
    resent: { zh: '已重发', en: 'Resent' },
    cancelled: { zh: '已取消', en: 'Cancelled' },
  },
  events: ['audit', 'reissue', 'resend', 'cancel', 'settle'],
  transitions: {
    open: { audit: 'audited', settle: 'reissued' },
    audited: { reissue: 'reissued', resend: 'resent', cancel: 'cancelled', settle: 'reissued' },
    reissued: {},
    resent: {},
    cancelled: {},
  },
});

export type ErrorOrderState = keyof typeof errorOrderLifecycle.states;
export type ErrorOrderEvent = (typeof errorOrderLifecycle.events)[number];
