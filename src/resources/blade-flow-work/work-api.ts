import { api } from '../../api/api';
import { serviceOf } from '../../api/resource';
import type { Page } from '../../contracts/auth';
import {
  LEAVE_CALLS,
  LEAVE_SERVICE,
  type ApproverOption,
  type LeaveDetail,
} from '../../contracts/blade-desk/leave';
import { FLOW_FOLLOW, PROCESS_CALLS, type HistoryFlow } from '../../contracts/blade-flow/instance';
import { FLOW_WORK, type FlowTask, type StartableProcess } from '../../contracts/blade-flow/task';

/**
 * The workflow calls the task pages make beside their declared lists (issue 29 items 4 and 6):
 * the top bar's todo count, an instance's history, a leave request's detail and the todo list
 * the palette lists. Each is cached under the `Resource` tag of its service, so a task action
 * sent through `useWorkflowPost` (which invalidates those services) refreshes them all.
 */
const FLOW_PROCESS = serviceOf(PROCESS_CALLS.modelView);

/** The services a task action changes: every task list, the instances, the leave requests. */
export const WORKFLOW_SERVICES = [FLOW_WORK, FLOW_FOLLOW, FLOW_PROCESS, LEAVE_SERVICE] as const;

/** The leave process's key (H1's seeded model): its tasks and starts open the leave pages. */
export const LEAVE_PROCESS_KEY = 'leave';
/** The applicant's task after a reject: resubmit or withdraw instead of approve / reject. */
export const LEAVE_ADJUST_TASK = 'adjust';

const tag = (service: string) => [{ type: 'Resource' as const, id: service }];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A leave request's business key ('blade_process_leave:<id>') -> its id. */
export function leaveIdOf(businessKey: string | null | undefined): string | undefined {
  if (!businessKey) return undefined;
  const at = businessKey.lastIndexOf(':');
  return at >= 0 ? businessKey.slice(at + 1) : businessKey;
}

/** Where a task is handled: the leave handle page for leave tasks, else undefined (a dialog). */
export function leaveHandlePath(task: FlowTask): string | undefined {
  const businessId = leaveIdOf(task.businessKey);
  if (task.processKey !== LEAVE_PROCESS_KEY || !businessId) return undefined;
  return `/work/process/leave/handle/${encodeURIComponent(task.id)}/${encodeURIComponent(
    task.instanceId,
  )}/${encodeURIComponent(businessId)}`;
}

/** The leave detail page of an instance of the leave process. */
export function leaveDetailPath(processInstanceId: string, businessId: string): string {
  return `/work/process/leave/detail/${encodeURIComponent(processInstanceId)}/${encodeURIComponent(
    businessId,
  )}`;
}

export const workflowApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The first page of my todo tasks (the palette's commands). */
    workTodoList: build.query<Page<FlowTask>, { size: number }>({
      query: ({ size }) => ({
        url: `${FLOW_WORK}/todo-list`,
        params: { current: 1, size },
        silent: true,
      }),
      providesTags: tag(FLOW_WORK),
    }),
    /** The latest startable definitions of a process key (the leave list's 发起请假). */
    workStartList: build.query<Page<StartableProcess>, string>({
      query: (processKey) => ({
        url: `${FLOW_WORK}/start-list`,
        params: { current: 1, size: 20, processKey },
      }),
      providesTags: tag(FLOW_WORK),
    }),
    /** The users of the tenant the leave form offers as approvers (the caller excluded). */
    approverOptions: build.query<ApproverOption[], void>({
      query: () => ({ url: LEAVE_CALLS.approvers, silent: true, expect: Array.isArray }),
    }),
    historyFlow: build.query<HistoryFlow[], string>({
      query: (processInstanceId) => ({
        url: PROCESS_CALLS.historyFlowList,
        params: { processInstanceId },
        expect: Array.isArray,
      }),
      providesTags: tag(FLOW_PROCESS),
    }),
    leaveDetail: build.query<LeaveDetail, string>({
      query: (businessId) => ({
        url: LEAVE_CALLS.detail,
        params: { businessId },
        expect: isRecord,
      }),
      providesTags: tag(LEAVE_SERVICE),
    }),
  }),
});

export const {
  useWorkTodoListQuery,
  useLazyWorkStartListQuery,
  useApproverOptionsQuery,
  useHistoryFlowQuery,
  useLeaveDetailQuery,
} = workflowApi;
