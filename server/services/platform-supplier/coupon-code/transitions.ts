import { sql, type Kysely, type Transaction } from 'kysely';
import { allows, refusedMessage } from '../../../../machines/lifecycles/lifecycle.js';
import {
  couponCodeLifecycle,
  type CouponCodeEvent,
} from '../../../../machines/lifecycles/coupon-code-machine.js';
import {
  CODE_LIST_REFUSALS,
  CODE_MAX_LENGTH,
  INVALID_LIST_MAX,
  type InvalidByListResult,
  type RecoveryResult,
  type RenewStatusResult,
} from '../../../../src/contracts/platform-supplier/coupon-code.js';
import type { DB } from '../../../db/schema.js';
import { badInput, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { insertAudit } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';
import { driverSupplier, supplierDriver, type DriverCodeState } from '../driver/index.js';
import { transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { codeDigest, codeDigests, codeKey, openCode } from './code-crypto.js';
import { chunks } from '../../../lib/chunks.js';
import { type CodeCall } from './common.js';

type Db = Kysely<DB> | Transaction<DB>;

/** The columns a transition writes besides the state, per event. */
function stamps(event: CouponCodeEvent, now: string) {
  switch (event) {
    case 'invalidate':
    case 'discard':
      return { invalidTime: now };
    case 'recover':
    case 'restock':
      // Back in stock: no order, no use, no invalidation.
      return { invalidTime: null, orderId: null, issueTime: null, usedTime: null };
    case 'cancelUse':
      return { usedTime: null };
    default:
      return {};
  }
}

/** The caller's live codes of `ids`; any missing (unknown, another tenant's): 404. */
async function codesOf(db: Db, tenantId: string, ids: readonly string[]) {
  const rows = [];
  for (const part of chunks(ids))
    rows.push(
      ...(await db
        .selectFrom('bladeSupCouponCode')
        .select(['id', 'state', 'supId', 'goodId', 'orderId', 'codeCipher', 'codeMask'])
        .where('tenantId', '=', tenantId)
        .where('id', 'in', part)
        .where('isDeleted', '=', 0)
        .execute()),
    );
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

/**
 * Moves codes by `event`, all or nothing, inside `trx`: one refused code is a 409 naming its
 * state; each state group is written with a conditional update (`where state = <current>`), and
 * fewer rows than expected (a concurrent transition won) is the same 409 — the transaction then
 * rolls everything back.
 */
async function moveCodes(
  trx: Transaction<DB>,
  call: CodeCall,
  codes: { id: string; state: string; orderId?: string | null }[],
  event: CouponCodeEvent,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const now = nowText();
  const byState = new Map<string, string[]>();
  for (const c of codes) {
    if (!allows(couponCodeLifecycle, c.state, event)) throw await refusal(trx, call, c);
    byState.set(c.state, [...(byState.get(c.state) ?? []), c.id]);
  }
  let count = 0;
  for (const [state, ids] of byState) {
    const next = transitionOrConflict(couponCodeLifecycle, state, event);
    for (const part of chunks(ids)) {
      const result = await trx
        .updateTable('bladeSupCouponCode')
        .set({
          state: next,
          ...stamps(event, now),
          ...extra,
          updateUser: call.user.userId,
          updateTime: now,
          version: sql`version + 1`,
        })
        .where('tenantId', '=', call.user.tenantId)
        .where('id', 'in', part)
        .where('state', '=', state)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== part.length)
        throw conflict(refusedMessage(couponCodeLifecycle, await stateNow(trx, call, part, state)));
      count += part.length;
    }
  }
  return count;
}

/**
 * The 409 of a code whose state refuses the event: it names the state, and for a code an order
 * holds (issued, used) the order too, since only that order's refund may take it back.
 */
async function refusal(db: Db, call: CodeCall, code: { state: string; orderId?: string | null }) {
  const message = refusedMessage(couponCodeLifecycle, code.state);
  const held = code.orderId && (code.state === 'issued' || code.state === 'used');
  const order = held
    ? await db
        .selectFrom('bladeSupOrder')
        .select('orderNo')
        .where('tenantId', '=', call.user.tenantId)
        .where('id', '=', code.orderId!)
        .executeTakeFirst()
    : undefined;
  return conflict(
    order ? `${message}（属于订单${order.orderNo}，只能通过该订单退款收回）` : message,
  );
}

/** The state a code of `ids` moved to meanwhile (for the 409 of a lost race). */
async function stateNow(db: Db, call: CodeCall, ids: string[], expected: string) {
  const moved = await db
    .selectFrom('bladeSupCouponCode')
    .select('state')
    .where('tenantId', '=', call.user.tenantId)
    .where('id', 'in', ids)
    .where('state', '!=', expected)
    .executeTakeFirst();
  return moved?.state ?? expected;
}

/**
 * invalid-coupon (unused -> invalid; an issued or used code is its order's: 409 naming both) and
 * recovery-coupon (invalid -> unused).
 */
export async function transitionCodes(
  call: CodeCall,
  ids: string[],
  event: 'invalidate' | 'recover',
): Promise<number> {
  return call.ctx.db.transaction().execute(async (trx) => {
    const codes = await codesOf(trx, call.user.tenantId, ids);
    return moveCodes(trx, call, codes, event);
  });
}

/**
 * The codes of a pasted list: one a line or comma-separated, each code once (by `codeKey`, as
 * look-ups compare them; the first spelling kept); empty, too many, too long: 400 at `codes`.
 */
export function parseCodeList(text: unknown): string[] {
  if (typeof text !== 'string') throw badInput(`codes:${CODE_LIST_REFUSALS.empty.zh}`);
  const byKey = new Map<string, string>();
  for (const part of text.split(/[\r\n,，]+/)) {
    const code = part.trim();
    if (code && !byKey.has(codeKey(code))) byKey.set(codeKey(code), code);
  }
  const codes = [...byKey.values()];
  if (codes.length === 0) throw badInput(`codes:${CODE_LIST_REFUSALS.empty.zh}`);
  if (codes.length > INVALID_LIST_MAX) throw badInput(`codes:${CODE_LIST_REFUSALS.tooMany.zh}`);
  const long = codes.findIndex((c) => c.length > CODE_MAX_LENGTH);
  if (long >= 0) throw badInput(`codes:第${long + 1}个券码长度超过${CODE_MAX_LENGTH}个字符`);
  return codes;
}

/**
 * invalid-coupon2: the listed codes found in the tenant's stock (by digest, every supplier's)
 * that may be invalidated are; the answer counts them and lists the codes not found and those
 * whose state refuses it. Both lists give each code as the caller typed it (issue 25 item 16):
 * the caller has it already, a mask would only hide which line it was; the answer is not stored
 * and the route keeps only a count in the log.
 */
export async function invalidateByList(
  call: CodeCall,
  codes: string[],
): Promise<InvalidByListResult> {
  // Each code once (by key: case ignored), found under any digest it may be stored with.
  const byKey = new Map(codes.map((c) => [codeDigest(call.ctx, c), c]));
  const digests = new Map<string, string>();
  for (const [key, code] of byKey) for (const d of codeDigests(call.ctx, code)) digests.set(d, key);
  return call.ctx.db.transaction().execute(async (trx) => {
    const found: { id: string; state: string; codeDigest: string; codeMask: string }[] = [];
    for (const part of chunks([...digests.keys()]))
      found.push(
        ...(await trx
          .selectFrom('bladeSupCouponCode')
          .select(['id', 'state', 'codeDigest', 'codeMask'])
          .where('tenantId', '=', call.user.tenantId)
          .where('codeDigest', 'in', part)
          .where('isDeleted', '=', 0)
          .execute()),
      );
    const seen = new Set(found.map((f) => digests.get(f.codeDigest)));
    const notFound = [...byKey].filter(([key]) => !seen.has(key)).map(([, c]) => c);
    const refused = found
      .filter((f) => !allows(couponCodeLifecycle, f.state, 'invalidate'))
      .map((f) => ({
        code: byKey.get(digests.get(f.codeDigest) ?? '') ?? f.codeMask,
        codeMask: f.codeMask,
        state: f.state,
      }));
    const movable = found.filter((f) => allows(couponCodeLifecycle, f.state, 'invalidate'));
    const count = movable.length ? await moveCodes(trx, call, movable, 'invalidate') : 0;
    return { count, notFound, refused };
  });
}

/** cancel: used -> issued, the latest redemption of each code marked cancelled. */
export async function cancelUse(call: CodeCall, ids: string[]): Promise<number> {
  return call.ctx.db.transaction().execute(async (trx) => {
    const codes = await codesOf(trx, call.user.tenantId, ids);
    const count = await moveCodes(trx, call, codes, 'cancelUse');
    const now = nowText();
    for (const id of ids) {
      const latest = await trx
        .selectFrom('bladeSupCouponCodeExchange')
        .select('id')
        .where('tenantId', '=', call.user.tenantId)
        .where('codeId', '=', id)
        .where('cancelled', '=', 0)
        .where('isDeleted', '=', 0)
        .orderBy('exchangeTime', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (latest)
        await trx
          .updateTable('bladeSupCouponCodeExchange')
          .set({
            cancelled: 1,
            cancelTime: now,
            updateUser: call.user.userId,
            updateTime: now,
            version: sql`version + 1`,
          })
          .where('id', '=', latest.id)
          .where('cancelled', '=', 0)
          .execute();
    }
    return count;
  });
}

/**
 * renew-status: asks each supplier's interface (its driver) for the status of the given issued
 * or used codes. Every driver call is made before anything is written (a DriverError: 400,
 * nothing written). Issued codes reported used become used with a redemption (source 'renew');
 * used codes reported unused are left and listed.
 */
export async function renewStatus(call: CodeCall, ids: string[]): Promise<RenewStatusResult> {
  const { ctx, user } = call;
  const codes = await codesOf(ctx.db, user.tenantId, ids);
  for (const c of codes)
    if (c.state !== 'issued' && c.state !== 'used')
      throw conflict(refusedMessage(couponCodeLifecycle, c.state));
  const bySup = new Map<string, typeof codes>();
  for (const c of codes) bySup.set(c.supId, [...(bySup.get(c.supId) ?? []), c]);
  const reports = new Map<string, { state: DriverCodeState; usedTime?: string }>();
  for (const [supId, list] of bySup) {
    const supplier = await driverSupplier(ctx, user.tenantId, supId);
    const plain = list.map((c) => ({ id: c.id, code: openCode(ctx, c.codeCipher) }));
    const answer = await supplierDriver(ctx, supplier).queryCodeStatus(
      supplier,
      plain.map((p) => p.code),
    );
    const byCode = new Map(answer.map((a) => [a.code, a]));
    for (const p of plain) {
      const a = byCode.get(p.code);
      if (a) reports.set(p.id, a);
    }
  }
  const now = nowText();
  return ctx.db.transaction().execute(async (trx) => {
    let markedUsed = 0;
    const reportedUnused: string[] = [];
    for (const c of codes) {
      const report = reports.get(c.id);
      if (c.state === 'issued' && report?.state === 'used') {
        const usedTime = report.usedTime ?? now;
        const result = await trx
          .updateTable('bladeSupCouponCode')
          .set({
            state: transitionOrConflict(couponCodeLifecycle, c.state, 'use'),
            usedTime,
            updateUser: user.userId,
            updateTime: now,
            version: sql`version + 1`,
          })
          .where('id', '=', c.id)
          .where('state', '=', 'issued')
          .executeTakeFirst();
        // Moved meanwhile (a concurrent renewal or invalidation): left to that one.
        if (Number(result.numUpdatedRows) !== 1) continue;
        await trx
          .insertInto('bladeSupCouponCodeExchange')
          .values({
            id: nextId(),
            tenantId: user.tenantId,
            codeId: c.id,
            supId: c.supId,
            goodId: c.goodId,
            orderId: c.orderId,
            storeCode: null,
            storeName: null,
            exchangeTime: usedTime,
            source: 'renew',
            cancelled: 0,
            cancelTime: null,
            ...insertAudit(user, now),
          })
          .execute();
        markedUsed++;
      } else if (c.state === 'used' && report?.state === 'unused') {
        reportedUnused.push(c.codeMask);
      }
    }
    return {
      checked: codes.length,
      markedUsed,
      reportedUnused,
      unchanged: codes.length - markedUsed - reportedUnused.length,
    };
  });
}

/**
 * handle: pending recovery records of recovering codes -> the code unused ('restock') or
 * invalid ('discard'), the record restocked/discarded with who and when. All or nothing; a
 * record already handled: 409.
 */
export async function handleRecovery(
  call: CodeCall,
  ids: string[],
  result: RecoveryResult,
  remark: string | null,
): Promise<number> {
  const { user } = call;
  return call.ctx.db.transaction().execute(async (trx) => {
    const records = [];
    for (const part of chunks(ids))
      records.push(
        ...(await trx
          .selectFrom('bladeSupCouponCodeRecovery')
          .select(['id', 'codeId', 'state'])
          .where('tenantId', '=', user.tenantId)
          .where('id', 'in', part)
          .where('isDeleted', '=', 0)
          .execute()),
      );
    if (records.length !== ids.length) throw notFound();
    const handled = records.find((r) => r.state !== 'pending');
    if (handled) throw conflict('回收记录已处理，不能重复处理');
    const codes = await codesOf(trx, user.tenantId, [...new Set(records.map((r) => r.codeId))]);
    await moveCodes(trx, call, codes, result);
    const now = nowText();
    for (const part of chunks(ids)) {
      const updated = await trx
        .updateTable('bladeSupCouponCodeRecovery')
        .set({
          state: result === 'restock' ? 'restocked' : 'discarded',
          handleUser: user.userId,
          handleTime: now,
          remark,
          updateUser: user.userId,
          updateTime: now,
          version: sql`version + 1`,
        })
        .where('tenantId', '=', user.tenantId)
        .where('id', 'in', part)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== part.length)
        throw conflict('回收记录已处理，不能重复处理');
    }
    return records.length;
  });
}
