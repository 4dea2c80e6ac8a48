import { SUPPLIER_SERVICE } from '../business-services';

/**
 * GET sup-good/warning-list (issue 17 item 6): goods of the caller's tenant whose unused stock
 * is below their stockWarn, or whose codes end within validTimeWarn days; `size` (default 5, at
 * most 50) of them with the counts. Read with the goods screen's codes.
 */
export const GOOD_WARNING_LIST = `${SUPPLIER_SERVICE}/sup-good/warning-list`;
/** Who may read it: the goods screen (menu) or its view button. */
export const GOOD_WARNING_CODES = ['supplier_goods', 'supplier_goods_view'] as const;
/** Where a warning leads. */
export const GOODS_ROUTE = '/supplier/commodity-list';

/** One good that needs attention. */
export interface GoodWarning {
  goodId: string;
  goodCode: string;
  goodName: string;
  supId: string;
  supName: string;
  /** 'stock': unused codes below stockWarn; 'expiry': codes ending within validTimeWarn days. */
  kind: 'stock' | 'expiry';
  stockWarn: number | null;
  /** Unused coupon codes in stock. */
  unusedStock: number;
  validTimeWarn: number | null;
  /** Unused codes that end within validTimeWarn days, and the earliest end among them. */
  expiringCount: number;
  nearestExpiry: string;
}

export interface GoodWarnings {
  /** Warnings in all (a good with both kinds counts once per kind). */
  total: number;
  stockCount: number;
  expiryCount: number;
  /** The first `size`: stock warnings by the largest shortfall, then expiries. */
  records: GoodWarning[];
}
