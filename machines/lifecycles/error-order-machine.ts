import { defineLifecycle } from './lifecycle';

/**
 * An error order (domain.md "error order"): a failed supplier order waiting for an operator.
 * `open` -> `audited` -> `reissued` (new codes issued) | `resent` (the order sent to the supplier
 * again) | `cancelled` (nothing more will happen; the charge is given back).
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
  events: ['audit', 'reissue', 'resend', 'cancel'],
  transitions: {
    open: { audit: 'audited' },
    audited: { reissue: 'reissued', resend: 'resent', cancel: 'cancelled' },
    reissued: {},
    resent: {},
    cancelled: {},
  },
});

export type ErrorOrderState = keyof typeof errorOrderLifecycle.states;
export type ErrorOrderEvent = (typeof errorOrderLifecycle.events)[number];
