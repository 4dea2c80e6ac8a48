import { defineLifecycle } from './lifecycle';

/**
 * A failed place-order (domain.md "place-order-fail"): a client order the platform could not
 * fulfil, waiting for an operator. `open` -> `closed` (nothing more will happen: the order is
 * closed, its prepay was returned when it failed) | `resent` (the failure delivered to the app
 * again: the app places it anew) | `reissued` (the order charged and fulfilled again, with
 * success; a reissue that fails again leaves it `open` with the new reason).
 */
export const placeOrderFailLifecycle = defineLifecycle({
  id: 'placeOrderFail',
  name: { zh: '下单失败记录', en: 'Failed place-order' },
  initial: 'open',
  states: {
    open: { zh: '待处理', en: 'Open' },
    closed: { zh: '已关闭', en: 'Closed' },
    resent: { zh: '已重发', en: 'Resent' },
    reissued: { zh: '已补发', en: 'Reissued' },
  },
  events: ['close', 'resend', 'reissue'],
  transitions: {
    open: { close: 'closed', resend: 'resent', reissue: 'reissued' },
    closed: {},
    resent: {},
    reissued: {},
  },
});

export type PlaceOrderFailState = keyof typeof placeOrderFailLifecycle.states;
export type PlaceOrderFailEvent = (typeof placeOrderFailLifecycle.events)[number];
