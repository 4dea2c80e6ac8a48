import { SUPPLIER_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';

export const ALL_BALANCE_RECORD = `${SUPPLIER_SERVICE}/all-balance-record`;
/** The time range of the list: at most this many days. */
export const RECORD_MAX_DAYS = 31;

/** One ledger row of either ledger (supplier balances and goods' own quotas), newest first. */
export interface BalanceRecordRow {
  id: string;
  /** 'supplier' | 'good': which ledger. */
  kind: string;
  supId: string;
  supName: string;
  /** '' for a supplier's balance. */
  goodId: string;
  goodName: string;
  /** 'init' | 'add' | 'deduct' | 'order' | 'refund' | 'reissue' | 'cancel'. */
  changeType: string;
  changeTypeName: string;
  /** Signed yuan. */
  amount: number;
  balanceAfter: number;
  reason: string | null;
  sourceNo: string | null;
  /** 1 when the change has an attachment (get-file). */
  hasFile: number;
  fileName: string | null;
  createUserName: string;
  createTime: string;
}

export const CHANGE_TYPES = [
  { value: 'init', label: { zh: '初始化', en: 'Opening' }, color: 'gray' },
  { value: 'add', label: { zh: '增加', en: 'Added' }, color: 'green' },
  { value: 'deduct', label: { zh: '扣减', en: 'Deducted' }, color: 'orange' },
  { value: 'order', label: { zh: '订单扣款', en: 'Order' }, color: 'blue' },
  { value: 'refund', label: { zh: '退款返还', en: 'Refund' }, color: 'teal' },
  { value: 'reissue', label: { zh: '补发扣款', en: 'Reissue' }, color: 'violet' },
  { value: 'cancel', label: { zh: '取消返还', en: 'Cancelled' }, color: 'cyan' },
] as const;

export const allBalanceRecordContract = defineContract<BalanceRecordRow>()({
  service: ALL_BALANCE_RECORD,
  route: '/supplier/supplier-quota/amount-change-flow',
  title: { zh: '额度变动流水', en: 'Quota changes' },
  menu: 'quota_change_flow',
  buttons: ['view', 'export'],
  export: { excelType: 'all-balance-record', fileName: '额度变动流水' },
  filterAliases: {
    goodCode: { label: { zh: '商品编码', en: 'Good code' }, field: 'goodName', filter: 'like' },
  },
  fields: {
    createTime: {
      label: { zh: '变动时间', en: 'Time' },
      kind: 'dateTime',
      readOnly: true,
      filter: 'equal',
      export: { width: 20 },
    },
    supId: { label: { zh: '供应商', en: 'Supplier' }, readOnly: true, filter: 'equal' },
    supName: { label: { zh: '供应商', en: 'Supplier' }, readOnly: true, export: { width: 20 } },
    goodId: { label: { zh: '商品', en: 'Good' }, readOnly: true, filter: 'equal' },
    goodName: { label: { zh: '商品', en: 'Good' }, readOnly: true, export: { width: 24 } },
    changeType: {
      label: { zh: '变动类型', en: 'Change' },
      readOnly: true,
      filter: 'equal',
    },
    changeTypeName: {
      label: { zh: '变动类型', en: 'Change' },
      readOnly: true,
      export: { width: 12 },
    },
    amount: {
      label: { zh: '变动金额', en: 'Amount' },
      kind: 'money',
      readOnly: true,
      export: { width: 14 },
    },
    balanceAfter: {
      label: { zh: '变动后余额', en: 'Balance after' },
      kind: 'money',
      readOnly: true,
      export: { width: 14 },
    },
    reason: { label: { zh: '变动原因', en: 'Reason' }, readOnly: true, export: { width: 30 } },
    sourceNo: { label: { zh: '来源单号', en: 'Source' }, readOnly: true, export: { width: 22 } },
    fileName: { label: { zh: '附件', en: 'Attachment' }, readOnly: true, export: { width: 20 } },
    createUserName: {
      label: { zh: '操作人', en: 'Operator' },
      readOnly: true,
      export: { width: 14 },
    },
    hasFile: { label: { zh: '附件', en: 'Attachment' }, kind: 'integer', readOnly: true },
    kind: { label: { zh: '账户', en: 'Account' }, readOnly: true },
  },
});
