import type { FlowTask } from '../../contracts/blade-flow/task';
import type { ContractColumn } from '../contract-resource';

/** The columns and filters the claim, todo and done lists share (one table, three lists). */
export const TASK_COLUMNS: (ContractColumn<FlowTask> & { field: keyof FlowTask & string })[] = [
  { field: 'name', width: 140 },
  { field: 'processDefinitionName', width: 160 },
  { field: 'startUserName', width: 100 },
  { field: 'assigneeName', width: 100 },
  { field: 'state', width: 90 },
  { field: 'createTime', width: 170 },
  { field: 'processKey', width: 120, hiddenByDefault: true },
  { field: 'instanceId', width: 200, hiddenByDefault: true },
];

export const TASK_FILTERS = ['processDefinitionName', 'processKey', 'createTime'] as const;
