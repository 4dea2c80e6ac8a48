import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import { prepared } from '../../../db/prepared.js';
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

// Read on every order (prepared.ts: built once).
const byId = prepared<{ tenantId: string; id: string }>()((db, arg) =>
  db
    .selectFrom('bladeClientProductOrder')
    .selectAll()
    .where('tenantId', '=', arg('tenantId'))
    .where('id', '=', arg('id'))
    .where('isDeleted', '=', 0),
);
const byOutNo = prepared<{ appId: string; outOrderNo: string }>()((db, arg) =>
  db
    .selectFrom('bladeClientProductOrder')
    .selectAll()
    .where('appId', '=', arg('appId'))
    .where('outOrderNo', '=', arg('outOrderNo')),
);

/** A client order as stored now; undefined for another tenant's or a missing one. */
export async function clientOrderRow(
  db: Kysely<DB>,
  tenantId: string,
  id: string,
): Promise<ClientOrderRow | undefined> {
  const row = await byId.first(db, { tenantId, id });
  return row && numeric(row);
}

/** An app's order by its own number (outOrderNo is unique per app, for ever). */
export async function clientOrderByOutNo(
  db: Kysely<DB>,
  appId: string,
  outOrderNo: string,
): Promise<ClientOrderRow | undefined> {
  const row = await byOutNo.first(db, { appId, outOrderNo });
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
