import { defineLifecycle } from './lifecycle';

/**
 * A client product order (domain.md "client product order"): what an app bought through the
 * open API (or a bulk import). `created` -> `paid` (the app's prepay charged) -> `fulfilling`
 * (a supplier order is being made) -> `success` (codes issued) | `failed` (the prepay returned,
 * a place-order-fail opened). A failed order may be reissued (charged and fulfilled again) or
 * closed with its place-order-fail. A successful order may be returned, wholly (`returned`) or
 * partly (`partReturned`, which may be returned again), through `returning`: the codes go back
 * through the supplier side's refund and the prepay is credited. `created`/`paid` may be
 * cancelled (money back). `resend` delivers the outcome to the app again (its callback).
 */
export const clientOrderLifecycle = defineLifecycle({
  id: 'clientOrder',
  name: { zh: '接入方订单', en: 'Client order' },
  initial: 'created',
  states: {
    created: { zh: '已创建', en: 'Created' },
    paid: { zh: '已扣款', en: 'Paid' },
    fulfilling: { zh: '发放中', en: 'Fulfilling' },
    success: { zh: '成功', en: 'Succeeded' },
    failed: { zh: '失败', en: 'Failed' },
    closed: { zh: '已关闭', en: 'Closed' },
    cancelled: { zh: '已取消', en: 'Cancelled' },
    returning: { zh: '退货中', en: 'Returning' },
    partReturned: { zh: '部分退货', en: 'Partly returned' },
    returned: { zh: '已退货', en: 'Returned' },
  },
  events: [
    'pay',
    'fulfil',
    'succeed',
    'fail',
    'reissue',
    'close',
    'cancel',
    'resend',
    'return',
    'returnAll',
    'returnPart',
  ],
  transitions: {
    created: { pay: 'paid', cancel: 'cancelled' },
    paid: { fulfil: 'fulfilling', cancel: 'cancelled' },
    fulfilling: { succeed: 'success', fail: 'failed' },
    success: { resend: 'success', return: 'returning' },
    failed: { reissue: 'fulfilling', close: 'closed', resend: 'failed' },
    closed: {},
    cancelled: {},
    returning: { returnAll: 'returned', returnPart: 'partReturned' },
    partReturned: { resend: 'partReturned', return: 'returning' },
    returned: { resend: 'returned' },
  },
});

export type ClientOrderState = keyof typeof clientOrderLifecycle.states;
export type ClientOrderEvent = (typeof clientOrderLifecycle.events)[number];
