import {
  CODE_RECYCLE_BUTTONS,
  supCouponCodeRecoveryContract,
} from '../../contracts/platform-supplier/coupon-code';
import { defineContractResource } from '../contract-resource';
import { CODE_STATES, COUPON_GOODS_SOURCE, RECOVERY_STATE_OPTIONS } from './code-options';
import { SUPPLIER_SOURCE } from './sup-good-options';

const handle = () => import('./code-dialogs').then((m) => ({ default: m.HandleDialog }));

/**
 * 券码回收管理 (issue 18 item 2): the codes of refunded orders waiting to be restocked or
 * discarded. 处理 is offered on pending records only (per row, and over a selection only while
 * every selected record is pending).
 */
export default defineContractResource({
  contract: supCouponCodeRecoveryContract,
  paging: 'generic',
  columns: [
    { field: 'couponCode', width: 220 },
    { field: 'state', kind: 'tag', options: RECOVERY_STATE_OPTIONS, width: 100 },
    { field: 'codeState', kind: 'tag', options: CODE_STATES, width: 100 },
    { field: 'goodName', width: 180 },
    { field: 'supName', width: 140 },
    { field: 'orderNo', width: 190 },
    { field: 'returnNo', width: 190 },
    { field: 'handleUserName', width: 110 },
    { field: 'handleTime', width: 170 },
    { field: 'remark', width: 180, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
  ],
  filters: [
    { name: 'state', kind: 'select', options: RECOVERY_STATE_OPTIONS },
    { name: 'goodId', kind: 'select', source: COUPON_GOODS_SOURCE },
    { name: 'supId', kind: 'select', source: SUPPLIER_SOURCE },
    'createTime',
  ],
  rowActions: [
    {
      id: 'handle',
      label: { zh: '处理', en: 'Handle' },
      permission: CODE_RECYCLE_BUTTONS.handle,
      when: (row) => row.state === 'pending',
      dialog: handle,
    },
  ],
  toolbarActions: [
    {
      id: 'handleSelected',
      label: { zh: '批量处理', en: 'Handle selected' },
      permission: CODE_RECYCLE_BUTTONS.handle,
      selection: 'some',
      when: (row) => row.state === 'pending',
      dialog: handle,
    },
  ],
  recordLabel: (record) => record.couponCode || record.codeMask,
});
