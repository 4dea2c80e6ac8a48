import { leaveContract } from '../../../../src/contracts/blade-desk/leave.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';

/**
 * 请假流程 (issue 29 item 6): the caller's own leave requests, declared. start-process and detail
 * are routes.ts (a request is written with its process, in one transaction). Days are half days
 * at rest.
 */
export const leaveTable = defineContractTable({
  contract: leaveContract,
  table: 'bladeProcessLeave',
  scope: 'tenant',
  versioned: true,
  inputColumns: false,
  own: ['submit', 'remove', 'detail'],
  readColumns: [
    'processDefinitionId',
    'processInstanceId',
    'leaveType',
    'startTime',
    'endTime',
    'halfDays',
    'reason',
    'taskUser',
    'applyTime',
    'leaveState',
  ],
  defaultOrder: { createTime: 'desc', id: 'desc' },
  dataScope: (call) => (eb) => eb('createUser', '=', call.user.userId),
  decorate: (_call: TableCall, rows) =>
    rows.map((r) => ({ ...r, days: (r as { halfDays: number }).halfDays / 2 })),
});
