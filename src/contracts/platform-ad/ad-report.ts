import { knownMessages } from '../server-messages';
import { defineContract, type FieldSpec } from '../resource-contract';
import { ADVERT } from './advert';
import { AD_PLAN_STATE_CHOICES } from './ad-plan';

/**
 * The ad reports (issue 28 item 3; spec.md section 7 supplier service "advert ... report"), all
 * read from the delivery events' roll-ups (blade_ad_rollup_day per day, blade_ad_rollup_minute
 * per minute; migration 050), every number equal to the raw events (blade_ad_event) they count.
 *
 * - Range: `startDate` .. `endDate` ('yyyy-MM-dd', a time part is ignored), both days included,
 *   at most AD_REPORT_MAX_DAYS days: a longer one is refused (400), none is the last
 *   AD_REPORT_DEFAULT_DAYS days ending today (server time). The console clamps first (a chip).
 * - CTR: clicks / impressions as a percent with 2 decimals (0 without impressions).
 * - Share (分润): the flow masters' profit flow (blade_ad_profit_flow) of the plans and days
 *   counted, which the roll-up writes per master, plan, position, lot and day as
 *   floor(cost × the master's share rate / 10000) in fen: the report's share is the profit flow.
 * - Money: fen at rest, yuan on the wire.
 *
 * Calls under AD_REPORT: GET master, masterPlan, plan, transactions (pages with `sums` and
 * `range`), GET queryStatistics (the sums alone), POST days (one row per day of the range, zeros
 * for a day without events), POST times (one row per minute of the last hour, or of `hour`
 * 'yyyy-MM-dd HH'), the exports (POST export*: tasks in the export centre) and GET options (the
 * filters' choices, readable with any report's view button).
 */
export const AD_REPORT = `${ADVERT}/report`;
export const AD_REPORT_MAX_DAYS = 90;
export const AD_REPORT_DEFAULT_DAYS = 7;

export const AD_REPORT_CALLS = {
  master: 'master',
  masterPlan: 'masterPlan',
  plan: 'plan',
  transactions: 'transactions',
  queryStatistics: 'queryStatistics',
  days: 'days',
  times: 'times',
  exportMaster: 'exportMaster',
  exportPlan: 'exportPlan',
  exportTransactions: 'exportTransactions',
  exportDays: 'exportDays',
  exportTimes: 'exportTimes',
  options: 'options',
} as const;

/** `options?kind=`: the filters' choices ({id, name}), for whoever may see a report. */
export const AD_REPORT_OPTION_KINDS = ['plan', 'advertiser', 'flowMaster', 'position'] as const;
export type AdReportOptionKind = (typeof AD_REPORT_OPTION_KINDS)[number];

export const AD_REPORT_ROUTES = {
  master: '/ad/advertisingStatus/webmasterReport',
  plan: '/ad/advertisingStatus/planReport',
  realtime: '/ad/adDropReport/realTimeReport',
  history: '/ad/adDropReport/historyReport',
  transactions: '/ad/adDropReport/adTransactionResults',
} as const;

/** The menu codes of the five screens (their buttons are `${menu}_view`, `${menu}_export`). */
export const AD_REPORT_MENUS = {
  master: 'flow_master_report',
  plan: 'ad_plan_report',
  realtime: 'ad_realtime_report',
  history: 'ad_history_report',
  transactions: 'ad_transaction',
} as const;

const t = (zh: string, en: string) => ({ zh, en });

export const AD_REPORT_REFUSALS = {
  date: t('请输入正确的日期（yyyy-MM-dd）', 'A date as yyyy-MM-dd'),
  period: t('结束日期不能早于开始日期', 'The end date may not be before the start date'),
  rangeOver: t('统计范围不能超过90天', 'A report covers at most 90 days'),
  hour: t('请输入正确的小时（yyyy-MM-dd HH）', 'An hour as yyyy-MM-dd HH'),
  idsUnknown: t('所选记录不存在', 'A chosen record does not exist'),
  masterRequired: t('请选择流量主', 'Please choose the traffic owner'),
  state: t('计划状态不正确', 'Not a plan state'),
  kind: t(
    '选项类型须为plan、advertiser、flowMaster、position之一',
    'An option kind: plan, advertiser, flowMaster or position',
  ),
} as const;
knownMessages(...Object.values(AD_REPORT_REFUSALS));

/** What the events count (cost in yuan). */
export interface AdCounts {
  impressions: number;
  clicks: number;
  /** Percent, 2 decimals. */
  ctr: number;
  conversions: number;
  cost: number;
}

/** The figures of a row, a day or the sums: the counts and the flow masters' share (yuan). */
export interface AdFigures extends AdCounts {
  share: number;
}

export interface MasterReportRow extends AdFigures {
  /** The flow master's id. */
  id: string;
  flowMasterId: string;
  masterName: string;
  /** Percent. */
  shareRate: number;
  statDate?: string;
}

export interface PlanReportRow extends AdFigures {
  /** The plan's id. */
  id: string;
  planId: string;
  planName: string;
  advertiserId: string;
  advertiserName: string;
  state: string;
  dailyBudget: number;
  totalBudget: number;
  /** What the plan has spent so far (all time, yuan). */
  spent: number;
  flowMasterId?: string;
  statDate?: string;
}

/** A plan's day (广告交易结果). */
export interface TransactionRow extends AdFigures {
  /** `${planId}_${statDate}`. */
  id: string;
  statDate: string;
  planId: string;
  planName: string;
  advertiserId: string;
  advertiserName: string;
}

export interface DayRow extends AdFigures {
  /** 'yyyy-MM-dd'. */
  day: string;
}

/** A minute: counts only (shares are per day). */
export interface MinuteRow extends AdCounts {
  /** 'yyyy-MM-dd HH:mm'. */
  minute: string;
}

export interface AdReportRange {
  start: string;
  end: string;
}

export interface AdReportPage<R> {
  records: R[];
  total: number;
  size: number;
  current: number;
  pages: number;
  sums: AdFigures;
  range: AdReportRange;
}

export interface AdDays {
  range: AdReportRange;
  days: DayRow[];
  sums: AdFigures;
}

export interface AdTimes {
  /** First and last minute. */
  from: string;
  to: string;
  minutes: MinuteRow[];
  sums: AdCounts;
}

const label = t;
const count = (zh: string, en: string): FieldSpec => ({
  label: label(zh, en),
  kind: 'integer',
  readOnly: true,
  export: { width: 12 },
});
const money = (zh: string, en: string): FieldSpec => ({
  label: label(zh, en),
  kind: 'money',
  readOnly: true,
  export: { width: 14 },
});

/** The figures' fields, in the order of the tables and the sheets. */
export const AD_FIGURE_FIELDS = {
  impressions: count('曝光量', 'Impressions'),
  clicks: count('点击量', 'Clicks'),
  ctr: {
    label: label('点击率(%)', 'CTR (%)'),
    kind: 'decimal',
    readOnly: true,
    export: { width: 10 },
  },
  conversions: count('转化量', 'Conversions'),
  cost: money('消耗(元)', 'Cost (yuan)'),
  share: money('分润(元)', 'Share (yuan)'),
} as const satisfies Record<keyof AdFigures, FieldSpec>;

export const AD_FIGURE_KEYS = Object.keys(AD_FIGURE_FIELDS) as (keyof AdFigures)[];

/** The range filter's field (a 'yyyy-MM-dd' day; sent as startDate / endDate). */
const statDate: FieldSpec = {
  label: label('统计日期', 'Date'),
  kind: 'date',
  readOnly: true,
  filter: 'equal',
};

export const masterReportContract = defineContract<MasterReportRow>()({
  service: AD_REPORT,
  route: AD_REPORT_ROUTES.master,
  title: label('流量主报表', 'Traffic owner report'),
  menu: AD_REPORT_MENUS.master,
  buttons: ['view', 'export'],
  calls: { list: AD_REPORT_CALLS.master, export: AD_REPORT_CALLS.exportMaster },
  export: { excelType: 'ad-master-report', fileName: '流量主报表' },
  fields: {
    flowMasterId: {
      label: label('流量主', 'Traffic owner'),
      ref: 'flowMaster',
      readOnly: true,
      filter: 'equal',
    },
    masterName: {
      label: label('流量主', 'Traffic owner'),
      nameOf: 'flowMasterId',
      readOnly: true,
      export: { width: 20 },
    },
    shareRate: {
      label: label('分成比例(%)', 'Share (%)'),
      kind: 'decimal',
      readOnly: true,
      export: { width: 12 },
    },
    statDate,
    ...AD_FIGURE_FIELDS,
  },
});

const planFields = {
  planId: { label: label('广告计划', 'Plan'), ref: 'adPlan', readOnly: true, filter: 'equal' },
  planName: {
    label: label('广告计划', 'Plan'),
    nameOf: 'planId',
    readOnly: true,
    export: { width: 24 },
  },
  advertiserId: {
    label: label('广告主', 'Advertiser'),
    ref: 'advertiser',
    readOnly: true,
    filter: 'equal',
  },
  advertiserName: {
    label: label('广告主', 'Advertiser'),
    nameOf: 'advertiserId',
    readOnly: true,
    export: { width: 20 },
  },
} as const satisfies Record<string, FieldSpec>;

export const planReportContract = defineContract<PlanReportRow>()({
  service: AD_REPORT,
  route: AD_REPORT_ROUTES.plan,
  title: label('计划报表', 'Plan report'),
  menu: AD_REPORT_MENUS.plan,
  buttons: ['view', 'export'],
  calls: { list: AD_REPORT_CALLS.plan, export: AD_REPORT_CALLS.exportPlan },
  export: { excelType: 'ad-plan-report', fileName: '计划报表' },
  fields: {
    ...planFields,
    state: {
      label: label('状态', 'State'),
      choices: AD_PLAN_STATE_CHOICES,
      readOnly: true,
      filter: 'equal',
      export: { width: 10 },
    },
    dailyBudget: money('日预算(元)', 'Daily budget'),
    totalBudget: money('总预算(元)', 'Total budget'),
    spent: money('已消耗(元)', 'Spent'),
    statDate,
    ...AD_FIGURE_FIELDS,
  },
});

export const transactionContract = defineContract<TransactionRow>()({
  service: AD_REPORT,
  route: AD_REPORT_ROUTES.transactions,
  title: label('广告交易结果', 'Ad transactions'),
  menu: AD_REPORT_MENUS.transactions,
  buttons: ['view', 'export'],
  calls: { list: AD_REPORT_CALLS.transactions, export: AD_REPORT_CALLS.exportTransactions },
  export: { excelType: 'ad-transactions', fileName: '广告交易结果' },
  fields: {
    statDate: { ...statDate, export: { width: 12 } },
    ...planFields,
    ...AD_FIGURE_FIELDS,
  },
});

/** The history and real-time sheets: a day (or minute) and its figures. */
export const AD_DAY_COLUMNS = [
  { key: 'day', label: label('日期', 'Date') },
  ...AD_FIGURE_KEYS.map((key) => ({ key, label: AD_FIGURE_FIELDS[key].label })),
] as const;

/** CTR as a percent with 2 decimals. */
export function ctrOf(clicks: number, impressions: number): number {
  return impressions > 0 ? Math.round((clicks * 10000) / impressions) / 100 : 0;
}
