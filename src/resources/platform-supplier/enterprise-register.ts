import {
  enterpriseRegisterContract,
  SUPPLY_TYPE_NAMES,
  type EnterpriseRegister,
} from '../../contracts/platform-supplier/enterprise-register';
import { defineContractResource } from '../contract-resource';
import type { ValueOption } from '../types';

export type { EnterpriseRegister } from '../../contracts/platform-supplier/enterprise-register';

const AUDIT = 'enterprise_register_audit';
export const SUPPLY_TYPE_OPTIONS: readonly ValueOption[] = Object.entries(SUPPLY_TYPE_NAMES).map(
  ([value, label]) => ({ value, label }),
);
const pending = (row: EnterpriseRegister) => row.state === 'pending';
const approveDialog = () =>
  import('./enterprise-register-review').then((m) => ({ default: m.ApproveDialog }));
const rejectDialog = () =>
  import('./enterprise-register-review').then((m) => ({ default: m.RejectDialog }));

/**
 * 企业注册 (issue 17 item 5): the tenant's supplier applications, sent from the public
 * /enterprise-register page. A pending one is approved (it becomes a supplier) or rejected with
 * a reason, behind 审核 (`enterprise_register_audit`).
 */
export default defineContractResource({
  contract: enterpriseRegisterContract,
  paging: 'generic',
  columns: [
    { field: 'companyName', width: 220 },
    { field: 'creditCode', width: 190 },
    { field: 'contactName', width: 110 },
    { field: 'contactPhone', width: 130 },
    { field: 'email', width: 180, hiddenByDefault: true },
    { field: 'supplyType', kind: 'tag', options: SUPPLY_TYPE_OPTIONS, width: 120 },
    { field: 'state', width: 110 },
    { field: 'supCode', width: 160 },
    { field: 'rejectReason', width: 200, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
    { field: 'auditTime', width: 170, hiddenByDefault: true },
  ],
  filters: ['companyName', 'state', 'createTime'],
  rowActions: [
    {
      id: 'approve',
      label: { zh: '通过', en: 'Approve' },
      permission: AUDIT,
      when: pending,
      dialog: approveDialog,
    },
    {
      id: 'reject',
      label: { zh: '驳回', en: 'Reject' },
      permission: AUDIT,
      color: 'red',
      when: pending,
      dialog: rejectDialog,
    },
  ],
  recordLabel: (row) => row.companyName,
});
