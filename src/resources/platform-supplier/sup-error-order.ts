import type { ComponentType } from 'react';
import { errorOrderLifecycle } from '../../../machines/lifecycles/error-order-machine';
import { allows } from '../../../machines/lifecycles/lifecycle';
import {
  SUP_ERROR_ORDER_CODES,
  supErrorOrderContract,
  type SupErrorOrder,
} from '../../contracts/platform-supplier/sup-error-order';
import { defineContractResource } from '../contract-resource';
import type { ActionDef, ActionDialogProps } from '../types';
import { ErrorOrderBanner } from './sup-error-order-banner';
import { SUPPLIER_SOURCE } from './sup-good-options';
import { ERROR_ORDER_STATES, GOOD_SOURCE, SUP_ORDER_STATES } from './sup-order-options';

export type { SupErrorOrder } from '../../contracts/platform-supplier/sup-error-order';

type Dialog = ComponentType<ActionDialogProps<SupErrorOrder>>;
type Dialogs = typeof import('./sup-error-order-dialogs');
const named = (pick: (m: Dialogs) => Dialog) => (): Promise<{ default: Dialog }> =>
  import('./sup-error-order-dialogs').then((m) => ({ default: pick(m) }));

/** A row action offered only where the error order machine allows its event. */
function machineAction(
  event: 'audit' | 'reissue' | 'resend' | 'cancel',
  label: { zh: string; en: string },
  pick: (m: Dialogs) => Dialog,
  color?: string,
): ActionDef<SupErrorOrder> {
  return {
    id: event,
    label,
    permission: SUP_ERROR_ORDER_CODES[event],
    when: (row) => allows(errorOrderLifecycle, row.state, event),
    dialog: named(pick),
    ...(color ? { color } : {}),
  };
}

/**
 * 异常订单 (issue 18 item 3): failed supplier orders; 审核, 补发, 重发, 取消 each only where the
 * error order machine allows it (send once, Idempotency-Key); 预警设置 and a banner while the
 * open ones reach its threshold; 导出 through the export centre.
 */
export default defineContractResource({
  contract: supErrorOrderContract,
  paging: 'generic',
  columns: [
    { field: 'orderNo', width: 220 },
    { field: 'clientOrderId', width: 200, hiddenByDefault: true },
    { field: 'supName', width: 150 },
    { field: 'goodName', width: 180 },
    { field: 'quantity', kind: 'number', width: 80 },
    { field: 'errorMsg', width: 240 },
    { field: 'orderState', kind: 'tag', options: SUP_ORDER_STATES, width: 110 },
    { field: 'state', kind: 'tag', options: ERROR_ORDER_STATES, width: 110 },
    { field: 'auditUserName', width: 110, hiddenByDefault: true },
    { field: 'auditTime', width: 170, hiddenByDefault: true },
    { field: 'auditRemark', width: 200, hiddenByDefault: true },
    { field: 'handleUserName', width: 110, hiddenByDefault: true },
    { field: 'handleTime', width: 170, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
  ],
  filters: [
    'orderNo',
    { name: 'supId', kind: 'select', source: SUPPLIER_SOURCE },
    { name: 'goodId', kind: 'select', source: GOOD_SOURCE },
    { name: 'state', kind: 'select', options: ERROR_ORDER_STATES },
    'createTime',
  ],
  banner: ErrorOrderBanner,
  rowActions: [
    machineAction('audit', { zh: '审核', en: 'Audit' }, (m) => m.AuditDialog),
    machineAction('reissue', { zh: '补发', en: 'Reissue' }, (m) => m.ReissueDialog),
    machineAction('resend', { zh: '重发', en: 'Resend' }, (m) => m.ResendDialog),
    machineAction('cancel', { zh: '取消', en: 'Cancel' }, (m) => m.CancelDialog, 'red'),
  ],
  toolbarActions: [
    {
      id: 'warning',
      label: { zh: '预警设置', en: 'Warning settings' },
      permission: SUP_ERROR_ORDER_CODES.warnSetting,
      selection: 'none',
      dialog: named((m) => m.WarningDialog),
    },
  ],
  recordLabel: (row) => row.orderNo,
});
