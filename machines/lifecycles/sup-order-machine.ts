import { defineLifecycle } from './lifecycle';

/**
 * A supplier order (domain.md "supplier order"): `pending` -> `issuing` -> `success` | `failed`;
 * a failed order becomes an error order (error-order-machine) and may be reissued (`failed` ->
 * `issuing` again) or closed with it (`failed` -> `closed` when its error order is cancelled:
 * nothing more will happen to it); a successful one may be resent (its codes delivered again: it stays
 * `success`) or refunded: `success` -> `refunding` -> `refunded` (every code back) or
 * `partRefunded` (some), which may be refunded again.
 */
export const supOrderLifecycle = defineLifecycle({
  id: 'supOrder',
  name: { zh: '供应商订单', en: 'Supplier order' },
  initial: 'pending',
  states: {
    pending: { zh: '待处理', en: 'Pending' },
    issuing: { zh: '发放中', en: 'Issuing' },
    success: { zh: '成功', en: 'Succeeded' },
    failed: { zh: '失败', en: 'Failed' },
    closed: { zh: '已关闭', en: 'Closed' },
    refunding: { zh: '退款中', en: 'Refunding' },
    partRefunded: { zh: '部分退款', en: 'Partly refunded' },
    refunded: { zh: '已退款', en: 'Refunded' },
  },
  events: [
    'start',
    'succeed',
    'fail',
    'reissue',
    'close',
    'resend',
    'refund',
    'refundAll',
    'refundPart',
  ],
  transitions: {
    pending: { start: 'issuing' },
    issuing: { succeed: 'success', fail: 'failed' },
    success: { resend: 'success', refund: 'refunding' },
    failed: { reissue: 'issuing', close: 'closed' },
    closed: {},
    refunding: { refundAll: 'refunded', refundPart: 'partRefunded' },
    partRefunded: { resend: 'partRefunded', refund: 'refunding' },
    refunded: {},
  },
});

export type SupOrderState = keyof typeof supOrderLifecycle.states;
export type SupOrderEvent = (typeof supOrderLifecycle.events)[number];
