import { defineContract } from '../resource-contract';
import { ADVERT } from './advert';

/**
 * A flow master (traffic owner, /ad/webmaster): whose positions carry ads and who gets a revenue
 * share (a percent with at most 2 decimals on the wire, basis points at rest). Phone sealed and
 * masked like the advertisers'; the settlement account sealed and only ever answered masked.
 */
export interface FlowMaster {
  id: string;
  masterName: string;
  contactName: string | null;
  contactPhone: string;
  /** Their positions (comma-joined ad position ids). */
  positionIds: string | null;
  /** Percent (12.5 = 12.5 %). */
  shareRate: number;
  settleAccount: string;
  enabled: number;
  version: number;
  createTime: string;
}

/** flowMaster/detailReport?id=: their positions and the plans on them (reports come next round). */
export interface FlowMasterDetail {
  id: string;
  masterName: string;
  shareRate: number;
  positions: { id: string; positionCode: string; positionName: string }[];
  plans: { id: string; planName: string; state: string; startDate: string; endDate: string }[];
  /** Their profit flow so far, yuan. */
  shareTotal: number;
}

export const FLOW_MASTER_CALLS = {
  detailReport: `${ADVERT}/flowMaster/detailReport`,
} as const;

export const flowMasterContract = defineContract<FlowMaster>()({
  service: `${ADVERT}/flowMaster`,
  route: '/ad/webmaster',
  title: { zh: '流量主', en: 'Traffic owner' },
  menu: 'flow_master',
  buttons: ['add', 'edit', 'delete', 'view', 'export'],
  calls: {
    list: 'list',
    submit: 'add',
    detail: 'get',
    remove: 'delete',
    export: 'exportReport',
  },
  export: { excelType: 'flow-master', fileName: '流量主列表' },
  fields: {
    masterName: {
      label: { zh: '流量主名称', en: 'Traffic owner' },
      required: { zh: '请输入流量主名称', en: 'Please enter the name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
      export: { width: 24 },
    },
    contactName: { label: { zh: '联系人', en: 'Contact' }, maxLength: 50, export: { width: 12 } },
    contactPhone: {
      label: { zh: '联系电话', en: 'Contact phone' },
      maxLength: 11,
      pattern: {
        regex: /^1\d{10}$/,
        message: { zh: '请输入正确的手机号', en: 'Please enter a valid mobile number' },
      },
      export: { width: 14 },
    },
    positionIds: { label: { zh: '广告位', en: 'Positions' }, maxLength: 2000 },
    shareRate: {
      label: { zh: '分成比例(%)', en: 'Revenue share (%)' },
      kind: 'decimal',
      required: { zh: '请输入分成比例', en: 'Please enter the revenue share' },
      sortable: true,
      export: { width: 12 },
    },
    settleAccount: {
      label: { zh: '结算账号', en: 'Settlement account' },
      maxLength: 32,
      export: { width: 20 },
    },
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      kind: 'switch',
      emptyAs: 1,
      filter: 'equal',
      export: { width: 8 },
    },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
      export: { width: 20 },
    },
  },
});

/**
 * A revenue share record (profit-flow/listProfitFlow): what a flow master earns from a plan on
 * one of their positions at a lot on a day. Next round's roll-up writes them from delivery
 * events; the demo writes a few. Read by the flow master screen.
 */
export interface ProfitFlow {
  id: string;
  flowMasterId: string;
  masterName: string;
  planId: string;
  planName: string;
  positionId: string;
  lotId: string | null;
  flowDate: string;
  /** Yuan. */
  revenue: number;
  /** Basis points at rest, percent on the wire. */
  shareRate: number;
  shareAmount: number;
  createTime: string;
}

export const profitFlowContract = defineContract<ProfitFlow>()({
  service: `${ADVERT}/profit-flow`,
  route: '/ad/webmaster',
  title: { zh: '分润流水', en: 'Profit flow' },
  menu: 'flow_master',
  buttons: ['view'],
  calls: { list: 'listProfitFlow' },
  fields: {
    flowMasterId: {
      label: { zh: '流量主', en: 'Traffic owner' },
      readOnly: true,
      ref: 'flowMaster',
      filter: 'equal',
    },
    masterName: {
      label: { zh: '流量主', en: 'Traffic owner' },
      readOnly: true,
      nameOf: 'flowMasterId',
    },
    planId: {
      label: { zh: '广告计划', en: 'Plan' },
      readOnly: true,
      ref: 'adPlan',
      filter: 'equal',
    },
    planName: { label: { zh: '广告计划', en: 'Plan' }, readOnly: true, nameOf: 'planId' },
    positionId: { label: { zh: '广告位', en: 'Position' }, readOnly: true },
    lotId: { label: { zh: '停车场', en: 'Parking lot' }, readOnly: true },
    flowDate: {
      label: { zh: '日期', en: 'Date' },
      kind: 'date',
      readOnly: true,
      filter: 'equal',
      sortable: true,
    },
    revenue: { label: { zh: '广告收入', en: 'Revenue' }, kind: 'money', readOnly: true },
    shareRate: { label: { zh: '分成比例(%)', en: 'Share (%)' }, kind: 'decimal', readOnly: true },
    shareAmount: {
      label: { zh: '分润金额', en: 'Share' },
      kind: 'money',
      readOnly: true,
      sortable: true,
    },
    createTime: { label: { zh: '创建时间', en: 'Created' }, kind: 'dateTime', readOnly: true },
  },
});
