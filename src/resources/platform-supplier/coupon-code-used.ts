import {
  CODE_SOURCE_BUTTONS,
  supCouponCodeUsedContract,
  type SupCouponCodeUsed,
} from '../../contracts/platform-supplier/coupon-code';
import { defineContractResource } from '../contract-resource';
import type { ComponentType } from 'react';
import type { ActionDialogProps } from '../types';
import { CODE_STATES, codeAllows, COUPON_GOODS_SOURCE } from './code-options';
import { SUPPLIER_SOURCE } from './sup-good-options';

type Dialog = ComponentType<ActionDialogProps<SupCouponCodeUsed>>;
const dialogs = () => import('./code-dialogs');
const named = (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => () =>
  dialogs().then((m) => ({ default: pick(m) }));

/**
 * 券码溯源管理's list (issue 18 item 2): issued and used codes with their latest redemption.
 * 刷新状态 asks the supplier's interface (issued or used codes), 撤销核销 only on used codes
 * (couponCodeLifecycle 'cancelUse'); 溯源 opens the code's history (code-source-page.tsx).
 */
export default defineContractResource({
  contract: supCouponCodeUsedContract,
  paging: 'generic',
  columns: [
    { field: 'couponCode', width: 220 },
    { field: 'pin', width: 120, hiddenByDefault: true },
    { field: 'state', kind: 'tag', options: CODE_STATES, width: 100 },
    { field: 'goodName', width: 180 },
    { field: 'supName', width: 140 },
    { field: 'orderNo', width: 190 },
    { field: 'issueTime', width: 170 },
    { field: 'usedTime', width: 170 },
    { field: 'storeName', width: 160 },
    { field: 'exchangeTime', width: 170, hiddenByDefault: true },
    { field: 'batchNo', width: 190, hiddenByDefault: true },
    { field: 'validEnd', width: 170, hiddenByDefault: true },
  ],
  filters: [
    { name: 'couponCode2', encrypted: true },
    { name: 'goodId', kind: 'select', source: COUPON_GOODS_SOURCE },
    { name: 'supId', kind: 'select', source: SUPPLIER_SOURCE },
    'usedTime',
  ],
  rowActions: [
    {
      id: 'trace',
      label: { zh: '溯源', en: 'Trace' },
      permission: CODE_SOURCE_BUTTONS.view,
      readsOnly: true,
      // The code's history in a drawer (the page's look-up opens the same one).
      dialog: () => import('./code-trace-drawer'),
    },
    {
      id: 'cancelUse',
      label: { zh: '撤销核销', en: 'Cancel use' },
      permission: CODE_SOURCE_BUTTONS.cancel,
      color: 'orange',
      when: (row) => codeAllows(row, 'cancelUse'),
      dialog: named((m) => m.CancelUseDialog),
    },
  ],
  toolbarActions: [
    {
      id: 'renewStatus',
      label: { zh: '刷新状态', en: 'Renew status' },
      permission: CODE_SOURCE_BUTTONS.renewStatus,
      selection: 'some',
      when: (row) => row.state === 'issued' || row.state === 'used',
      dialog: named((m) => m.RenewStatusDialog),
    },
    {
      id: 'cancelUseSelected',
      label: { zh: '撤销核销', en: 'Cancel use' },
      permission: CODE_SOURCE_BUTTONS.cancel,
      color: 'orange',
      selection: 'some',
      when: (row) => codeAllows(row, 'cancelUse'),
      dialog: named((m) => m.CancelUseDialog),
    },
  ],
  recordLabel: (code) => code.couponCode || code.codeMask,
});
