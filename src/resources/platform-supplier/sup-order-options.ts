import type { Lifecycle } from '../../../machines/lifecycles/lifecycle';
import { errorOrderLifecycle } from '../../../machines/lifecycles/error-order-machine';
import { refundLifecycle } from '../../../machines/lifecycles/refund-machine';
import { supOrderLifecycle } from '../../../machines/lifecycles/sup-order-machine';
import { BATCH_TASK_STATES, BATCH_TASK_TYPES } from '../../contracts/platform-supplier/batch-task';
import { SUPPLIER_SERVICE } from '../../contracts/business-services';
import type { ValueOption } from '../types';

/**
 * A lifecycle's states as the options of a state column and filter: the labels are the
 * machine's own (zh/en by the UI language), so the console names a state exactly as the
 * server's 409 does.
 */
export function lifecycleOptions<S extends string>(
  lifecycle: Lifecycle<S, string>,
  colors: Partial<Record<S, string>> = {},
): readonly ValueOption[] {
  return (Object.keys(lifecycle.states) as S[]).map((state) => ({
    value: state,
    label: lifecycle.states[state],
    color: colors[state] ?? 'gray',
  }));
}

export const SUP_ORDER_STATES = lifecycleOptions(supOrderLifecycle, {
  pending: 'gray',
  issuing: 'blue',
  success: 'green',
  failed: 'red',
  closed: 'dark',
  refunding: 'orange',
  partRefunded: 'yellow',
  refunded: 'violet',
});

export const ERROR_ORDER_STATES = lifecycleOptions(errorOrderLifecycle, {
  open: 'red',
  audited: 'orange',
  reissued: 'green',
  resent: 'teal',
  cancelled: 'gray',
});

export const REFUND_STATES = lifecycleOptions(refundLifecycle, {
  requested: 'blue',
  refunded: 'green',
  failed: 'red',
});

export const BATCH_TASK_STATE_OPTIONS: readonly ValueOption[] = Object.entries(
  BATCH_TASK_STATES,
).map(([value, label]) => ({
  value,
  label,
  color: { waiting: 'gray', running: 'blue', done: 'green', failed: 'red' }[value] ?? 'gray',
}));

export const BATCH_TASK_TYPE_OPTIONS: readonly ValueOption[] = Object.entries(BATCH_TASK_TYPES).map(
  ([value, label]) => ({ value, label }),
);

/** The tenant's goods for the good filters (the goods list's first 500). */
export const GOOD_SOURCE = {
  path: `${SUPPLIER_SERVICE}/sup-good/list`,
  params: { size: '500' },
  label: 'goodName',
  value: 'id',
} as const;
