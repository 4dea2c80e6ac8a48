import {
  CODE_BATCH_BUTTONS,
  supCouponCodeContract,
  type SupCouponCode,
} from '../../contracts/platform-supplier/coupon-code';
import { defineContractResource } from '../contract-resource';
import type { ComponentType } from 'react';
import type { ActionDef, ActionDialogProps } from '../types';
import { CODE_STATES, codeAllows, COUPON_GOODS_SOURCE } from './code-options';
import { SUPPLIER_SOURCE } from './sup-good-options';

type Dialog = ComponentType<ActionDialogProps<SupCouponCode>>;
const dialogs = () => import('./code-dialogs');
const named = (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => () =>
  dialogs().then((m) => ({ default: pick(m) }));

const invalidate = {
  label: { zh: '作废', en: 'Invalidate' },
  permission: CODE_BATCH_BUTTONS.invalid,
  color: 'red',
  when: (row: SupCouponCode) => codeAllows(row, 'invalidate'),
  dialog: named((m) => m.InvalidDialog),
} satisfies Omit<ActionDef<SupCouponCode>, 'id'>;

const recover = {
  label: { zh: '回收', en: 'Recover' },
  permission: CODE_BATCH_BUTTONS.recover,
  when: (row: SupCouponCode) => codeAllows(row, 'recover'),
  dialog: named((m) => m.RecoverDialog),
} satisfies Omit<ActionDef<SupCouponCode>, 'id'>;

/**
 * The codes of 券码批次管理 (all of the tenant's, or one batch's: `fixedParams: {batchId}`).
 * The code column shows what the server answers (full for holders of code_batch_view, else the
 * mask); the exact-code filter `couponCode2` travels RSA-encrypted and never enters the URL.
 * 作废 and 回收 are offered only where couponCodeLifecycle allows them (per row, and over a
 * selection only while every selected code allows it).
 */
export default defineContractResource({
  contract: supCouponCodeContract,
  paging: 'generic',
  columns: [
    { field: 'couponCode', width: 220 },
    { field: 'pin', width: 120, hiddenByDefault: true },
    { field: 'state', kind: 'tag', options: CODE_STATES, width: 100 },
    { field: 'goodName', width: 180 },
    { field: 'supName', width: 140 },
    { field: 'batchNo', width: 190 },
    { field: 'validStart', width: 170, hiddenByDefault: true },
    { field: 'validEnd', width: 170 },
    { field: 'orderNo', width: 190, hiddenByDefault: true },
    { field: 'issueTime', width: 170, hiddenByDefault: true },
    { field: 'usedTime', width: 170, hiddenByDefault: true },
    { field: 'invalidTime', width: 170, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
  ],
  filters: [
    { name: 'couponCode2', encrypted: true },
    { name: 'state', kind: 'select', options: CODE_STATES },
    { name: 'goodId', kind: 'select', source: COUPON_GOODS_SOURCE },
    { name: 'supId', kind: 'select', source: SUPPLIER_SOURCE },
    { name: 'validEnd', kind: 'dateRange', allowFuture: true },
  ],
  rowActions: [
    { id: 'invalid', ...invalidate },
    { id: 'recover', ...recover },
  ],
  toolbarActions: [
    { id: 'invalidSelected', selection: 'some', ...invalidate },
    {
      id: 'invalidByList',
      label: { zh: '按券码作废', en: 'Invalidate by code' },
      permission: CODE_BATCH_BUTTONS.invalid,
      color: 'red',
      selection: 'none',
      dialog: named((m) => m.InvalidByListDialog),
    },
    { id: 'recoverSelected', selection: 'some', ...recover },
  ],
  recordLabel: (code) => code.couponCode || code.codeMask,
});
