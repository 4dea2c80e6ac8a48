import { SUPPLIER_SERVICE } from '../business-services';
import { defineContract, type Choice } from '../resource-contract';

/**
 * Code exchange records (issue 18 item 2/3, /supplier/commodity-order/code-exchange-record): the
 * redemptions of coupon codes, reported by the supplier ('supplier') or found by renew-status
 * ('renew'); a cancelled redemption (sup-coupon-code-used/cancel) stays listed with
 * `cancelled` 1. `couponCode` is the full code for a caller holding
 * `code_exchange_record_view`, else the mask; the export is masked unless the caller also holds
 * `code_batch_export_plain`.
 */
export const EXCHANGE_SERVICE = `${SUPPLIER_SERVICE}/sup-coupon-code-exchange`;

export const CODE_EXCHANGE_BUTTONS = {
  menu: 'code_exchange_record',
  view: 'code_exchange_record_view',
  export: 'code_exchange_record_export',
} as const;

export const EXCHANGE_SOURCES = {
  supplier: { zh: '供应商上报', en: 'Supplier report', color: 'blue' },
  renew: { zh: '状态刷新', en: 'Status renewal', color: 'teal' },
} as const satisfies Record<string, Choice>;

export interface SupCouponCodeExchange {
  id: string;
  codeId: string;
  couponCode: string;
  codeMask: string;
  supId: string;
  supName: string;
  goodId: string;
  goodName: string;
  orderId: string | null;
  orderNo: string | null;
  storeCode: string | null;
  storeName: string | null;
  exchangeTime: string;
  /** 'supplier' | 'renew' */
  source: string;
  sourceName: string;
  /** 1 when the redemption was cancelled. */
  cancelled: number;
  cancelTime: string | null;
}

export const supCouponCodeExchangeContract = defineContract<SupCouponCodeExchange>()({
  service: EXCHANGE_SERVICE,
  route: '/supplier/commodity-order/code-exchange-record',
  title: { zh: '券码兑换记录', en: 'Code exchange record' },
  menu: 'code_exchange_record',
  buttons: ['view', 'export'],
  export: { excelType: 'sup-coupon-code-exchange', fileName: '券码兑换记录' },
  /** GET paged list; POST (or GET) export with the list's filters. */
  calls: { list: 'list', export: 'export' },
  filterAliases: {
    // RSA-encrypted, matched by the code's digests (the server's `narrow`).
    couponCode2: {
      label: { zh: '券码', en: 'Code' },
      field: 'couponCode',
      filter: 'equal',
      byServer: true,
    },
  },
  fields: {
    codeId: { label: { zh: '券码编号', en: 'Code id' }, readOnly: true },
    couponCode: { label: { zh: '券码', en: 'Code' }, readOnly: true, export: { width: 30 } },
    codeMask: { label: { zh: '券码', en: 'Code' }, readOnly: true },
    supId: { label: { zh: '供应商', en: 'Supplier' }, readOnly: true, ref: 'sup', filter: 'equal' },
    supName: {
      label: { zh: '供应商', en: 'Supplier' },
      readOnly: true,
      nameOf: 'supId',
      export: { width: 20 },
    },
    goodId: { label: { zh: '商品', en: 'Good' }, readOnly: true, ref: 'supGood', filter: 'equal' },
    goodName: {
      label: { zh: '商品名称', en: 'Good' },
      readOnly: true,
      nameOf: 'goodId',
      export: { width: 24 },
    },
    orderId: { label: { zh: '订单', en: 'Order' }, readOnly: true, ref: 'supOrder' },
    orderNo: {
      label: { zh: '订单号', en: 'Order no.' },
      readOnly: true,
      nameOf: 'orderId',
      export: { width: 24 },
    },
    storeCode: {
      label: { zh: '门店编码', en: 'Store code' },
      readOnly: true,
      export: { width: 16 },
    },
    storeName: {
      label: { zh: '兑换门店', en: 'Store' },
      readOnly: true,
      filter: 'like',
      export: { width: 20 },
    },
    exchangeTime: {
      label: { zh: '兑换时间', en: 'Redeemed' },
      kind: 'dateTime',
      readOnly: true,
      filter: 'like',
      sortable: true,
      export: { width: 20 },
    },
    source: {
      label: { zh: '来源', en: 'Source' },
      readOnly: true,
      choices: EXCHANGE_SOURCES,
      filter: 'equal',
    },
    /** The source's zh label (answered for the clients that read it; the export's column). */
    sourceName: { label: { zh: '来源', en: 'Source' }, readOnly: true, export: { width: 12 } },
    cancelled: {
      label: { zh: '已撤销', en: 'Cancelled' },
      kind: 'integer',
      readOnly: true,
      filter: 'equal',
      export: { width: 8 },
    },
    cancelTime: {
      label: { zh: '撤销时间', en: 'Cancelled at' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
  },
});
