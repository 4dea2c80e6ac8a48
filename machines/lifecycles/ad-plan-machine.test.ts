import { describe, expect, it } from 'vitest';
import { allowedEvents, nextState, refusedMessage, statesAllowing } from './lifecycle';
import { adPlanLifecycle } from './ad-plan-machine';

/** Every allowed transition of the ad plan (domain.md "ad plan"); every other pair refused. */
const EXPECTED: Record<string, Record<string, string>> = {
  draft: { start: 'running' },
  running: { pause: 'paused', end: 'ended' },
  paused: { resume: 'running', end: 'ended' },
  ended: {},
};

describe('ad plan lifecycle', () => {
  it('allows exactly the transitions of domain.md', () => {
    for (const state of Object.keys(adPlanLifecycle.states))
      for (const event of adPlanLifecycle.events)
        expect([state, event, nextState(adPlanLifecycle, state, event)]).toEqual([
          state,
          event,
          EXPECTED[state]![event],
        ]);
  });

  it('offers pause on running plans, resume on paused ones, nothing on ended ones', () => {
    expect(statesAllowing(adPlanLifecycle, 'pause')).toEqual(['running']);
    expect(statesAllowing(adPlanLifecycle, 'resume')).toEqual(['paused']);
    expect(statesAllowing(adPlanLifecycle, 'end')).toEqual(['running', 'paused']);
    expect(allowedEvents(adPlanLifecycle, 'draft')).toEqual(['start']);
    expect(allowedEvents(adPlanLifecycle, 'ended')).toEqual([]);
  });

  it('names the state in a refusal and refuses unknown states', () => {
    expect(refusedMessage(adPlanLifecycle, 'ended')).toBe(
      '广告计划当前状态为「已结束」，不能执行此操作',
    );
    expect(nextState(adPlanLifecycle, 'nonsense', 'start')).toBeUndefined();
  });
});
