import { defineLifecycle } from './lifecycle';

/**
 * An ad plan (domain.md "ad plan"): `draft` -> `running` (start, setPlanStatus running) <->
 * `paused` (pause / resume, setPlanPauseFlag 1 / 0) -> `ended` (end, setPlanStatus ended, from
 * running or paused). An ended plan stays ended; a copy starts again as a draft. Budget
 * exhaustion (the delivery events' roll-up) pauses a running plan by the same `pause` event with
 * pause_reason 'budget'; `resume` is refused while the budget is still used up (events/budget.ts).
 */
export const adPlanLifecycle = defineLifecycle({
  id: 'adPlan',
  name: { zh: '广告计划', en: 'Ad plan' },
  initial: 'draft',
  states: {
    draft: { zh: '草稿', en: 'Draft' },
    running: { zh: '投放中', en: 'Running' },
    paused: { zh: '已暂停', en: 'Paused' },
    ended: { zh: '已结束', en: 'Ended' },
  },
  events: ['start', 'pause', 'resume', 'end'],
  transitions: {
    draft: { start: 'running' },
    running: { pause: 'paused', end: 'ended' },
    paused: { resume: 'running', end: 'ended' },
    ended: {},
  },
});

export type AdPlanState = keyof typeof adPlanLifecycle.states;
export type AdPlanEvent = (typeof adPlanLifecycle.events)[number];
