import { adPlanLifecycle } from '../../../machines/lifecycles/ad-plan-machine';
import { lifecycleChoices } from '../lifecycle-choices';
import { defineContract } from '../resource-contract';
import { PAUSE_REASONS } from './ad-event';
import { ADVERT } from './advert';

/**
 * An ad plan (/ad/advertisingPlan): an advertiser's materials on positions at parking lots over
 * a period, with daily and total budgets and a bid (yuan on the wire, fen at rest). Its `state`
 * follows the ad plan machine (machines/lifecycles/ad-plan-machine.ts), moved only by
 * setPlanStatus/{id}/{status} (running, ended) and setPlanPauseFlag/{id}/{pauseFlag} (1 pause,
 * 0 resume); `pauseFlag` is 1 exactly while paused. Next round keys delivery events on its id.
 */
export interface AdPlan {
  id: string;
  planName: string;
  advertiserId: string;
  advertiserName: string;
  /** Comma-joined ids. */
  materialIds: string;
  positionIds: string;
  /** Target parking lots (blade_park_lot ids, comma-joined); blank: every lot. */
  lotIds: string | null;
  startDate: string;
  endDate: string;
  dailyBudget: number;
  totalBudget: number;
  bid: number;
  state: string;
  pauseFlag: number;
  /** Fen summed by the delivery events' roll-up (yuan on the wire). */
  spent: number;
  /** manual | budget while paused (PAUSE_REASONS). */
  pauseReason: string | null;
  remark: string | null;
  version: number;
  createTime: string;
}

export const AD_PLAN_STATE_CHOICES = lifecycleChoices(adPlanLifecycle, {
  draft: 'gray',
  running: 'green',
  paused: 'orange',
  ended: 'dark',
});

/** setPlanStatus's path values: the state the plan is to be in, and the event that leads there. */
export const PLAN_STATUS_EVENTS = { running: 'start', ended: 'end' } as const;
/** setPlanPauseFlag's path values. */
export const PAUSE_FLAG_EVENTS = { '1': 'pause', '0': 'resume' } as const;

export const AD_PLAN_CALLS = {
  set: `${ADVERT}/plan/set`,
  copy: `${ADVERT}/plan/copy`,
  status: (id: string, status: string) => `${ADVERT}/plan/setPlanStatus/${id}/${status}`,
  pause: (id: string, flag: string) => `${ADVERT}/plan/setPlanPauseFlag/${id}/${flag}`,
} as const;

/** The screen's own buttons (the menu seed's codes). */
export const AD_PLAN_CODES = {
  status: 'ad_plan_status',
  pause: 'ad_plan_pause',
  copy: 'ad_plan_copy',
} as const;

const money = (zh: string, en: string) =>
  ({
    label: { zh, en },
    kind: 'money',
    required: { zh: `请输入${zh}`, en: `Please enter the ${en.toLowerCase()}` },
    range: {
      min: 1,
      max: 100_000_000_00,
      message: { zh: `${zh}须为0.01到1亿元的金额`, en: 'From 0.01 to 100,000,000 yuan' },
    },
    sortable: true,
    export: { width: 12 },
  }) as const;

const day = (zh: string, en: string) =>
  ({
    label: { zh, en },
    kind: 'date',
    required: { zh: `请选择${zh}`, en: `Please choose the ${en.toLowerCase()}` },
    maxLength: 10,
    sortable: true,
    export: { width: 12 },
  }) as const;

export const adPlanContract = defineContract<AdPlan>()({
  service: `${ADVERT}/plan`,
  route: '/ad/advertisingPlan',
  title: { zh: '广告计划', en: 'Ad plan' },
  menu: 'ad_plan',
  buttons: ['add', 'edit', 'delete', 'view', 'export'],
  calls: {
    list: 'list',
    submit: 'add',
    detail: 'get',
    remove: 'del',
    export: 'exportReport',
    select: 'select',
  },
  export: { excelType: 'ad-plan', fileName: '广告计划列表' },
  fields: {
    planName: {
      label: { zh: '计划名称', en: 'Plan' },
      required: { zh: '请输入计划名称', en: 'Please enter the name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
      export: { width: 24 },
    },
    advertiserId: {
      label: { zh: '广告主', en: 'Advertiser' },
      required: { zh: '请选择广告主', en: 'Please choose the advertiser' },
      ref: 'advertiser',
      filter: 'equal',
    },
    advertiserName: {
      label: { zh: '广告主', en: 'Advertiser' },
      readOnly: true,
      nameOf: 'advertiserId',
      sortable: true,
      export: { width: 20 },
    },
    materialIds: {
      label: { zh: '素材', en: 'Materials' },
      required: { zh: '请选择素材', en: 'Please choose the materials' },
      maxLength: 2000,
    },
    positionIds: {
      label: { zh: '广告位', en: 'Positions' },
      required: { zh: '请选择广告位', en: 'Please choose the positions' },
      maxLength: 2000,
    },
    lotIds: { label: { zh: '投放停车场', en: 'Parking lots' }, maxLength: 4000 },
    startDate: day('开始日期', 'Start date'),
    endDate: day('结束日期', 'End date'),
    dailyBudget: money('日预算', 'Daily budget'),
    totalBudget: money('总预算', 'Total budget'),
    bid: money('出价', 'Bid'),
    state: {
      label: { zh: '投放状态', en: 'State' },
      readOnly: true,
      choices: AD_PLAN_STATE_CHOICES,
      filter: 'equal',
      export: { width: 10 },
    },
    pauseFlag: { label: { zh: '暂停', en: 'Paused' }, kind: 'switch', readOnly: true },
    pauseReason: {
      label: { zh: '暂停原因', en: 'Pause reason' },
      readOnly: true,
      choices: PAUSE_REASONS,
      export: { width: 10 },
    },
    spent: {
      label: { zh: '已花费', en: 'Spent' },
      kind: 'money',
      readOnly: true,
      sortable: true,
      export: { width: 12 },
    },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 500 },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
      export: { width: 20 },
    },
  },
});
