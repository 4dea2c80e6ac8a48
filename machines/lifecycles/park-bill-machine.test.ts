import { describe, expect, it } from 'vitest';
import { allowedEvents, nextState, refusedMessage, statesAllowing } from './lifecycle';
import { parkBillLifecycle } from './park-bill-machine';

/** Every allowed transition of the parking bill (domain.md "bill"); every other pair refused. */
const EXPECTED: Record<string, Record<string, string>> = {
  unpaid: { pay: 'paid' },
  paid: { refund: 'refunding' },
  refunding: {
    refundAll: 'refunded',
    refundPart: 'partRefunded',
    refundFailed: 'paid',
    refundFailedPart: 'partRefunded',
  },
  partRefunded: { refund: 'refunding' },
  refunded: {},
};

describe('parking bill lifecycle', () => {
  it('allows exactly the transitions of domain.md, partial refunds refundable again', () => {
    for (const state of Object.keys(parkBillLifecycle.states))
      for (const event of parkBillLifecycle.events)
        expect([state, event, nextState(parkBillLifecycle, state, event)]).toEqual([
          state,
          event,
          EXPECTED[state]![event],
        ]);
  });

  it('offers a refund on paid and partly refunded bills only', () => {
    expect(statesAllowing(parkBillLifecycle, 'refund')).toEqual(['paid', 'partRefunded']);
    expect(allowedEvents(parkBillLifecycle, 'unpaid')).toEqual(['pay']);
    expect(allowedEvents(parkBillLifecycle, 'refunded')).toEqual([]);
  });

  it('names the state in a refusal', () => {
    expect(refusedMessage(parkBillLifecycle, 'unpaid')).toBe(
      '停车账单当前状态为「待支付」，不能执行此操作',
    );
    expect(nextState(parkBillLifecycle, 'nonsense', 'refund')).toBeUndefined();
  });
});
