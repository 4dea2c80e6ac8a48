import { SUPPLIER_SERVICE } from '../business-services';
import { defineContract, type Text } from '../resource-contract';

/**
 * Code exchange records (issue 18 item 2/3, /supplier/commodity-order/code-exchange-record): the
 * redemptions of coupon codes, reported by the supplier ('supplier') or found by renew-status
 * ('renew'); a cancelled redemption (sup-coupon-code-used/cancel) stays listed with
 * `cancelled` 1. `couponCode` is the full code for a caller holding
 * `code_exchange_record_view`, else the mask; the export is masked unless the caller also holds
 * `code_batch_export_plain`.
 */
export const EXCHANGE_SERVICE = `${SUPPLIER_SERVICE}/sup-coupon-code-exchange`;

export const CODE_EXCHANGE_CALLS = {
  /** GET paged; filters supId, goodId, source, cancelled, exchangeTime range, couponCode2. */
  list: `${EXCHANGE_SERVICE}/list`,
  /** POST async export with the list's filters. */
  export: `${EXCHANGE_SERVICE}/export`,
} as const;

export const CODE_EXCHANGE_BUTTONS = {
  menu: 'code_exchange_record',
  view: 'code_exchange_record_view',
  export: 'code_exchange_record_export',
} as const;

export const EXCHANGE_SOURCES = {
  supplier: { zh: '供应商上报', en: 'Supplier report' },
  renew: { zh: '状态刷新', en: 'Status renewal' },
} as const satisfies Record<string, Text>;

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
  filterAliases: {
    couponCode2: { label: { zh: '券码', en: 'Code' }, field: 'couponCode', filter: 'equal' },
  },
  fields: {
    couponCode: { label: { zh: '券码', en: 'Code' }, readOnly: true, export: { width: 30 } },
    codeMask: { label: { zh: '券码', en: 'Code' }, readOnly: true },
    supId: { label: { zh: '供应商', en: 'Supplier' }, readOnly: true, filter: 'equal' },
    supName: { label: { zh: '供应商', en: 'Supplier' }, readOnly: true, export: { width: 20 } },
    goodId: { label: { zh: '商品', en: 'Good' }, readOnly: true, filter: 'equal' },
    goodName: { label: { zh: '商品名称', en: 'Good' }, readOnly: true, export: { width: 24 } },
    orderNo: { label: { zh: '订单号', en: 'Order no.' }, readOnly: true, export: { width: 24 } },
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
    source: { label: { zh: '来源', en: 'Source' }, readOnly: true, filter: 'equal' },
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
