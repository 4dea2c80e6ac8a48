import { defineContract } from '../resource-contract';

/**
 * Report management (issue 28 item 6; spec.md "Others": blade-report GET report/rest/list, POST
 * remove(ids)): the saved report definitions behind the finance and ad reports, one set for the
 * whole platform, listed and removed by the super administrator only (no menu screen: the menu
 * seed has none, the calls are served).
 */
export const REPORT_SERVICE = 'blade-report/report/rest';

export interface ReportDef {
  id: string;
  name: string;
  reportCode: string;
  category: string;
  /** The console route the report is shown on. */
  route: string;
  remark: string | null;
  createTime: string;
  updateTime: string | null;
}

export const REPORT_CATEGORIES = {
  finance: { zh: '财务报表', en: 'Finance', color: 'blue' },
  ad: { zh: '广告报表', en: 'Advertising', color: 'grape' },
} as const;

export const reportDefContract = defineContract<ReportDef>()({
  service: REPORT_SERVICE,
  route: '/report/rest',
  title: { zh: '报表', en: 'Report' },
  menu: 'report_rest',
  buttons: [],
  fields: {
    name: {
      label: { zh: '报表名称', en: 'Name' },
      readOnly: true,
      filter: 'like',
      sortable: true,
    },
    reportCode: { label: { zh: '报表编码', en: 'Code' }, readOnly: true, filter: 'equal' },
    category: {
      label: { zh: '分类', en: 'Category' },
      readOnly: true,
      choices: REPORT_CATEGORIES,
      filter: 'equal',
    },
    route: { label: { zh: '页面', en: 'Page' }, readOnly: true },
    remark: { label: { zh: '说明', en: 'Remark' }, readOnly: true },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
    updateTime: { label: { zh: '更新时间', en: 'Updated' }, kind: 'dateTime', readOnly: true },
  },
});
