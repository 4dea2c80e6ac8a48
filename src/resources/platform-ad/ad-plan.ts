import type { ComponentType } from 'react';
import { adPlanLifecycle } from '../../../machines/lifecycles/ad-plan-machine';
import { allows } from '../../../machines/lifecycles/lifecycle';
import { AD_PLAN_CODES, adPlanContract, type AdPlan } from '../../contracts/platform-ad/ad-plan';
import { ADVERT } from '../../contracts/platform-ad/advert';
import { defineContractResource } from '../contract-resource';
import type { ActionDialogProps } from '../types';

type Dialog = ComponentType<ActionDialogProps<AdPlan>>;
const dialogs = () => import('./ad-plan-dialogs');
const planDialog = (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => () =>
  dialogs().then((m) => ({ default: pick(m) }));

/** Materials, positions and lots as the form's multi-selects (comma-joined ids on the wire). */
const many = (path: string, label: string, params?: Record<string, string>) => ({
  kind: 'multiSelect' as const,
  source: { path: `${ADVERT}/${path}`, label, value: 'id', ...(params ? { params } : {}) },
  wide: true,
});

/**
 * 广告计划 (/ad/advertisingPlan): the plans with their state (the ad plan machine's) and pause
 * flag. Row actions are offered only where the machine allows them: 开始投放 on drafts, 暂停 on
 * running plans, 恢复 on paused ones, 结束投放 on either (behind 投放状态 / 暂停/恢复), and 复制.
 */
export default defineContractResource({
  contract: adPlanContract,
  paging: 'generic',
  columns: [
    { field: 'planName', width: 220 },
    { field: 'advertiserName', width: 140 },
    { field: 'state', width: 90 },
    { field: 'pauseReason', width: 100 },
    { field: 'startDate', width: 110 },
    { field: 'endDate', width: 110 },
    { field: 'dailyBudget', width: 110 },
    { field: 'totalBudget', width: 120 },
    { field: 'spent', width: 110 },
    { field: 'bid', width: 90 },
    { field: 'pauseFlag', width: 80, hiddenByDefault: true },
    { field: 'remark', width: 200, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
  ],
  filters: ['planName', 'advertiserId', 'state'],
  form: {
    materialIds: many('material/select', 'materialName'),
    positionIds: many('position/select', 'positionName'),
    lotIds: many('park/listPage', 'lotName', { size: '500' }),
    remark: { kind: 'textarea', wide: true },
  },
  rowActions: [
    {
      id: 'start',
      label: { zh: '开始投放', en: 'Start' },
      permission: AD_PLAN_CODES.status,
      when: (plan) => allows(adPlanLifecycle, plan.state, 'start'),
      dialog: planDialog((m) => m.StartPlanDialog),
    },
    {
      id: 'pause',
      label: { zh: '暂停', en: 'Pause' },
      permission: AD_PLAN_CODES.pause,
      color: 'orange',
      when: (plan) => allows(adPlanLifecycle, plan.state, 'pause'),
      dialog: planDialog((m) => m.PausePlanDialog),
    },
    {
      id: 'resume',
      label: { zh: '恢复', en: 'Resume' },
      permission: AD_PLAN_CODES.pause,
      when: (plan) => allows(adPlanLifecycle, plan.state, 'resume'),
      dialog: planDialog((m) => m.ResumePlanDialog),
    },
    {
      id: 'end',
      label: { zh: '结束投放', en: 'End' },
      permission: AD_PLAN_CODES.status,
      color: 'red',
      when: (plan) => allows(adPlanLifecycle, plan.state, 'end'),
      dialog: planDialog((m) => m.EndPlanDialog),
    },
    {
      id: 'copy',
      label: { zh: '复制', en: 'Copy' },
      permission: AD_PLAN_CODES.copy,
      dialog: planDialog((m) => m.CopyPlanDialog),
    },
  ],
  recordLabel: (plan) => plan.planName,
});
