import { defineLifecycle } from './lifecycle';

/**
 * A coupon code (domain.md "coupon code"): `unused` -> `issued` when an order takes it -> `used`
 * when the supplier reports it redeemed (or renew-status finds it so); `used` -> `issued` when the
 * redemption is cancelled; `unused` -> `invalid` (invalid-coupon, invalid-coupon2); `invalid` ->
 * `unused` (recovery-coupon); `issued` -> `recovering` when its order is refunded, then `unused`
 * (restock) or `invalid` when the recovery record is handled; `unused` -> `expired` at its
 * validEnd. An issued code belongs to one order: only `issue` gives it one, and it leaves that
 * order only through the order's refund (`refund`). Invalidating an issued or used code is
 * refused: were it allowed, recovery-coupon would put it back in stock and sell it a second time
 * while its first order stays charged.
 */
export const couponCodeLifecycle = defineLifecycle({
  id: 'couponCode',
  name: { zh: '券码', en: 'Coupon code' },
  initial: 'unused',
  states: {
    unused: { zh: '未使用', en: 'Unused' },
    issued: { zh: '已发放', en: 'Issued' },
    used: { zh: '已使用', en: 'Used' },
    invalid: { zh: '已作废', en: 'Invalid' },
    recovering: { zh: '回收中', en: 'Recovering' },
    expired: { zh: '已过期', en: 'Expired' },
  },
  events: [
    'issue',
    'use',
    'cancelUse',
    'invalidate',
    'recover',
    'refund',
    'restock',
    'discard',
    'expire',
  ],
  transitions: {
    unused: { issue: 'issued', invalidate: 'invalid', expire: 'expired' },
    issued: { use: 'used', refund: 'recovering' },
    used: { cancelUse: 'issued' },
    invalid: { recover: 'unused' },
    recovering: { restock: 'unused', discard: 'invalid' },
    expired: {},
  },
});

export type CouponCodeState = keyof typeof couponCodeLifecycle.states;
export type CouponCodeEvent = (typeof couponCodeLifecycle.events)[number];
