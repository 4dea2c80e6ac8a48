import { doneTaskContract, type FlowTask } from '../../contracts/blade-flow/task';
import { defineContractResource } from '../contract-resource';
import { viewActions, workDialog } from './dialogs';
import { TASK_COLUMNS, TASK_FILTERS } from './task-columns';

const VIEW = `${doneTaskContract.menu}_view`;

/** 办结事务 (/work/done): tasks the user completed, with the outcome and comment given. */
export default defineContractResource({
  contract: doneTaskContract,
  paging: 'generic',
  columns: [
    ...TASK_COLUMNS.filter((c) => c.field !== 'createTime'),
    { field: 'outcome', width: 90 },
    { field: 'comment', width: 200 },
    { field: 'endTime', width: 170 },
  ],
  filters: TASK_FILTERS,
  rowActions: [
    ...viewActions<FlowTask>(VIEW),
    {
      id: 'leaveDetail',
      label: { zh: '请假详情', en: 'Leave details' },
      permission: VIEW,
      when: (row) => row.processKey === 'leave' && Boolean(row.businessKey),
      dialog: workDialog<FlowTask>((m) => m.LeaveDetailDialog),
    },
  ],
  recordLabel: (row) => `${row.name} · ${row.processDefinitionName}`,
});
