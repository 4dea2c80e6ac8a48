import { pricePlanContract } from '../../../../src/contracts/platform-client/price-plan.js';
import { chunks } from '../../../lib/chunks.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';

/** Each plan's product code (a removed product's too: the history stays readable). */
async function withProductCodes(call: TableCall, rows: { productId: string }[]) {
  const codes = new Map<string, string>();
  for (const part of chunks([...new Set(rows.map((r) => r.productId))]))
    for (const p of await call.db
      .selectFrom('bladePsclientProduct')
      .select(['id', 'productCode'])
      .where('tenantId', '=', call.user.tenantId)
      .where('id', 'in', part)
      .execute())
      codes.set(p.id, p.productCode);
  return rows.map((r) => ({ ...r, productCode: codes.get(r.productId) ?? '' }));
}

/**
 * `${CLIENT_SERVICE}/price-management` list and detail (issue 27 item 7), declared: plans are
 * written only by the job calls (routes.ts) and the scheduler, never by the engine's submit.
 */
export default defineContractTable({
  contract: pricePlanContract,
  table: 'bladePricePlan',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { effectiveTime: 'desc', id: 'desc' },
  readColumns: [
    'oldPrice',
    'state',
    'appliedTime',
    'appliedPrice',
    'voidUser',
    'voidTime',
    'voidReason',
  ],
  own: ['submit', 'remove'],
  decorate: withProductCodes,
});
