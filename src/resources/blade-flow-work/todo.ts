import { todoTaskContract, WORK_CODES, type FlowTask } from '../../contracts/blade-flow/task';
import { defineContractResource } from '../contract-resource';
import { viewActions, workDialog } from './dialogs';
import { TASK_COLUMNS, TASK_FILTERS } from './task-columns';

/**
 * 待办事务 (/work/todo): tasks assigned to the user. 办理 opens the leave handle page for leave
 * tasks and an approve / reject dialog for others; 退回 returns a claimed task to the claim list
 * (a task that was claimed is one with candidates: tasks with an assignee are never claimed).
 */
export default defineContractResource({
  contract: todoTaskContract,
  paging: 'generic',
  columns: TASK_COLUMNS,
  filters: TASK_FILTERS,
  rowActions: [
    {
      id: 'handle',
      label: { zh: '办理', en: 'Handle' },
      permission: WORK_CODES.handle,
      dialog: workDialog<FlowTask>((m) => m.HandleDialog),
    },
    {
      id: 'sendBack',
      label: { zh: '退回', en: 'Send back' },
      permission: WORK_CODES.handle,
      when: (row) => row.claimTime !== null,
      dialog: workDialog<FlowTask>((m) => m.SendBackDialog),
    },
    ...viewActions<FlowTask>(`${todoTaskContract.menu}_view`),
  ],
  recordLabel: (row) => `${row.name} · ${row.processDefinitionName}`,
});
