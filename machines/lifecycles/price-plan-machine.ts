import { defineLifecycle } from './lifecycle';

/**
 * A price plan (domain.md "price plan"): a client product's sale price changing at a set time.
 * `pending` -> `applied` (the scheduler, at its effective time, exactly once: the product's sale
 * price becomes the plan's new price) | `void` (an operator's to-void, or the scheduler when the
 * product was removed meanwhile). A plan is changed (update/plan) only while it may still apply.
 */
export const pricePlanLifecycle = defineLifecycle({
  id: 'pricePlan',
  name: { zh: '调价计划', en: 'Price plan' },
  initial: 'pending',
  states: {
    pending: { zh: '待生效', en: 'Pending' },
    applied: { zh: '已生效', en: 'Applied' },
    void: { zh: '已作废', en: 'Void' },
  },
  events: ['apply', 'void'],
  transitions: {
    pending: { apply: 'applied', void: 'void' },
    applied: {},
    void: {},
  },
});

export type PricePlanState = keyof typeof pricePlanLifecycle.states;
export type PricePlanEvent = (typeof pricePlanLifecycle.events)[number];
