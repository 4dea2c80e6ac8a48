import { describe, expect, it } from 'vitest';
import { allowedEvents, nextState, refusedMessage, statesAllowing } from './lifecycle';
import { workflowTaskLifecycle } from './workflow-task-machine';

/** Every allowed transition of a workflow task (domain.md "workflow task"); every other refused. */
const EXPECTED: Record<string, Record<string, string>> = {
  candidate: { claim: 'assigned', cancel: 'cancelled' },
  assigned: { complete: 'done', sendBack: 'candidate', cancel: 'cancelled' },
  done: {},
  cancelled: {},
};

describe('workflow task lifecycle', () => {
  it('allows exactly the transitions of domain.md', () => {
    for (const state of Object.keys(workflowTaskLifecycle.states))
      for (const event of workflowTaskLifecycle.events)
        expect([state, event, nextState(workflowTaskLifecycle, state, event)]).toEqual([
          state,
          event,
          EXPECTED[state]![event],
        ]);
  });

  it('claims from the claim list only, completes and sends back assigned tasks only', () => {
    expect(statesAllowing(workflowTaskLifecycle, 'claim')).toEqual(['candidate']);
    expect(statesAllowing(workflowTaskLifecycle, 'complete')).toEqual(['assigned']);
    expect(statesAllowing(workflowTaskLifecycle, 'sendBack')).toEqual(['assigned']);
    expect(allowedEvents(workflowTaskLifecycle, 'done')).toEqual([]);
  });

  it('names the state in a refusal', () => {
    expect(refusedMessage(workflowTaskLifecycle, 'done')).toBe(
      '流程任务当前状态为「已办理」，不能执行此操作',
    );
  });
});
