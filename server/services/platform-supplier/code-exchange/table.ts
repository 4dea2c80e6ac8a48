import {
  CODE_EXCHANGE_BUTTONS as EXCHANGE,
  EXCHANGE_SOURCES,
  supCouponCodeExchangeContract as contract,
} from '../../../../src/contracts/platform-supplier/code-exchange.js';
import { CODE_BATCH_BUTTONS } from '../../../../src/contracts/platform-supplier/coupon-code.js';
import { chunks } from '../../../lib/chunks.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';
import { codeIdsOf, seesPlain, shownCode } from '../coupon-code/common.js';

/**
 * The code as the caller may see it: the list shows it whole to code_exchange_record_view, the
 * sheet only to code_batch_export_plain (as every code export); else the mask.
 */
async function codesShown(call: TableCall, codeIds: readonly string[]) {
  const plain = await seesPlain(call.ctx, call.user, [
    call.use === 'export' ? CODE_BATCH_BUTTONS.exportPlain : EXCHANGE.view,
  ]);
  const shown = new Map<string, { couponCode: string; codeMask: string }>();
  for (const part of chunks([...new Set(codeIds)]))
    for (const code of await call.db
      .selectFrom('bladeSupCouponCode')
      .select(['id', 'codeCipher', 'codeMask'])
      .where('tenantId', '=', call.user.tenantId)
      .where('id', 'in', part)
      .execute())
      shown.set(code.id, {
        couponCode: shownCode(call.ctx, plain, code).couponCode,
        codeMask: code.codeMask,
      });
  return shown;
}

/**
 * Code exchange records (/supplier/commodity-order/code-exchange-record): the redemptions of the
 * tenant's codes, newest first, with the supplier's, good's and order's names. Written by
 * renew-status and supplier reports only: no submit, remove or detail route.
 */
export default defineContractTable({
  contract,
  table: 'bladeSupCouponCodeExchange',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { exchangeTime: 'desc', id: 'desc' },
  readColumns: [
    'codeId',
    'supId',
    'goodId',
    'orderId',
    'storeCode',
    'storeName',
    'exchangeTime',
    'source',
    'cancelled',
    'cancelTime',
  ],
  own: ['submit', 'remove', 'detail'],
  // A cancelled flag that is not a whole number matches nothing (as before), not a 400.
  list: { filters: { cancelled: { column: 'cancelled', default: 'equal', type: 'int' } } },
  narrow: async (call, query) => {
    const ids = await codeIdsOf(call, query.couponCode2);
    return ids && ((eb) => eb('codeId', 'in', ids.length > 0 ? ids : ['']));
  },
  decorate: async (call, rows) => {
    const codes = await codesShown(
      call,
      rows.map((r) => r.codeId),
    );
    return rows.map((r) => ({
      ...r,
      couponCode: codes.get(r.codeId)?.couponCode ?? '',
      codeMask: codes.get(r.codeId)?.codeMask ?? '',
      sourceName: EXCHANGE_SOURCES[r.source as keyof typeof EXCHANGE_SOURCES]?.zh ?? r.source,
    }));
  },
});
