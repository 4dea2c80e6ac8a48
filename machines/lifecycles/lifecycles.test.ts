import { describe, expect, it } from 'vitest';
import { messageIn } from '../../src/contracts/server-messages';
import {
  allowedEvents,
  labelOf,
  nextState,
  refusedMessage,
  refusedMessageEn,
  statesAllowing,
  type Lifecycle,
  type StateLabel,
} from './lifecycle';
import { couponCodeLifecycle } from './coupon-code-machine';
import { supOrderLifecycle } from './sup-order-machine';
import { errorOrderLifecycle } from './error-order-machine';
import { refundLifecycle } from './refund-machine';
import { clientOrderLifecycle } from './client-order-machine';
import { placeOrderFailLifecycle } from './place-order-fail-machine';
import { clientDraftLifecycle } from './client-draft-machine';
import { pricePlanLifecycle } from './price-plan-machine';
import { bulkOrderBatchLifecycle } from './bulk-order-batch-machine';

/**
 * Every allowed transition (state, event -> next) of each lifecycle as domain.md states it; every
 * other (state, event) pair must be refused. Written out by hand so a changed machine fails here.
 */
const EXPECTED: [Lifecycle<string, string>, Record<string, Record<string, string>>][] = [
  [
    clientDraftLifecycle,
    {
      draft: { edit: 'draft', commit: 'submitted' },
      submitted: { publish: 'published', reject: 'rejected' },
      published: {},
      rejected: { edit: 'rejected', commit: 'submitted' },
    },
  ],
  [
    pricePlanLifecycle,
    {
      pending: { apply: 'applied', void: 'void' },
      applied: {},
      void: {},
    },
  ],
  [
    couponCodeLifecycle,
    {
      unused: { issue: 'issued', invalidate: 'invalid', expire: 'expired' },
      issued: { use: 'used', refund: 'recovering' },
      used: { cancelUse: 'issued' },
      invalid: { recover: 'unused' },
      recovering: { restock: 'unused', discard: 'invalid' },
      expired: {},
    },
  ],
  [
    supOrderLifecycle,
    {
      pending: { start: 'issuing' },
      issuing: { succeed: 'success', fail: 'failed' },
      success: { resend: 'success', refund: 'refunding' },
      failed: { reissue: 'issuing', close: 'closed' },
      closed: {},
      refunding: { refundAll: 'refunded', refundPart: 'partRefunded' },
      partRefunded: { resend: 'partRefunded', refund: 'refunding' },
      refunded: {},
    },
  ],
  [
    errorOrderLifecycle,
    {
      open: { audit: 'audited', settle: 'reissued' },
      audited: { reissue: 'reissued', resend: 'resent', cancel: 'cancelled', settle: 'reissued' },
      reissued: {},
      resent: {},
      cancelled: {},
    },
  ],
  [
    refundLifecycle,
    {
      requested: { complete: 'refunded', fail: 'failed' },
      refunded: {},
      failed: {},
    },
  ],
  [
    clientOrderLifecycle,
    {
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
  ],
  [
    placeOrderFailLifecycle,
    {
      open: { close: 'closed', resend: 'resent', reissue: 'reissued' },
      closed: {},
      resent: {},
      reissued: {},
    },
  ],
  [
    bulkOrderBatchLifecycle,
    {
      waiting: { start: 'running', cancel: 'cancelled' },
      running: { finish: 'done', fail: 'failed', release: 'waiting' },
      done: {},
      failed: {},
      cancelled: {},
    },
  ],
];

describe.each(EXPECTED.map(([l, t]) => [l.name.en, l, t] as const))(
  '%s lifecycle',
  (_name, lifecycle, table) => {
    it('names every state in zh and en and has no state the table leaves out', () => {
      expect(Object.keys(lifecycle.states).sort()).toEqual(Object.keys(table).sort());
      for (const label of Object.values(lifecycle.states)) {
        expect(label.zh).toBeTruthy();
        expect(label.en).toBeTruthy();
      }
    });

    for (const state of Object.keys(table)) {
      for (const event of lifecycle.events) {
        const expected = table[state]![event];
        it(`${state} --${event}--> ${expected ?? 'refused'}`, () => {
          expect(nextState(lifecycle, state, event)).toBe(expected);
        });
      }
      it(`offers from ${state} exactly the allowed events`, () => {
        expect(allowedEvents(lifecycle, state).sort()).toEqual(Object.keys(table[state]!).sort());
      });
    }

    it('names, for each event, exactly the states that allow it', () => {
      for (const event of lifecycle.events)
        expect(statesAllowing(lifecycle, event).sort()).toEqual(
          Object.keys(table)
            .filter((state) => table[state]![event] !== undefined)
            .sort(),
        );
    });

    it('refuses everything from an unknown state', () => {
      for (const event of lifecycle.events)
        expect(nextState(lifecycle, 'nonsense', event)).toBe(undefined);
      expect(allowedEvents(lifecycle, 'nonsense')).toEqual([]);
    });
  },
);

describe('refusedMessage', () => {
  it('names the record kind and the current state in zh', () => {
    expect(refusedMessage(couponCodeLifecycle, 'used')).toBe(
      '券码当前状态为「已使用」，不能执行此操作',
    );
    expect(refusedMessage(errorOrderLifecycle, 'cancelled')).toBe(
      '异常订单当前状态为「已取消」，不能执行此操作',
    );
  });
});

describe('state names (issue 25 item 4)', () => {
  const ALL = [
    clientDraftLifecycle,
    pricePlanLifecycle,
    couponCodeLifecycle,
    supOrderLifecycle,
    errorOrderLifecycle,
    refundLifecycle,
    clientOrderLifecycle,
    placeOrderFailLifecycle,
    bulkOrderBatchLifecycle,
  ];

  it('label every state in zh and en, and show an unknown one as it is', () => {
    for (const lifecycle of ALL)
      for (const [state, label] of Object.entries(lifecycle.states as Record<string, StateLabel>)) {
        expect(labelOf(lifecycle.states, state, 'zh')).toBe(label.zh);
        expect(labelOf(lifecycle.states, state, 'en')).toBe(label.en);
        expect(label.en).not.toBe(state);
      }
    expect(labelOf(supOrderLifecycle.states, 'partRefunded', 'en')).toBe('Partly refunded');
    expect(labelOf(supOrderLifecycle.states, 'toString', 'en')).toBe('toString');
    expect(labelOf(supOrderLifecycle.states, 'gone', 'zh')).toBe('gone');
  });

  it('the 409 naming a state is shown in English in the en console', () => {
    for (const lifecycle of ALL)
      for (const state of Object.keys(lifecycle.states)) {
        const en = messageIn('en', refusedMessage(lifecycle, state));
        expect(en).toBe(refusedMessageEn(lifecycle, state));
        expect(en).not.toMatch(/[\u2e80-\u9fff]/);
      }
    expect(messageIn('en', refusedMessage(supOrderLifecycle, 'partRefunded'))).toBe(
      'The supplier order is partly refunded: this cannot be done',
    );
  });
});
