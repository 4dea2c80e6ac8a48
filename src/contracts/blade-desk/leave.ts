import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * A leave request (issue 29 item 6; spec.md section 7 blade-desk process/leave): the business
 * record of the seeded leave process (key `leave`). start-process inserts it and starts the
 * process in one transaction; the process's hooks set `leaveState` (pending -> approved by HR,
 * rejected while the applicant adjusts it, withdrawn when they give up). Days travel in half-day
 * steps (stored as half days).
 */
export interface LeaveRequest {
  id: string;
  processDefinitionId: string;
  processInstanceId: string | null;
  leaveType: string;
  startTime: string;
  endTime: string;
  days: number;
  reason: string;
  taskUser: string;
  taskUserName: string;
  applyTime: string;
  leaveState: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  createUser: string;
  createUserName: string;
  createTime: string;
  version: number;
}

export const LEAVE_SERVICE = 'blade-desk/process/leave';

/** Dict leave_type. */
export const LEAVE_TYPE_CHOICES = {
  annual: { zh: '年假', en: 'Annual leave', color: 'blue' },
  sick: { zh: '病假', en: 'Sick leave', color: 'orange' },
  personal: { zh: '事假', en: 'Personal leave', color: 'gray' },
  marriage: { zh: '婚假', en: 'Marriage leave', color: 'pink' },
  maternity: { zh: '产假', en: 'Maternity leave', color: 'grape' },
  other: { zh: '其他', en: 'Other', color: 'gray' },
} as const;

export const LEAVE_STATE_CHOICES = {
  pending: { zh: '审批中', en: 'Pending', color: 'blue' },
  approved: { zh: '已通过', en: 'Approved', color: 'green' },
  rejected: { zh: '已驳回', en: 'Rejected', color: 'red' },
  withdrawn: { zh: '已撤回', en: 'Withdrawn', color: 'dark' },
} as const;

export const LEAVE_DAYS = { min: 0.5, max: 365 } as const;

/** 请假流程 (/work/process/leave): my leave requests; start-process is the form's submit. */
export const leaveContract = defineContract<LeaveRequest>()({
  service: LEAVE_SERVICE,
  route: '/work/process/leave',
  title: { zh: '请假流程', en: 'Leave requests' },
  menu: 'work_leave',
  buttons: ['view'],
  calls: { submit: 'start-process' },
  fields: {
    processDefinitionId: {
      label: { zh: '流程定义', en: 'Process definition' },
      required: { zh: '请选择流程定义', en: 'Please choose the process definition' },
      maxLength: 32,
    },
    leaveType: {
      label: { zh: '请假类型', en: 'Leave type' },
      required: { zh: '请选择请假类型', en: 'Please choose the leave type' },
      choices: LEAVE_TYPE_CHOICES,
      filter: 'equal',
    },
    startTime: {
      label: { zh: '开始时间', en: 'Start' },
      kind: 'dateTime',
      required: { zh: '请选择开始时间', en: 'Please choose the start' },
      sortable: true,
    },
    endTime: {
      label: { zh: '结束时间', en: 'End' },
      kind: 'dateTime',
      required: { zh: '请选择结束时间', en: 'Please choose the end' },
    },
    days: {
      label: { zh: '请假天数', en: 'Days' },
      kind: 'decimal',
      required: { zh: '请输入请假天数', en: 'Please enter the days' },
    },
    reason: {
      label: { zh: '请假理由', en: 'Reason' },
      required: { zh: '请输入请假理由', en: 'Please enter the reason' },
      maxLength: 500,
    },
    taskUser: {
      label: { zh: '审批人', en: 'Approver' },
      required: { zh: '请选择审批人', en: 'Please choose the approver' },
      ref: 'user',
    },
    taskUserName: { label: { zh: '审批人', en: 'Approver' }, readOnly: true, nameOf: 'taskUser' },
    leaveState: {
      label: { zh: '审批状态', en: 'State' },
      readOnly: true,
      choices: LEAVE_STATE_CHOICES,
      filter: 'equal',
    },
    applyTime: {
      label: { zh: '申请时间', en: 'Applied' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
    processInstanceId: { label: { zh: '流程实例', en: 'Instance' }, readOnly: true },
    createUser: { label: { zh: '申请人', en: 'Applicant' }, readOnly: true, ref: 'user' },
    createUserName: {
      label: { zh: '申请人', en: 'Applicant' },
      readOnly: true,
      nameOf: 'createUser',
    },
  },
});

/** The leave screens' own calls (relative to /api) and codes. */
export const LEAVE_CALLS = {
  /** POST body (work_leave_start): { businessId, processInstanceId }. */
  startProcess: `${LEAVE_SERVICE}/start-process`,
  /** GET ?businessId= (work_leave_view): LeaveDetail. */
  detail: `${LEAVE_SERVICE}/detail`,
  /**
   * GET (work_leave_start): the tenant's users the form offers as approvers, ApproverOption[]
   * (every enabled user but the caller; the user screen is not needed to pick one).
   */
  approvers: `${LEAVE_SERVICE}/approvers`,
} as const;

/** One user the leave form offers as approver. */
export interface ApproverOption {
  id: string;
  account: string;
  realName: string | null;
}

export const LEAVE_CODES = { start: 'work_leave_start', view: 'work_leave_view' } as const;

/** The messages of start-process's own checks (zh the server's, en the console's). */
export const LEAVE_MESSAGES = {
  days: { zh: '请假天数须为0.5到365之间的半天整数倍', en: 'Days: 0.5 to 365 in half days' },
  range: { zh: '结束时间不能早于开始时间', en: 'The end may not be before the start' },
  dateTime: { zh: '时间格式须为yyyy-MM-dd HH:mm:ss', en: 'Times as yyyy-MM-dd HH:mm:ss' },
  notLeave: { zh: '该流程不是请假流程', en: 'This process is not the leave process' },
  selfApprover: { zh: '审批人不能是申请人本人', en: 'You cannot approve your own request' },
} as const;

knownMessages(...Object.values(LEAVE_MESSAGES));

export interface LeaveStartAnswer {
  businessId: string;
  processInstanceId: string;
}

/** detail's answer: the row with the process's ids and state. */
export interface LeaveDetail extends LeaveRequest {
  processDefinitionId: string;
  processInstanceId: string;
  leaveState: LeaveRequest['leaveState'];
}
