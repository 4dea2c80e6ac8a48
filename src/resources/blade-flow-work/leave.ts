import { LEAVE_CODES, leaveContract, type LeaveRequest } from '../../contracts/blade-desk/leave';
import { defineContractResource } from '../contract-resource';
import { workDialog } from './dialogs';

/**
 * 请假流程 (/work/process/leave): my leave requests. 发起请假 opens the form of the latest leave
 * definition; a row's 详情 its detail page (history and diagram there).
 */
export default defineContractResource({
  contract: leaveContract,
  paging: 'generic',
  columns: [
    { field: 'leaveType', width: 90 },
    { field: 'startTime', width: 170 },
    { field: 'endTime', width: 170 },
    { field: 'days', width: 80 },
    { field: 'reason', width: 220 },
    { field: 'taskUserName', width: 100 },
    { field: 'leaveState', width: 90 },
    { field: 'applyTime', width: 170 },
  ],
  filters: ['leaveType', 'leaveState'],
  rowActions: [
    {
      id: 'detail',
      label: { zh: '详情', en: 'Details' },
      permission: LEAVE_CODES.view,
      when: (row) => Boolean(row.processInstanceId),
      dialog: workDialog<LeaveRequest>((m) => m.LeaveDetailDialog),
    },
  ],
  toolbarActions: [
    {
      id: 'start',
      label: { zh: '发起请假', en: 'Apply for leave' },
      permission: LEAVE_CODES.start,
      selection: 'none',
      dialog: workDialog<LeaveRequest>((m) => m.StartLeaveDialog),
    },
  ],
  recordLabel: (row) => `${row.createUserName} ${row.startTime}`,
});
