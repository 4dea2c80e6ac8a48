import { describe, expect, it } from 'vitest';
import { couponCodeLifecycle } from '../../../machines/lifecycles/coupon-code-machine';
import { supBatchCouponCodeContract } from '../../contracts/platform-supplier/coupon-code';
import batches from './coupon-code-batch';

describe('券码批次管理 counts (issue 25 item 5)', () => {
  it('shows a count of every code state beside the total, none hidden, so they add up', () => {
    const shown = batches.columns.filter((c) => !c.hiddenByDefault).map((c) => c.field);
    const states = Object.keys(couponCodeLifecycle.states);
    expect(states).toContain('recovering');
    for (const state of states) {
      expect(shown, state).toContain(`${state}Count`);
      // The header is the lifecycle's own name of the state.
      const column = batches.columns.find((c) => c.field === `${state}Count`);
      expect(column?.label).toEqual(
        couponCodeLifecycle.states[state as keyof typeof couponCodeLifecycle.states],
      );
    }
    expect(shown).toContain('totalCount');
    expect(Object.keys(supBatchCouponCodeContract.fields)).toEqual(
      expect.arrayContaining(states.map((s) => `${s}Count`)),
    );
  });
});
