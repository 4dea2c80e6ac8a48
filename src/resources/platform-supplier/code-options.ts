import { allows } from '../../../machines/lifecycles/lifecycle';
import {
  couponCodeLifecycle,
  type CouponCodeEvent,
  type CouponCodeState,
} from '../../../machines/lifecycles/coupon-code-machine';
import {
  BATCH_SOURCES,
  COUPON_CODE_CALLS,
  RECOVERY_STATES,
} from '../../contracts/platform-supplier/coupon-code';
import type { ValueOption } from '../types';

const COLOURS: Record<string, string> = {
  unused: 'teal',
  issued: 'blue',
  used: 'grape',
  invalid: 'gray',
  recovering: 'orange',
  expired: 'red',
};

/** A code's state: the couponCodeLifecycle's own labels (zh/en), one colour each. */
export const CODE_STATES: readonly ValueOption[] = Object.entries(couponCodeLifecycle.states).map(
  ([value, label]) => ({ value, label, color: COLOURS[value] ?? 'gray' }),
);

/**
 * The batch list's count field of each code state, in the lifecycle's order: a batch answers one
 * per state, so its counts sum to its total (issue 25 item 5).
 */
export const BATCH_COUNT_FIELDS = (
  Object.keys(couponCodeLifecycle.states) as CouponCodeState[]
).map((state) => `${state}Count` as const);

/** Whether the code lifecycle allows `event` from the row's state. */
export const codeAllows = (row: { state: string }, event: CouponCodeEvent) =>
  allows(couponCodeLifecycle, row.state, event);

/** Toolbar actions over a selection: every selected code's state allows `event`. */
export const everyAllows = (rows: readonly { state: string }[], event: CouponCodeEvent) =>
  rows.length > 0 && rows.every((row) => codeAllows(row, event));

export const BATCH_SOURCE_OPTIONS: readonly ValueOption[] = Object.entries(BATCH_SOURCES).map(
  ([value, label]) => ({ value, label, color: value === 'import' ? 'blue' : 'indigo' }),
);

export const RECOVERY_STATE_OPTIONS: readonly ValueOption[] = Object.entries(RECOVERY_STATES).map(
  ([value, label]) => ({
    value,
    label,
    color: value === 'pending' ? 'orange' : value === 'restocked' ? 'teal' : 'gray',
  }),
);

/** The tenant's coupon-code goods (the goods selects of filters and dialogs). */
export const COUPON_GOODS_SOURCE = {
  path: COUPON_CODE_CALLS.goods,
  label: 'goodName',
  value: 'id',
} as const;
