import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import type { DB } from '../../../db/schema.js';

/**
 * Takes `quantity` unused, not expired codes of a good for an order (domain.md "No overselling,
 * no double spending"), inside the caller's transaction. The codes ending soonest go first (codes
 * without an end last), then by id.
 *
 * PostgreSQL: the candidates are read `FOR UPDATE SKIP LOCKED`, so concurrent orders take
 * disjoint codes without waiting on each other, and the UPDATE is still conditional on
 * `state = 'unused'`. SQLite: the transaction holds the one connection (Kysely's driver
 * serialises everything on it), so nothing can take a candidate between the read and the write.
 * Answers the ids taken, or undefined when fewer than `quantity` could be taken (the caller rolls
 * back: nothing is kept).
 */
export async function allocateCodes(
  trx: Kysely<DB>,
  dialect: Dialect,
  a: { tenantId: string; goodId: string; quantity: number; orderId: string; now: string },
): Promise<{ ids: string[] } | { available: number }> {
  const candidates = (withEnd: boolean, limit: number) => {
    let q = trx
      .selectFrom('bladeSupCouponCode')
      .select('id')
      .where('tenantId', '=', a.tenantId)
      .where('goodId', '=', a.goodId)
      .where('state', '=', 'unused')
      .where('isDeleted', '=', 0);
    q = withEnd
      ? q.where('validEnd', '>', a.now).orderBy('validEnd').orderBy('id')
      : q.where('validEnd', 'is', null).orderBy('id');
    q = q.limit(limit);
    return dialect === 'postgres' ? q.forUpdate().skipLocked() : q;
  };
  const ids = (await candidates(true, a.quantity).execute()).map((r) => r.id);
  if (ids.length < a.quantity)
    ids.push(...(await candidates(false, a.quantity - ids.length).execute()).map((r) => r.id));
  if (ids.length < a.quantity) return { available: ids.length };
  const taken = await trx
    .updateTable('bladeSupCouponCode')
    .set({
      state: 'issued',
      orderId: a.orderId,
      issueTime: a.now,
      updateTime: a.now,
      version: sql<number>`version + 1`,
    })
    .where('tenantId', '=', a.tenantId)
    .where('id', 'in', ids)
    .where('state', '=', 'unused')
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== a.quantity)
    return { available: Number(taken.numUpdatedRows) };
  return { ids };
}
