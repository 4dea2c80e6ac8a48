import type { Kysely, Selectable } from 'kysely';
import type { DB, SupOrderTable } from '../../../db/schema.js';

export type SupOrderRow = Selectable<SupOrderTable>;

/** The order as stored now (amounts as numbers); undefined for another tenant's or a missing one. */
export async function orderRow(
  db: Kysely<DB>,
  tenantId: string,
  id: string,
): Promise<SupOrderRow | undefined> {
  const row = await db
    .selectFrom('bladeSupOrder')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return row && numeric(row);
}

const numeric = (row: SupOrderRow): SupOrderRow => ({
  ...row,
  quantity: Number(row.quantity),
  marketAmount: Number(row.marketAmount),
  actualAmount: Number(row.actualAmount),
  costAmount: Number(row.costAmount),
  refundedQuantity: Number(row.refundedQuantity),
  refundedAmount: Number(row.refundedAmount),
  attempts: Number(row.attempts),
  version: Number(row.version),
});
