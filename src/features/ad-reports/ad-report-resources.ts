import {
  AD_REPORT,
  AD_REPORT_CALLS,
  AD_REPORT_DEFAULT_DAYS,
  AD_REPORT_MAX_DAYS,
  masterReportContract,
  planReportContract,
  transactionContract,
  type AdReportOptionKind,
} from '../../contracts/platform-ad/ad-report';
import { defineContractResource } from '../../resources/contract-resource';
import type { FilterDef } from '../../resources/engine/filters';
import type { ResourceDef } from '../../resources/types';
import { figureColumns } from './figures';

/** A filter's choices from report/options (readable with the report's view button). */
export const optionSource = (kind: AdReportOptionKind) => ({
  path: `${AD_REPORT}/${AD_REPORT_CALLS.options}`,
  params: { kind },
  label: 'name',
  value: 'id',
});

/** The reports' days: at most 90 (the bar clamps and shows a chip), the last 7 by default. */
export const RANGE_FILTER = {
  name: 'statDate',
  kind: 'dateRange',
  maxDays: AD_REPORT_MAX_DAYS,
  defaultLast: AD_REPORT_DEFAULT_DAYS,
  params: ['startDate', 'endDate'],
} as const satisfies Partial<FilterDef>;

const select = (name: string, kind: AdReportOptionKind) =>
  ({ name, kind: 'select', source: optionSource(kind) }) as const;

/** 流量主报表: a row per flow master; the page shows a chosen master's plans above the table. */
export const masterReport = defineContractResource({
  contract: masterReportContract,
  paging: 'generic',
  columns: [
    { field: 'masterName', width: 180 },
    { field: 'shareRate', width: 110 },
    ...figureColumns,
  ],
  filters: [select('flowMasterId', 'flowMaster'), RANGE_FILTER],
  sums: ['impressions', 'clicks', 'conversions', 'cost', 'share'],
  sumsFromAnswer: true,
  recordLabel: (row) => row.masterName,
}) as unknown as ResourceDef;

/** 计划报表: a row per plan with its budget, spend and state. */
export const planReport = defineContractResource({
  contract: planReportContract,
  paging: 'generic',
  columns: [
    { field: 'planName', width: 180 },
    { field: 'advertiserName', width: 150 },
    { field: 'state', width: 90 },
    { field: 'dailyBudget', width: 120, hiddenByDefault: true },
    { field: 'totalBudget', width: 120 },
    { field: 'spent', width: 120 },
    ...figureColumns,
  ],
  filters: [select('planId', 'plan'), select('advertiserId', 'advertiser'), 'state', RANGE_FILTER],
  sums: ['impressions', 'clicks', 'conversions', 'cost', 'share'],
  sumsFromAnswer: true,
  recordLabel: (row) => row.planName,
}) as unknown as ResourceDef;

/** 广告交易结果: a row per plan and day. */
export const transactionReport = defineContractResource({
  contract: transactionContract,
  paging: 'generic',
  columns: [
    { field: 'statDate', width: 110 },
    { field: 'planName', width: 180 },
    { field: 'advertiserName', width: 150 },
    ...figureColumns,
  ],
  filters: [select('planId', 'plan'), select('advertiserId', 'advertiser'), RANGE_FILTER],
  sums: ['impressions', 'clicks', 'conversions', 'cost', 'share'],
  sumsFromAnswer: true,
  recordLabel: (row) => `${row.planName} ${row.statDate}`,
}) as unknown as ResourceDef;
