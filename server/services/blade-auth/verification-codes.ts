import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { ApiError, badRequest } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';

/**
 * One-time verification codes (spec section 4: the code button counts down 60 s; issue 16 items
 * 16 and 17): six digits, sent by SMS (the phone login, the WeChat binding, the profile's phone)
 * or e-mail (the profile's address). Only an HMAC of the code is stored; it expires after five
 * minutes, five wrong tries spend it, and it is used once. Sending is limited per phone or
 * address (one per minute, a daily cap) and per client address (a daily cap), each decided by
 * one upsert so simultaneous sends cannot pass together.
 */
export const CODE_SECONDS = 5 * 60;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_SECONDS = 60;
export const DAILY_PER_TARGET = 10;
export const DAILY_PER_ADDRESS = 50;
const DAY = 24 * 3600;

export type CodeChannel = 'sms' | 'email';
export type CodePurpose = 'login' | 'profile';

export const CODE_WRONG = '验证码不正确或已过期';
export const TOO_SOON = '验证码发送过于频繁，请60秒后再试';
export const TARGET_CAPPED = '今日验证码发送次数已达上限，请明天再试';
export const ADDRESS_CAPPED = '当前网络今日验证码发送次数已达上限，请明天再试';

function codeHash(ctx: Pick<AppContext, 'jwtSecret'>, id: string, code: string): string {
  return createHmac('sha256', ctx.jwtSecret).update(`verify-code\0${id}\0${code}`).digest('hex');
}

/**
 * Counts one send against `scope`/`target`: refused (false) when the last send was less than
 * `minGap` seconds ago or `cap` sends were made within the last day. One statement: the
 * conditional upsert returns no row when it was refused.
 */
async function claimSend(
  db: Kysely<DB>,
  scope: string,
  target: string,
  now: number,
  minGap: number,
  cap: number,
): Promise<'ok' | 'soon' | 'capped'> {
  const t = 'authVerifyThrottle';
  const last = sql.ref(`${t}.lastSentAt`);
  const start = sql.ref(`${t}.windowStart`);
  const count = sql.ref(`${t}.windowCount`);
  const fresh = sql`${start} <= ${now - DAY}`;
  const row = await db
    .insertInto(t)
    .values({ scope, target, lastSentAt: now, windowStart: now, windowCount: 1 })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'target'])
        .doUpdateSet({
          lastSentAt: now,
          windowStart: sql<number>`case when ${fresh} then ${now} else ${start} end`,
          windowCount: sql<number>`case when ${fresh} then 1 else ${count} + 1 end`,
        })
        .where(sql<boolean>`${last} <= ${now - minGap} and (${fresh} or ${count} < ${cap})`),
    )
    .returning('windowCount')
    .executeTakeFirst();
  if (row) return 'ok';
  const seen = await db
    .selectFrom(t)
    .select(['lastSentAt'])
    .where('scope', '=', scope)
    .where('target', '=', target)
    .executeTakeFirst();
  return seen && Number(seen.lastSentAt) > now - minGap ? 'soon' : 'capped';
}

export interface IssueRequest {
  tenantId: string;
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  userId?: string | undefined;
  /** The client's address (its daily cap). */
  ip: string;
}

/**
 * Checks the send limits and makes a new code for the target (earlier unused codes of the same
 * purpose stop working). Returns the code for the driver to send; 429 with Retry-After when a
 * limit refuses it.
 */
export async function issueCode(ctx: AppContext, request: IssueRequest): Promise<string> {
  const now = ctx.now();
  const target = `${request.tenantId}:${request.target}`;
  const byTarget = await claimSend(
    ctx.db,
    request.channel,
    target,
    now,
    RESEND_SECONDS,
    DAILY_PER_TARGET,
  );
  if (byTarget === 'soon')
    throw new ApiError(429, TOO_SOON, { 'Retry-After': String(RESEND_SECONDS) });
  if (byTarget === 'capped') throw new ApiError(429, TARGET_CAPPED, { 'Retry-After': '3600' });
  const byAddress = await claimSend(ctx.db, 'ip', request.ip, now, 0, DAILY_PER_ADDRESS);
  if (byAddress !== 'ok') throw new ApiError(429, ADDRESS_CAPPED, { 'Retry-After': '3600' });

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = nextId();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('authVerifyCode')
      .where('expiresAt', '<', now - DAY)
      .execute();
    await trx
      .updateTable('authVerifyCode')
      .set({ usedAt: now })
      .where('tenantId', '=', request.tenantId)
      .where('channel', '=', request.channel)
      .where('target', '=', request.target)
      .where('purpose', '=', request.purpose)
      .where('usedAt', 'is', null)
      .execute();
    await trx
      .insertInto('authVerifyCode')
      .values({
        id,
        tenantId: request.tenantId,
        channel: request.channel,
        target: request.target,
        purpose: request.purpose,
        userId: request.userId ?? null,
        codeHash: codeHash(ctx, id, code),
        expiresAt: now + CODE_SECONDS,
        usedAt: null,
        createdAt: now,
      })
      .execute();
  });
  return code;
}

export interface CheckRequest {
  tenantId: string;
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  userId?: string | undefined;
  code: string | undefined;
  /** The field named in the refusal (`phoneCode:验证码不正确或已过期`); none for the token grant. */
  field?: string;
}

/**
 * Checks a code without spending it: the target's newest live code, the try counted before it
 * is compared (so five simultaneous guesses cannot all be compared), a wrong one refused.
 * Returns the code's id for `spendCode`.
 */
export async function checkCode(ctx: AppContext, request: CheckRequest): Promise<string> {
  const refuse = () => badRequest(request.field ? `${request.field}:${CODE_WRONG}` : CODE_WRONG);
  const code = (request.code ?? '').trim();
  if (!/^\d{6}$/.test(code)) throw refuse();
  const now = ctx.now();
  let query = ctx.db
    .selectFrom('authVerifyCode')
    .select(['id', 'codeHash'])
    .where('tenantId', '=', request.tenantId)
    .where('channel', '=', request.channel)
    .where('target', '=', request.target)
    .where('purpose', '=', request.purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now);
  if (request.userId !== undefined) query = query.where('userId', '=', request.userId);
  const row = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!row) throw refuse();
  const counted = await ctx.db
    .updateTable('authVerifyCode')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', MAX_CODE_ATTEMPTS)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) throw refuse();
  const given = Buffer.from(codeHash(ctx, row.id, code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) throw refuse();
  return row.id;
}

/**
 * Spends a checked code inside the caller's transaction: false when another request spent it
 * first (a replay racing the first use), which the caller must refuse.
 */
export async function spendCode(
  ctx: Pick<AppContext, 'now'>,
  trx: Kysely<DB> | Transaction<DB>,
  id: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('authVerifyCode')
    .set({ usedAt: ctx.now() })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
