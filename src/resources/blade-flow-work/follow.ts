import { followContract, type FlowInstance } from '../../contracts/blade-flow/instance';
import { defineContractResource } from '../contract-resource';
import { viewActions, workDialog } from './dialogs';

const VIEW = `${followContract.menu}_view`;
const DELETE = `${followContract.menu}_delete`;

const defined = defineContractResource({
  contract: followContract,
  paging: 'generic',
  columns: [
    { field: 'processDefinitionName', width: 160 },
    { field: 'processKey', width: 120 },
    { field: 'processVersion', width: 70 },
    { field: 'startUserName', width: 100 },
    { field: 'currentTaskNames', width: 160 },
    { field: 'state', width: 90 },
    { field: 'startTime', width: 170 },
    { field: 'endTime', width: 170 },
    { field: 'deleteReason', width: 160, hiddenByDefault: true },
    { field: 'id', width: 200, hiddenByDefault: true },
  ],
  filters: ['processKey', 'id', 'state'],
  rowActions: [
    ...viewActions<FlowInstance>(VIEW),
    {
      id: 'leaveDetail',
      label: { zh: '请假详情', en: 'Leave details' },
      permission: VIEW,
      when: (row) => row.processKey === 'leave' && Boolean(row.businessKey),
      dialog: workDialog<FlowInstance>((m) => m.LeaveDetailDialog),
    },
    {
      id: 'delete',
      label: { zh: '删除', en: 'Delete' },
      permission: DELETE,
      color: 'red',
      when: (row) => row.state === 'running',
      dialog: workDialog<FlowInstance>((m) => m.DeleteInstanceDialog),
    },
  ],
  recordLabel: (row) => `${row.processDefinitionName}（${row.id}）`,
});

/**
 * 流程跟踪 (/flow/follow): every instance of the tenant, with its diagram and history, and 删除
 * with a reason (delete-process-instance). The engine's own delete (remove?ids=, no reason) is
 * taken off: the contract's delete button is that row action's code.
 */
const { remove: _engineRemove, ...permissions } = defined.permissions;
export default { ...defined, permissions };
