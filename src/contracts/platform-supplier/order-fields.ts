/**
 * Fields the supplier order, refund and error-order contracts share (all answered, never
 * written): the supplier and good (ids filter, names export) and the amounts in yuan.
 */
export const SUPPLIER_AND_GOOD = {
  supId: { label: { zh: '供应商', en: 'Supplier' }, readOnly: true, filter: 'equal' },
  supName: { label: { zh: '供应商', en: 'Supplier' }, readOnly: true, export: { width: 20 } },
  goodId: { label: { zh: '商品', en: 'Good' }, readOnly: true, filter: 'equal' },
  goodName: { label: { zh: '商品名称', en: 'Good' }, readOnly: true, export: { width: 24 } },
} as const;

const amount = (zh: string, en: string) =>
  ({ label: { zh, en }, kind: 'money', readOnly: true, export: { width: 12 } }) as const;

/** Face value, what the client paid and what the balance was charged (totals, yuan). */
export const ORDER_AMOUNTS = {
  marketAmount: amount('面值金额', 'Face value'),
  actualAmount: amount('实付金额', 'Paid'),
  costAmount: amount('成本金额', 'Cost'),
} as const;

/** The same amounts, each a sort of the list. */
export const SORTABLE_ORDER_AMOUNTS = {
  marketAmount: { ...ORDER_AMOUNTS.marketAmount, sortable: true },
  actualAmount: { ...ORDER_AMOUNTS.actualAmount, sortable: true },
  costAmount: { ...ORDER_AMOUNTS.costAmount, sortable: true },
} as const;
