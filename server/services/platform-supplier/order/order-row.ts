import { sql, type Kysely, type Selectable } from 'kysely';
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

/**
 * Writes an order's move to `to` (with `set`), conditional on the state and version it was read
 * with: whether this write won (`moveRecord` reads it again when it did not).
 */
export async function writeOrderMove(
  trx: Kysely<DB>,
  current: SupOrderRow,
  to: string,
  set: Record<string, unknown>,
): Promise<boolean> {
  const moved = await trx
    .updateTable('bladeSupOrder')
    .set({ ...set, state: to, version: sql<number>`version + 1` })
    .where('tenantId', '=', current.tenantId)
    .where('id', '=', current.id)
    .where('state', '=', current.state)
    .where('version', '=', current.version)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
