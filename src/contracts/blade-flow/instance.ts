import { defineContract } from '../resource-contract';

/**
 * Process instances (issue 29 item 4; spec.md section 7 blade-flow follow/* and work
 * send-list): one table (blade_flow_instance) read by two lists, the follow list (every instance
 * of the tenant, flow_follow) and the send list (instances the caller started, work_send).
 * Instances are written only by the engine's steps (server/services/blade-flow/engine/runner.ts).
 */
export interface FlowInstance {
  /** The processInstanceId. */
  id: string;
  definitionId: string;
  processKey: string;
  processDefinitionName: string;
  processVersion: number;
  businessKey: string | null;
  startedBy: string;
  startUserName: string;
  startTime: string;
  endTime: string | null;
  state: 'running' | 'ended' | 'deleted';
  deleteReason: string | null;
  /** The names of the open tasks, joined with '、' ('' when none). */
  currentTaskNames: string;
  version: number;
}

export const FLOW_FOLLOW = 'blade-flow/follow';

export const FLOW_INSTANCE_STATE_CHOICES = {
  running: { zh: '运行中', en: 'Running', color: 'blue' },
  ended: { zh: '已结束', en: 'Ended', color: 'green' },
  deleted: { zh: '已删除', en: 'Deleted', color: 'dark' },
} as const;

const text = (zh: string, en: string) => ({ label: { zh, en }, readOnly: true }) as const;

export const FLOW_INSTANCE_FIELDS = {
  id: { ...text('流程实例', 'Instance'), filter: 'equal' },
  processDefinitionName: {
    label: { zh: '流程名称', en: 'Process' },
    readOnly: true,
    nameOf: 'definitionId',
    sortable: true,
  },
  processKey: { ...text('流程标识', 'Process key'), filter: 'like', sortable: true },
  processVersion: { label: { zh: '流程版本', en: 'Version' }, kind: 'integer', readOnly: true },
  definitionId: {
    label: { zh: '流程定义', en: 'Definition' },
    readOnly: true,
    ref: 'flowDefinition',
  },
  businessKey: text('业务标识', 'Business key'),
  startedBy: { label: { zh: '发起人', en: 'Started by' }, readOnly: true, ref: 'user' },
  startUserName: { label: { zh: '发起人', en: 'Started by' }, readOnly: true, nameOf: 'startedBy' },
  currentTaskNames: text('当前步骤', 'Current step'),
  state: {
    label: { zh: '流程状态', en: 'State' },
    readOnly: true,
    choices: FLOW_INSTANCE_STATE_CHOICES,
    filter: 'equal',
  },
  startTime: {
    label: { zh: '发起时间', en: 'Started' },
    kind: 'dateTime',
    readOnly: true,
    filter: 'equal',
    sortable: true,
  },
  endTime: {
    label: { zh: '结束时间', en: 'Ended' },
    kind: 'dateTime',
    readOnly: true,
    sortable: true,
  },
  deleteReason: text('删除原因', 'Delete reason'),
} as const;

/** 流程跟踪 (/flow/follow): every instance of the tenant. */
export const followContract = defineContract<FlowInstance>()({
  service: FLOW_FOLLOW,
  route: '/flow/follow',
  title: { zh: '流程跟踪', en: 'Process tracking' },
  menu: 'flow_follow',
  buttons: ['view', 'delete'],
  fields: FLOW_INSTANCE_FIELDS,
});

/** 已发事务 (/work/send): instances the caller started. */
export const sendInstanceContract = defineContract<FlowInstance>()({
  service: 'blade-flow/work',
  route: '/work/send',
  title: { zh: '已发事务', en: 'Sent' },
  menu: 'work_send',
  buttons: ['view'],
  calls: { list: 'send-list', detail: 'send-detail' },
  fields: FLOW_INSTANCE_FIELDS,
});

export const FOLLOW_CALLS = {
  /** POST ?processInstanceId=&deleteReason= (flow_follow_delete): reason required, ≤ 500. */
  deleteProcessInstance: `${FLOW_FOLLOW}/delete-process-instance`,
} as const;

export const DELETE_REASON_MAX = 500;

/** process/* views (relative to /api). */
export const PROCESS_CALLS = {
  /** GET ?processInstanceId= | processDefinitionId=: ModelView. */
  modelView: 'blade-flow/process/model-view',
  /** GET ?processInstanceId=: HistoryFlow[]. */
  historyFlowList: 'blade-flow/process/history-flow-list',
} as const;

/** model-view's answer: the XML, the activities entered (endTime null while open), the current. */
export interface ModelView {
  xml: string;
  flow: { historyActivityId: string; historyActivityType: string; endTime: string | null }[];
  current: string[];
}

/** One entered activity of an instance, in order. */
export interface HistoryFlow {
  historyActivityId: string;
  historyActivityName: string;
  historyActivityType: string;
  assignee: string;
  assigneeName: string;
  createTime: string;
  endTime: string;
  outcome: string;
  comment: string;
  durationSeconds: number | null;
}
