import { sendInstanceContract, type FlowInstance } from '../../contracts/blade-flow/instance';
import { defineContractResource } from '../contract-resource';
import { viewActions, workDialog } from './dialogs';

const VIEW = `${sendInstanceContract.menu}_view`;

/** 已发事务 (/work/send): the instances the user started, where they stand. */
export default defineContractResource({
  contract: sendInstanceContract,
  paging: 'generic',
  columns: [
    { field: 'processDefinitionName', width: 160 },
    { field: 'processVersion', width: 70 },
    { field: 'currentTaskNames', width: 160 },
    { field: 'state', width: 90 },
    { field: 'startTime', width: 170 },
    { field: 'endTime', width: 170 },
    { field: 'processKey', width: 120, hiddenByDefault: true },
    { field: 'id', width: 200, hiddenByDefault: true },
  ],
  filters: ['processKey', 'state'],
  rowActions: [
    ...viewActions<FlowInstance>(VIEW),
    {
      id: 'leaveDetail',
      label: { zh: '请假详情', en: 'Leave details' },
      permission: VIEW,
      when: (row) => row.processKey === 'leave' && Boolean(row.businessKey),
      dialog: workDialog<FlowInstance>((m) => m.LeaveDetailDialog),
    },
  ],
  recordLabel: (row) => `${row.processDefinitionName}（${row.id}）`,
});
