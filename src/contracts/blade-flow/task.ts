import { workflowTaskLifecycle } from '../../../machines/lifecycles/workflow-task-machine';
import { lifecycleChoices } from '../lifecycle-choices';
import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * Workflow tasks and the processes a user may start (issue 29 item 4; spec.md section 7
 * blade-flow work/*). Every list reads one table (blade_flow_task, or the definitions for the
 * start list) and is narrowed by the server to the caller: the claim list to tasks they are a
 * candidate of, the todo list to their assigned tasks, the done list to tasks they completed.
 * None is written by a submit: tasks change through claim-task, complete-task and send-back
 * (WORK_CALLS), driven by machines/lifecycles/workflow-task-machine.ts.
 */
export interface FlowTask {
  /** The taskId. */
  id: string;
  /** The task's name (taskName). */
  name: string;
  /** The user task's id in the model (taskDefinitionKey). */
  activityId: string;
  /** processInstanceId. */
  instanceId: string;
  /** processDefinitionId. */
  definitionId: string;
  processKey: string;
  processDefinitionName: string;
  /** '<business table>:<id>' ('blade_process_leave:<id>'), or '' . */
  businessKey: string;
  startUserName: string;
  assignee: string | null;
  assigneeName: string;
  state: 'candidate' | 'assigned' | 'done' | 'cancelled';
  createTime: string;
  claimTime: string | null;
  endTime: string | null;
  outcome: 'approve' | 'reject' | null;
  comment: string | null;
  version: number;
}

export const FLOW_WORK = 'blade-flow/work';

export const FLOW_TASK_STATE_CHOICES = lifecycleChoices(workflowTaskLifecycle, {
  candidate: 'orange',
  assigned: 'blue',
  done: 'green',
  cancelled: 'dark',
});

/** complete-task's flag as stored: ok -> approve. */
export const FLOW_OUTCOME_CHOICES = {
  approve: { zh: '同意', en: 'Approved', color: 'green' },
  reject: { zh: '驳回', en: 'Rejected', color: 'red' },
} as const;

const text = (zh: string, en: string) => ({ label: { zh, en }, readOnly: true }) as const;
const time = (zh: string, en: string) =>
  ({ label: { zh, en }, kind: 'dateTime', readOnly: true, sortable: true }) as const;

/** The fields of the three task lists. */
export const FLOW_TASK_FIELDS = {
  processDefinitionName: {
    label: { zh: '流程名称', en: 'Process' },
    readOnly: true,
    nameOf: 'definitionId',
    filter: 'like',
    sortable: true,
  },
  processKey: { ...text('流程标识', 'Process key'), filter: 'like' },
  name: { ...text('当前步骤', 'Step'), filter: 'like' },
  activityId: text('步骤标识', 'Step key'),
  definitionId: {
    label: { zh: '流程定义', en: 'Definition' },
    readOnly: true,
    ref: 'flowDefinition',
  },
  instanceId: text('流程实例', 'Instance'),
  businessKey: text('业务标识', 'Business key'),
  startUserName: text('申请人', 'Applicant'),
  assignee: { label: { zh: '办理人', en: 'Assignee' }, readOnly: true, ref: 'user' },
  assigneeName: { label: { zh: '办理人', en: 'Assignee' }, readOnly: true, nameOf: 'assignee' },
  state: {
    label: { zh: '任务状态', en: 'State' },
    readOnly: true,
    choices: FLOW_TASK_STATE_CHOICES,
  },
  createTime: { ...time('创建时间', 'Created'), filter: 'equal' },
  claimTime: time('签收时间', 'Claimed'),
  endTime: time('办理时间', 'Handled'),
  outcome: {
    label: { zh: '审批结果', en: 'Outcome' },
    readOnly: true,
    choices: FLOW_OUTCOME_CHOICES,
  },
  comment: text('审批意见', 'Comment'),
} as const;

/** 待签事务 (/work/claim): open tasks the caller is a candidate of. */
export const claimTaskContract = defineContract<FlowTask>()({
  service: FLOW_WORK,
  route: '/work/claim',
  title: { zh: '待签事务', en: 'To claim' },
  menu: 'work_claim',
  buttons: ['view'],
  calls: { list: 'claim-list', detail: 'claim-detail' },
  fields: FLOW_TASK_FIELDS,
});

/** 待办事务 (/work/todo): tasks assigned to the caller. */
export const todoTaskContract = defineContract<FlowTask>()({
  service: FLOW_WORK,
  route: '/work/todo',
  title: { zh: '待办事务', en: 'To do' },
  menu: 'work_todo',
  buttons: ['view'],
  calls: { list: 'todo-list', detail: 'todo-detail' },
  fields: FLOW_TASK_FIELDS,
});

/** 办结事务 (/work/done): tasks the caller completed. */
export const doneTaskContract = defineContract<FlowTask>()({
  service: FLOW_WORK,
  route: '/work/done',
  title: { zh: '办结事务', en: 'Done' },
  menu: 'work_done',
  buttons: ['view'],
  calls: { list: 'done-list', detail: 'done-detail' },
  fields: FLOW_TASK_FIELDS,
});

/** A process the caller may start: the latest active version of each (work start-list). */
export interface StartableProcess {
  /** The processDefinitionId. */
  id: string;
  processKey: string;
  name: string;
  category: string;
  processVersion: number;
  deploymentId: string;
  resourceName: string;
  suspended: number;
  deployTime: string;
}

/** 发起事务 (/work/start). */
export const startProcessContract = defineContract<StartableProcess>()({
  service: FLOW_WORK,
  route: '/work/start',
  title: { zh: '发起事务', en: 'Start' },
  menu: 'work_start',
  buttons: [],
  calls: { list: 'start-list', detail: 'start-detail' },
  fields: {
    name: { ...text('流程名称', 'Process'), filter: 'like', sortable: true },
    processKey: { ...text('流程标识', 'Process key'), filter: 'like', sortable: true },
    category: { ...text('流程分类', 'Category'), filter: 'equal' },
    processVersion: {
      label: { zh: '流程版本', en: 'Version' },
      kind: 'integer',
      readOnly: true,
    },
    deploymentId: text('部署编号', 'Deployment'),
    resourceName: text('资源文件', 'Resource'),
    suspended: {
      label: { zh: '状态', en: 'State' },
      kind: 'integer',
      readOnly: true,
      choices: {
        '0': { zh: '激活', en: 'Active', color: 'green' },
        '1': { zh: '挂起', en: 'Suspended', color: 'gray' },
      },
    },
    deployTime: time('部署时间', 'Deployed'),
  },
});

/** The work screens' own calls (relative to /api) and their button codes. */
export const WORK_CALLS = {
  /**
   * POST { processDefinitionId, variables? } (work_start_start): starts any process the caller
   * may start (the start list's 发起); answers { processInstanceId }. The leave process is
   * started by blade-desk process/leave/start-process instead (it writes the leave request).
   */
  startProcess: `${FLOW_WORK}/start-process`,
  /** GET (signed in): { todo, claim } for the top bar. */
  todoCount: `${FLOW_WORK}/todo-count`,
  /** POST ?taskId= (work_claim_claim): 409 '任务已被签收' when another candidate won. */
  claimTask: `${FLOW_WORK}/claim-task`,
  /** POST { taskId, flag: 'ok' | 'reject', comment, variables? } (work_todo_handle). */
  completeTask: `${FLOW_WORK}/complete-task`,
  /** POST ?taskId= (work_todo_handle): an assigned task with candidates back to the claim list. */
  sendBack: `${FLOW_WORK}/send-back`,
} as const;

export const WORK_CODES = {
  start: 'work_start_start',
  claim: 'work_claim_claim',
  handle: 'work_todo_handle',
} as const;

/** complete-task's body limits (the server's checks; the console's form stops there). */
export const COMPLETE_TASK_LIMITS = {
  commentMax: 500,
  variablesMax: 20,
  variableName: /^[A-Za-z_]\w{0,63}$/,
} as const;

/** The top bar's counts (todo-count). */
export interface TodoCount {
  todo: number;
  claim: number;
}

/** The work calls' refusals (zh the server's, en the console's). */
export const FLOW_MESSAGES = {
  claimed: { zh: '任务已被签收', en: 'Another user has claimed this task' },
  suspended: { zh: '流程已挂起，无法办理', en: 'The process is suspended' },
  definitionSuspended: { zh: '流程已挂起', en: 'The process is suspended' },
  stale: { zh: '流程已被他人处理，请刷新', en: 'Someone else handled the process: refresh' },
  notAssignee: { zh: '只有任务办理人可以办理', en: 'Only the assignee may handle this task' },
  notCandidate: { zh: '您不是该任务的候选人', en: 'You are not a candidate of this task' },
  noCandidates: {
    zh: '该任务没有候选人，无法退回',
    en: 'This task has no candidates to return to',
  },
  notStarter: { zh: '您无权发起该流程', en: 'You may not start this process' },
  ended: { zh: '流程已结束', en: 'The process has ended' },
  flag: { zh: '审批结果须为ok或reject', en: 'The outcome must be ok or reject' },
  comment: { zh: '审批意见不能超过500个字符', en: 'The comment: at most 500 characters' },
  variables: { zh: '流程变量不合法', en: 'Invalid process variables' },
  deleteReason: { zh: '请输入删除原因', en: 'Please enter the reason' },
  engineFailed: {
    zh: '流程无法继续运行，请检查流程模型的条件',
    en: "The process cannot go on: check the model's conditions",
  },
} as const;

knownMessages(...Object.values(FLOW_MESSAGES));
