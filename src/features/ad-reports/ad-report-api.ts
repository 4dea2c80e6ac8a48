import { api } from '../../api/api';
import {
  AD_REPORT,
  AD_REPORT_CALLS,
  type AdDays,
  type AdFigures,
  type AdReportPage,
  type AdReportRange,
  type AdTimes,
  type PlanReportRow,
} from '../../contracts/platform-ad/ad-report';

type Params = Record<string, string>;

/**
 * The ad report calls the pages make beside their declared lists (contracts/platform-ad/
 * ad-report.ts): the days and minutes (POST, the filters as the JSON body), the statistics and a
 * flow master's plans. Cached under the reports' service tag, like the declared lists.
 */
export const adReportApi = api.injectEndpoints({
  endpoints: (build) => ({
    adReportDays: build.query<AdDays, Params>({
      query: (body) => ({ url: `${AD_REPORT}/${AD_REPORT_CALLS.days}`, method: 'POST', body }),
    }),
    adReportTimes: build.query<AdTimes, Params>({
      query: (body) => ({
        url: `${AD_REPORT}/${AD_REPORT_CALLS.times}`,
        method: 'POST',
        body,
      }),
    }),
    adReportStatistics: build.query<{ range: AdReportRange; sums: AdFigures }, Params>({
      query: (params) => ({ url: `${AD_REPORT}/${AD_REPORT_CALLS.queryStatistics}`, params }),
    }),
    adReportMasterPlans: build.query<AdReportPage<PlanReportRow>, Params>({
      query: (params) => ({
        url: `${AD_REPORT}/${AD_REPORT_CALLS.masterPlan}`,
        params: { size: '500', ...params },
      }),
    }),
  }),
});

export const {
  useAdReportDaysQuery,
  useAdReportTimesQuery,
  useAdReportStatisticsQuery,
  useAdReportMasterPlansQuery,
} = adReportApi;
