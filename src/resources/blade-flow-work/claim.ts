import { claimTaskContract, WORK_CODES, type FlowTask } from '../../contracts/blade-flow/task';
import { defineContractResource } from '../contract-resource';
import { viewActions, workDialog } from './dialogs';
import { TASK_COLUMNS, TASK_FILTERS } from './task-columns';

/** 待签事务 (/work/claim): tasks the user is a candidate of; 签收 makes one theirs. */
export default defineContractResource({
  contract: claimTaskContract,
  paging: 'generic',
  columns: TASK_COLUMNS,
  filters: TASK_FILTERS,
  rowActions: [
    {
      id: 'claim',
      label: { zh: '签收', en: 'Claim' },
      permission: WORK_CODES.claim,
      dialog: workDialog<FlowTask>((m) => m.ClaimDialog),
    },
    ...viewActions<FlowTask>(`${claimTaskContract.menu}_view`),
  ],
  recordLabel: (row) => `${row.name} · ${row.processDefinitionName}`,
});
