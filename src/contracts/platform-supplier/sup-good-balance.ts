import { SUPPLIER_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';

export const SUP_GOOD_BALANCE = `${SUPPLIER_SERVICE}/sup-good-balance-total`;
export const SUP_GOOD_BALANCE_RECORD = `${SUPPLIER_SERVICE}/sup-good-balance-record`;

/**
 * A good with its quota (sup-good-balance-total list): one row per good of the tenant; `id` is
 * the good's id. A good without a quota row is charged to its supplier's balance (balanceType 1)
 * and has no balance of its own (null amounts).
 */
export interface SupGoodBalance {
  /** The good's id. */
  id: string;
  goodId: string;
  goodCode: string;
  goodName: string;
  supId: string;
  supName: string;
  /** The quota row's id; null while the good has none. */
  balanceId: string | null;
  /** Dictionary sup_good_balance_type: 1 charged to the supplier's balance, 2 the good's own quota. */
  balanceType: number;
  balanceTypeName: string;
  /** Yuan; null without a quota row. */
  balance: number | null;
  overdraftLimit: number | null;
  warningAmount: number | null;
  /** 1 when the good's own quota (type 2) is below its warning amount. */
  belowWarning: number;
  updateTime: string | null;
}

export const GOOD_BALANCE_TYPES = [
  { value: '1', label: { zh: '扣供应商余额', en: "Supplier's balance" }, color: 'gray' },
  { value: '2', label: { zh: '商品独立额度', en: 'Own quota' }, color: 'blue' },
] as const;

export const supGoodBalanceContract = defineContract<SupGoodBalance>()({
  service: SUP_GOOD_BALANCE,
  route: '/supplier/supplier-quota/commodity-list',
  title: { zh: '商品额度', en: 'Goods quota' },
  menu: 'goods_quota',
  buttons: ['view', 'export'],
  export: { excelType: 'sup-good-balance', fileName: '商品额度' },
  fields: {
    supId: { label: { zh: '供应商', en: 'Supplier' }, readOnly: true, filter: 'equal' },
    supName: { label: { zh: '供应商', en: 'Supplier' }, readOnly: true, export: { width: 20 } },
    goodCode: {
      label: { zh: '商品编码', en: 'Good code' },
      readOnly: true,
      filter: 'like',
      sortable: true,
      export: { width: 20 },
    },
    goodName: {
      label: { zh: '商品名称', en: 'Good' },
      readOnly: true,
      filter: 'like',
      export: { width: 28 },
    },
    balanceType: {
      label: { zh: '额度类型', en: 'Quota type' },
      kind: 'integer',
      dict: 'sup_good_balance_type',
      readOnly: true,
      filter: 'equal',
    },
    balanceTypeName: {
      label: { zh: '额度类型', en: 'Quota type' },
      readOnly: true,
      export: { width: 14 },
    },
    balance: {
      label: { zh: '额度余额', en: 'Balance' },
      kind: 'money',
      readOnly: true,
      sortable: true,
      export: { width: 14 },
    },
    overdraftLimit: {
      label: { zh: '透支额度', en: 'Overdraft limit' },
      kind: 'money',
      readOnly: true,
      export: { width: 14 },
    },
    warningAmount: {
      label: { zh: '预警金额', en: 'Warning amount' },
      kind: 'money',
      readOnly: true,
      export: { width: 14 },
    },
    belowWarning: { label: { zh: '预警状态', en: 'Warning' }, kind: 'integer', readOnly: true },
    updateTime: {
      label: { zh: '更新时间', en: 'Updated' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
  },
});
