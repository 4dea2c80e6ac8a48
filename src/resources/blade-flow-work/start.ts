import { startProcessContract, type StartableProcess } from '../../contracts/blade-flow/task';
import { defineContractResource } from '../contract-resource';
import { workDialog } from './dialogs';

/**
 * 发起事务 (/work/start): the latest active version of each process the user may start. 发起
 * opens the leave form for the leave process; other processes have no form in the console.
 */
export default defineContractResource({
  contract: startProcessContract,
  paging: 'generic',
  columns: [
    { field: 'name', width: 180 },
    { field: 'processKey', width: 140 },
    { field: 'category', width: 120 },
    { field: 'processVersion', width: 80 },
    { field: 'deployTime', width: 170 },
  ],
  filters: ['name', 'processKey', 'category'],
  rowActions: [
    {
      id: 'start',
      label: { zh: '发起', en: 'Start' },
      permission: 'work_start_start',
      dialog: workDialog<StartableProcess>((m) => m.StartDialog),
    },
  ],
  recordLabel: (row) => row.name,
});
