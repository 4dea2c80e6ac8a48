import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import type { DB } from '../../../db/schema.js';
import { couponCodeLifecycle } from '../../../../machines/lifecycles/coupon-code-machine.js';
import { transitionOrConflict } from '../lifecycle-guard.js';

/** unused -> issued, asked of the code's machine once. */
const ISSUED = transitionOrConflict(couponCodeLifecycle, 'unused', 'issue');

/** A code taken, sealed as stored. */
export interface TakenCode {
  id: string;
  codeCipher: string;
  pinCipher: string | null;
  validEnd: string | null;
}

/**
 * Takes `quantity` unused, not expired codes of a good for an order (domain.md "No overselling,
 * no double spending"), inside the caller's transaction. The codes ending soonest go first (codes
 * without an end last), then by id.
 *
 * PostgreSQL: the candidates are read `FOR UPDATE SKIP LOCKED`, so concurrent orders take
 * disjoint codes without waiting on each other, and the UPDATE is still conditional on
 * `state = 'unused'`. SQLite: the transaction holds the one connection (Kysely's driver
 * serialises everything on it), so one `UPDATE ... WHERE id IN (candidates) RETURNING` per pass
 * takes them: nothing can come between the read and the write.
 * Answers the codes taken, or how many were available when fewer than `quantity` could be taken (the caller rolls
 * back: nothing is kept).
 */
export async function allocateCodes(
  trx: Kysely<DB>,
  dialect: Dialect,
  a: { tenantId: string; goodId: string; quantity: number; orderId: string; now: string },
): Promise<{ codes: TakenCode[] } | { available: number }> {
  const candidates = (withEnd: boolean, limit: number) => {
    let q = trx
      .selectFrom('bladeSupCouponCode')
      .where('tenantId', '=', a.tenantId)
      .where('goodId', '=', a.goodId)
      .where('state', '=', 'unused')
      .where('isDeleted', '=', 0);
    q = withEnd
      ? q.where('validEnd', '>', a.now).orderBy('validEnd').orderBy('id')
      : q.where('validEnd', 'is', null).orderBy('id');
    return q.limit(limit);
  };
  const issue = trx.updateTable('bladeSupCouponCode').set({
    state: ISSUED,
    orderId: a.orderId,
    issueTime: a.now,
    updateTime: a.now,
    version: sql<number>`version + 1`,
  });
  if (dialect === 'sqlite') {
    // One statement per pass: the candidates and their update (the connection is ours).
    const take = (withEnd: boolean, limit: number) =>
      issue
        .where('id', 'in', candidates(withEnd, limit).select('id'))
        .returning(['id', 'codeCipher', 'pinCipher', 'validEnd'])
        .execute();
    const codes: TakenCode[] = await take(true, a.quantity);
    if (codes.length < a.quantity) codes.push(...(await take(false, a.quantity - codes.length)));
    if (codes.length < a.quantity) return { available: codes.length };
    // RETURNING has no order: soonest end first, then id (codes without an end last).
    codes.sort((x, y) =>
      x.validEnd === y.validEnd
        ? x.id.localeCompare(y.id)
        : x.validEnd === null
          ? 1
          : y.validEnd === null
            ? -1
            : x.validEnd.localeCompare(y.validEnd),
    );
    return { codes };
  }
  const locked = (withEnd: boolean, limit: number) =>
    candidates(withEnd, limit)
      .select(['id', 'codeCipher', 'pinCipher', 'validEnd'])
      .forUpdate()
      .skipLocked()
      .execute();
  const codes: TakenCode[] = await locked(true, a.quantity);
  if (codes.length < a.quantity) codes.push(...(await locked(false, a.quantity - codes.length)));
  if (codes.length < a.quantity) return { available: codes.length };
  const taken = await issue
    .where('tenantId', '=', a.tenantId)
    .where(
      'id',
      'in',
      codes.map((c) => c.id),
    )
    .where('state', '=', 'unused')
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== a.quantity)
    return { available: Number(taken.numUpdatedRows) };
  return { codes };
}
