import { CLIENT_SERVICE } from '../business-services';
import { defineContract, type Choice } from '../resource-contract';

/**
 * The app stock ledger (blade_client_app_stock_record, written only by server stock/ledger.ts)
 * as 库存记录 (/product/order/stock/curr-record; spec client-app-stock-record list, export).
 */
export interface AppStockRecord {
  id: string;
  createTime: string;
  appId: string;
  appName: string;
  productId: string;
  productName: string;
  changeType: string;
  /** Signed: what the change added (positive) or took (negative). */
  quantity: number;
  quantityAfter: number;
  reason: string | null;
  sourceNo: string | null;
  createUser: string | null;
  createUserName: string;
}

export const STOCK_CHANGE_TYPES = {
  add: { zh: '增加', en: 'Added', color: 'green' },
  deduct: { zh: '扣减', en: 'Deducted', color: 'orange' },
  order: { zh: '下单占用', en: 'Order', color: 'blue' },
  return: { zh: '退货归还', en: 'Return', color: 'teal' },
  fail: { zh: '失败归还', en: 'Failed order', color: 'red' },
} as const satisfies Record<string, Choice>;
export type StockChangeType = keyof typeof STOCK_CHANGE_TYPES;

const read = { readOnly: true } as const;

export const appStockRecordContract = defineContract<AppStockRecord>()({
  service: `${CLIENT_SERVICE}/client-app-stock-record`,
  route: '/product/order/stock/curr-record',
  title: { zh: '库存记录', en: 'Stock records' },
  menu: 'app_stock_record',
  buttons: ['view', 'export'],
  calls: { list: 'list', export: 'export' },
  export: { excelType: 'client-app-stock-record', fileName: '库存记录' },
  fields: {
    createTime: {
      label: { zh: '时间', en: 'Time' },
      kind: 'dateTime',
      filter: 'equal',
      sortable: true,
      export: { width: 20 },
      ...read,
    },
    appId: { label: { zh: '应用', en: 'App' }, ref: 'psclientApp', filter: 'equal', ...read },
    appName: { label: { zh: '应用', en: 'App' }, nameOf: 'appId', export: { width: 20 }, ...read },
    productId: {
      label: { zh: '产品', en: 'Product' },
      ref: 'psclientProduct',
      filter: 'equal',
      ...read,
    },
    productName: {
      label: { zh: '产品', en: 'Product' },
      nameOf: 'productId',
      export: { width: 24 },
      ...read,
    },
    changeType: {
      label: { zh: '类型', en: 'Type' },
      choices: STOCK_CHANGE_TYPES,
      filter: 'equal',
      export: { width: 12 },
      ...read,
    },
    quantity: {
      label: { zh: '数量', en: 'Quantity' },
      kind: 'integer',
      export: { width: 10 },
      ...read,
    },
    quantityAfter: {
      label: { zh: '变动后库存', en: 'After' },
      kind: 'integer',
      export: { width: 12 },
      ...read,
    },
    reason: { label: { zh: '原因', en: 'Reason' }, export: { width: 30 }, ...read },
    sourceNo: {
      label: { zh: '单号', en: 'Number' },
      filter: 'like',
      export: { width: 24 },
      ...read,
    },
    createUser: { label: { zh: '操作人', en: 'Operator' }, ref: 'user', ...read },
    createUserName: {
      label: { zh: '操作人', en: 'Operator' },
      nameOf: 'createUser',
      export: { width: 14 },
      ...read,
    },
  },
});
