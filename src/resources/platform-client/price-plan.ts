import type { ComponentType } from 'react';
import { allows } from '../../../machines/lifecycles/lifecycle';
import { pricePlanLifecycle } from '../../../machines/lifecycles/price-plan-machine';
import {
  PRICE_PLAN_CODES,
  PRICE_PLAN_EDITABLE,
  pricePlanContract,
  type PricePlan,
} from '../../contracts/platform-client/price-plan';
import { defineContractResource } from '../contract-resource';
import type { ActionDialogProps } from '../types';

type Dialog = ComponentType<ActionDialogProps<PricePlan>>;
const dialogs = () => import('./price-plan-dialogs');
/** A dialog of price-plan-dialogs, loaded on first use. */
const planDialog = (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => () =>
  dialogs().then((m) => ({ default: pick(m) }));

/**
 * 价格管理 (/finance/price-manage, issue 27 item 7): each plan's product, old and new price,
 * effective time and state (the price plan machine's), who made, changed and voided it and when.
 * 新建调价 on the toolbar; 修改 and 作废 on pending plans only (the machine decides); all sent once.
 */
export default defineContractResource({
  contract: pricePlanContract,
  paging: 'generic',
  columns: [
    { field: 'productCode', width: 130 },
    { field: 'productName', width: 180 },
    { field: 'oldPrice', width: 100 },
    { field: 'newPrice', width: 100 },
    { field: 'effectiveTime', width: 170 },
    { field: 'state', width: 90 },
    { field: 'appliedTime', width: 170 },
    { field: 'appliedPrice', width: 100, hiddenByDefault: true },
    { field: 'createUserName', width: 100 },
    { field: 'createTime', width: 170 },
    { field: 'updateUserName', width: 100, hiddenByDefault: true },
    { field: 'updateTime', width: 170, hiddenByDefault: true },
    { field: 'voidUserName', width: 100, hiddenByDefault: true },
    { field: 'voidTime', width: 170, hiddenByDefault: true },
    { field: 'voidReason', width: 200, hiddenByDefault: true },
    { field: 'remark', width: 200, hiddenByDefault: true },
  ],
  filters: ['productId', 'state', { name: 'effectiveTime', allowFuture: true }],
  toolbarActions: [
    {
      id: 'create',
      label: { zh: '新建调价', en: 'New price plan' },
      permission: PRICE_PLAN_CODES.timing,
      selection: 'none',
      dialog: planDialog((m) => m.CreatePlanDialog),
    },
  ],
  rowActions: [
    {
      id: 'update',
      label: { zh: '修改', en: 'Change' },
      permission: PRICE_PLAN_CODES.updatePlan,
      when: (plan) => PRICE_PLAN_EDITABLE.includes(plan.state),
      dialog: planDialog((m) => m.UpdatePlanDialog),
    },
    {
      id: 'void',
      label: { zh: '作废', en: 'Void' },
      permission: PRICE_PLAN_CODES.void,
      color: 'red',
      when: (plan) => allows(pricePlanLifecycle, plan.state, 'void'),
      dialog: planDialog((m) => m.VoidPlanDialog),
    },
  ],
  recordLabel: (plan) => `${plan.productName}（${plan.effectiveTime}）`,
});
