import { defineLifecycle } from './lifecycle';

/**
 * A workflow user task (domain.md "workflow task"): a task with candidates starts `candidate`
 * (the claim list) and a candidate's `claim` makes it `assigned` to them; a task with an assignee
 * starts `assigned` (the todo list). `complete` (approve or reject with a comment) makes it
 * `done`; `sendBack` (退回) returns an assigned task that has candidates to the claim list;
 * deleting the instance, its definition's deployment, or the engine leaving the task (a boundary
 * timer) `cancel`s an open task.
 */
export const workflowTaskLifecycle = defineLifecycle({
  id: 'workflowTask',
  name: { zh: '流程任务', en: 'Workflow task' },
  initial: 'candidate',
  states: {
    candidate: { zh: '待签收', en: 'To claim' },
    assigned: { zh: '待办理', en: 'To do' },
    done: { zh: '已办理', en: 'Done' },
    cancelled: { zh: '已取消', en: 'Cancelled' },
  },
  events: ['claim', 'complete', 'sendBack', 'cancel'],
  transitions: {
    candidate: { claim: 'assigned', cancel: 'cancelled' },
    assigned: { complete: 'done', sendBack: 'candidate', cancel: 'cancelled' },
    done: {},
    cancelled: {},
  },
});

export type WorkflowTaskState = keyof typeof workflowTaskLifecycle.states;
export type WorkflowTaskEvent = (typeof workflowTaskLifecycle.events)[number];
