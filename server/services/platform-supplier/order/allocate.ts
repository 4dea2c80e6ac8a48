import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import { prepared } from '../../../db/prepared.js';
import type { DB } from '../../../db/schema.js';
import { couponCodeLifecycle } from '../../../../machines/lifecycles/coupon-code-machine.js';
import { chunks } from '../../../lib/chunks.js';
import { transitionOrConflict } from '../../../lib/lifecycle-guard.js';

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
 * no double spending"), inside the caller's transaction, and records them as the order's
 * (`holdCodes`). The codes ending soonest go first (codes without an end last), then by id.
 *
 * PostgreSQL: the candidates are read `FOR UPDATE SKIP LOCKED`, so concurrent orders take
 * disjoint codes without waiting on each other, and the UPDATE is still conditional on
 * `state = 'unused'`. When too few are free only because other transactions hold rows they may
 * yet give back (an order that rolls back), the attempt is undone to a savepoint (so this one
 * holds nothing while it waits) and tried again after a short pause, for up to `LOCK_WAIT_MS`;
 * only a real shortage fails the order. SQLite: the transaction holds the database (BEGIN
 * IMMEDIATE), so one `UPDATE ... WHERE id IN (candidates) RETURNING` per pass takes them: nothing
 * can come between the read and the write.
 * Answers the codes taken, or how many were available when fewer than `quantity` could be taken
 * (the caller rolls back: nothing is kept).
 */
export async function allocateCodes(
  trx: Kysely<DB>,
  dialect: Dialect,
  a: { tenantId: string; goodId: string; quantity: number; orderId: string; now: string },
): Promise<{ codes: TakenCode[] } | { available: number }> {
  const taken = dialect === 'sqlite' ? await takeOnSqlite(trx, a) : await takeOnPostgres(trx, a);
  if ('codes' in taken) await holdCodes(trx, a, taken.codes);
  return taken;
}

/** How long an allocation short of free codes waits for codes other transactions hold (ms). */
export const LOCK_WAIT_MS = 2000;

type Allocation = {
  tenantId: string;
  goodId: string;
  quantity: number;
  orderId: string;
  now: string;
};

const candidates = (trx: Kysely<DB>, a: Allocation, withEnd: boolean) => {
  const q = trx
    .selectFrom('bladeSupCouponCode')
    .where('tenantId', '=', a.tenantId)
    .where('goodId', '=', a.goodId)
    .where('state', '=', 'unused')
    .where('isDeleted', '=', 0);
  return withEnd
    ? q.where('validEnd', '>', a.now).orderBy('validEnd').orderBy('id')
    : q.where('validEnd', 'is', null).orderBy('id');
};

const issue = (trx: Kysely<DB>, a: Allocation) =>
  trx.updateTable('bladeSupCouponCode').set({
    state: ISSUED,
    orderId: a.orderId,
    issueTime: a.now,
    updateTime: a.now,
    version: sql<number>`version + 1`,
  });

// SQLite's two passes (codes with an end, soonest first, then those without), each one statement
// that picks the candidates and issues them; every order runs them (db/prepared.ts: built once).
const takePass = (withEnd: boolean) =>
  prepared<Allocation & { limit: number }>()((db, arg) => {
    const a = {
      tenantId: arg('tenantId'),
      goodId: arg('goodId'),
      quantity: 0,
      orderId: arg('orderId'),
      now: arg('now'),
    };
    return issue(db, a)
      .where('id', 'in', candidates(db, a, withEnd).select('id').limit(arg('limit')))
      .returning(['id', 'codeCipher', 'pinCipher', 'validEnd']);
  });
const takeWithEnd = takePass(true);
const takeWithoutEnd = takePass(false);

async function takeOnSqlite(
  trx: Kysely<DB>,
  a: Allocation,
): Promise<{ codes: TakenCode[] } | { available: number }> {
  // One statement per pass: the candidates and their update (the database is ours).
  const codes: TakenCode[] = await takeWithEnd.all(trx, { ...a, limit: a.quantity });
  if (codes.length < a.quantity)
    codes.push(...(await takeWithoutEnd.all(trx, { ...a, limit: a.quantity - codes.length })));
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

async function takeOnPostgres(
  trx: Kysely<DB>,
  a: Allocation,
): Promise<{ codes: TakenCode[] } | { available: number }> {
  const locked = (withEnd: boolean, limit: number) =>
    candidates(trx, a, withEnd)
      .select(['id', 'codeCipher', 'pinCipher', 'validEnd'])
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let pause = 10; ; pause = Math.min(pause * 2, 100)) {
    await sql`savepoint allocate_codes`.execute(trx);
    const codes: TakenCode[] = await locked(true, a.quantity);
    if (codes.length < a.quantity) codes.push(...(await locked(false, a.quantity - codes.length)));
    if (codes.length === a.quantity) {
      const moved = await issue(trx, a)
        .where('tenantId', '=', a.tenantId)
        .where(
          'id',
          'in',
          codes.map((c) => c.id),
        )
        .where('state', '=', 'unused')
        .executeTakeFirst();
      // Locked by us and unused when read: every one moves (the condition is the last guard).
      if (Number(moved.numUpdatedRows) === a.quantity) {
        await sql`release savepoint allocate_codes`.execute(trx);
        return { codes };
      }
    }
    // Short. Unused codes that SKIP LOCKED passed over are held by transactions still running;
    // give back what this one took and wait for them, unless the stock itself is short.
    await sql`rollback to savepoint allocate_codes`.execute(trx);
    const unused = await countUnused(trx, a);
    if (unused < a.quantity || Date.now() + pause > deadline) return { available: unused };
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** Unused, unexpired codes of the good as committed (locked ones included). */
async function countUnused(trx: Kysely<DB>, a: Allocation): Promise<number> {
  const row = await trx
    .selectFrom('bladeSupCouponCode')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenantId', '=', a.tenantId)
    .where('goodId', '=', a.goodId)
    .where('state', '=', 'unused')
    .where('isDeleted', '=', 0)
    .where((eb) => eb.or([eb('validEnd', 'is', null), eb('validEnd', '>', a.now)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const holdOne = prepared<{ codeId: string; orderId: string; tenantId: string; now: string }>()(
  (db, arg) =>
    db.insertInto('bladeSupOrderCode').values({
      codeId: arg('codeId'),
      orderId: arg('orderId'),
      tenantId: arg('tenantId'),
      issueTime: arg('now'),
      returnOrderId: null,
      returnTime: null,
    }),
);

/**
 * Records codes as the order's (migration 033): one row each, no return yet. The table's partial
 * unique index refuses a code another order still holds, so a path that ever handed one code to
 * two orders fails here instead of selling it twice.
 */
export async function holdCodes(
  trx: Kysely<DB>,
  a: { tenantId: string; orderId: string; now: string },
  codes: readonly { id: string }[],
): Promise<void> {
  // Most orders are of one code.
  if (codes.length === 1) {
    await holdOne.run(trx, { ...a, codeId: codes[0]!.id });
    return;
  }
  for (const part of chunks(codes.map((c) => c.id)))
    await trx
      .insertInto('bladeSupOrderCode')
      .values(
        part.map((codeId) => ({
          codeId,
          orderId: a.orderId,
          tenantId: a.tenantId,
          issueTime: a.now,
          returnOrderId: null,
          returnTime: null,
        })),
      )
      .execute();
}
