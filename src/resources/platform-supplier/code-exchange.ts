import { supCouponCodeExchangeContract } from '../../contracts/platform-supplier/code-exchange';
import { defineContractResource } from '../contract-resource';
import type { ValueOption } from '../types';

/** `cancelled` is a 1/0 flag (exported as the number): its tag and filter are the screen's. */
const CANCELLED: readonly ValueOption[] = [
  { value: '1', label: { zh: '已撤销', en: 'Cancelled' }, color: 'gray' },
  { value: '0', label: { zh: '有效', en: 'Valid' }, color: 'green' },
];

/**
 * 券码兑换记录 (issue 18 item 2): the redemptions the supplier reported or renew-status found;
 * a cancelled one stays listed, marked. The code shows as the server answers it (full or masked);
 * the exact-code filter travels RSA-encrypted. The source's tag and select come from its choices,
 * the supplier and good selects from their references (contracts/references.ts).
 */
export default defineContractResource({
  contract: supCouponCodeExchangeContract,
  paging: 'generic',
  columns: [
    { field: 'couponCode', width: 220 },
    { field: 'goodName', width: 180 },
    { field: 'supName', width: 140 },
    { field: 'orderNo', width: 190 },
    { field: 'storeName', width: 160 },
    { field: 'storeCode', width: 120, hiddenByDefault: true },
    { field: 'exchangeTime', width: 170 },
    { field: 'source', width: 110 },
    { field: 'cancelled', kind: 'status', options: CANCELLED, width: 90 },
    { field: 'cancelTime', width: 170, hiddenByDefault: true },
  ],
  filters: [
    { name: 'couponCode2', encrypted: true },
    'goodId',
    'supId',
    'storeName',
    'source',
    { name: 'cancelled', kind: 'select', options: CANCELLED },
    'exchangeTime',
  ],
  recordLabel: (record) => record.couponCode || record.codeMask,
});
