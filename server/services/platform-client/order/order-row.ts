import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { ClientProductOrderTable, DB } from '../../../db/schema.js';

export type ClientOrderRow = Selectable<ClientProductOrderTable>;

const numeric = (row: ClientOrderRow): ClientOrderRow => ({
  ...row,
  quantity: Number(row.quantity),
  salePrice: Number(row.salePrice),
  amount: Number(row.amount),
  returnedQuantity: Number(row.returnedQuantity),
  returnedAmount: Number(row.returnedAmount),
  version: Number(row.version),
});

/** A client order as stored now; undefined for another tenant's or a missing one. */
export async function clientOrderRow(
  db: Kysely<DB>,
  tenantId: string,
  id: string,
): Promise<ClientOrderRow | undefined> {
  const row = await db
    .selectFrom('bladeClientProductOrder')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return row && numeric(row);
}

/** An app's order by its own number (outOrderNo is unique per app, for ever). */
export async function clientOrderByOutNo(
  db: Kysely<DB>,
  appId: string,
  outOrderNo: string,
): Promise<ClientOrderRow | undefined> {
  const row = await db
    .selectFrom('bladeClientProductOrder')
    .selectAll()
    .where('appId', '=', appId)
    .where('outOrderNo', '=', outOrderNo)
    .executeTakeFirst();
  return row && numeric(row);
}

/**
 * Writes an order's move to `to` (with `set`), conditional on the state and version it was read
 * with: whether this write won (`moveRecord` reads it again when it did not).
 */
export async function writeClientOrderMove(
  trx: Kysely<DB>,
  current: Pick<ClientOrderRow, 'tenantId' | 'id' | 'state' | 'version'>,
  to: string,
  set: Updateable<ClientProductOrderTable>,
): Promise<boolean> {
  const moved = await trx
    .updateTable('bladeClientProductOrder')
    .set({ ...set, state: to, version: sql<number>`version + 1` })
    .where('tenantId', '=', current.tenantId)
    .where('id', '=', current.id)
    .where('state', '=', current.state)
    .where('version', '=', current.version)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
