import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { couponCodeLifecycle } from '../../../../machines/lifecycles/coupon-code-machine.js';
import {
  BATCH_SOURCES,
  CODE_MAX_LENGTH,
  IDS_MAX,
  PIN_MASK,
  RECOVERY_STATES,
} from '../../../../src/contracts/platform-supplier/coupon-code.js';
import { permissionCodes, type AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';
import { nowText } from '../../../lib/time.js';
import { codeDigests, openCode } from './code-crypto.js';

/** What a route needs: the app's context and the caller. */
export interface CodeCall {
  ctx: AppContext;
  user: AuthUser;
}

/** The first zod issue's message as a 400 (zh), else the parsed value. */
export function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? '参数格式错误');
  return result.data;
}

export const idText = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '参数格式错误');

/** `ids` sent as an array or comma-joined text: 1..IDS_MAX distinct ids. */
export const idsField = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(idText, { error: '请至少选择一条数据' })
    .min(1, '请至少选择一条数据')
    .max(IDS_MAX, `单次最多处理${IDS_MAX}条数据`)
    .transform((ids) => [...new Set(ids)]),
);

/**
 * Whether the caller sees full codes: the super administrator, or a holder of one of `codes`
 * (the screen's view button).
 */
export async function seesPlain(ctx: AppContext, user: AuthUser, codes: readonly string[]) {
  if (user.isSuperAdmin) return true;
  const held = await permissionCodes(ctx.db, user);
  return codes.some((c) => held.has(c));
}

/** A code and pin as the caller may see them. */
export function shownCode(
  ctx: AppContext,
  plain: boolean,
  row: { codeCipher: string; codeMask: string; pinCipher?: string | null },
) {
  return {
    couponCode: plain ? openCode(ctx, row.codeCipher) : row.codeMask,
    pin: row.pinCipher ? (plain ? openCode(ctx, row.pinCipher) : PIN_MASK) : '',
  };
}

/**
 * The digests the code an encrypted filter names may be stored with (RSA-OAEP, base64, as the
 * console's encrypted filters send it; `codeDigests`: case ignored). Undecryptable, empty or
 * over-long: 400, never a 500.
 */
export function digestsOfCipher(ctx: AppContext, cipher: unknown): string[] {
  if (typeof cipher !== 'string' || cipher.length > 2048) throw badRequest('券码参数无法解密');
  const plain = ctx.rsa.decrypt(cipher)?.trim();
  if (!plain || plain.length > CODE_MAX_LENGTH) throw badRequest('券码参数无法解密');
  return codeDigests(ctx, plain);
}

/**
 * Ids of the tenant's codes whose value an encrypted filter names (undefined: no filter). Asked
 * on its own (tenant and digest only), so the digest index answers it whatever else the list
 * filters or sorts by: joined with the list's order, SQLite would rather walk the create-time
 * index (1,000,000 codes: seconds instead of milliseconds).
 */
export async function codeIdsOf(call: CodeCall, cipher: unknown): Promise<string[] | undefined> {
  if (cipher === undefined || cipher === '') return undefined;
  const digests = digestsOfCipher(call.ctx, cipher);
  const rows = await call.ctx.db
    .selectFrom('bladeSupCouponCode')
    .select('id')
    .where('tenantId', '=', call.user.tenantId)
    .where('codeDigest', 'in', digests)
    .execute();
  return rows.map((r) => r.id);
}

/** The zh label of a code state (the machine's), for exports. */
export const stateLabel = (state: string) =>
  (couponCodeLifecycle.states as Record<string, { zh: string }>)[state]?.zh ?? state;
export const sourceLabel = (source: string) =>
  (BATCH_SOURCES as Record<string, { zh: string }>)[source]?.zh ?? source;
export const recoveryLabel = (state: string) =>
  (RECOVERY_STATES as Record<string, { zh: string }>)[state]?.zh ?? state;

/* The lazy expiry sweep (issue 18 item 2.7). */

const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<object, Map<string, number>>();

/**
 * Unused codes of the tenant past their validEnd become `expired` (couponCodeLifecycle
 * 'expire'): at most once a minute per process and tenant, run by the lists before they read.
 * Allocation ignores codes past validEnd anyway, so a code never goes out late.
 */
export async function sweepExpired(ctx: AppContext, tenantId: string): Promise<number> {
  let byTenant = lastSweep.get(ctx);
  if (!byTenant) lastSweep.set(ctx, (byTenant = new Map()));
  const now = Date.now();
  if (now - (byTenant.get(tenantId) ?? 0) < SWEEP_EVERY_MS) return 0;
  byTenant.set(tenantId, now);
  return expireNow(ctx.db, tenantId);
}

/** The sweep itself (no throttle): one conditional update. */
export async function expireNow(db: Kysely<DB>, tenantId: string): Promise<number> {
  const now = nowText();
  const result = await db
    .updateTable('bladeSupCouponCode')
    .set({ state: 'expired', updateTime: now, version: sql`version + 1` })
    .where('tenantId', '=', tenantId)
    .where('state', '=', 'unused')
    .where('validEnd', '<', now)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Forget when the sweeps ran (tests: the next list sweeps again). */
export function forgetSweeps(ctx: AppContext): void {
  lastSweep.delete(ctx);
}

/** The request's query as a plain map. */
export const queryOf = (request: FastifyRequest) =>
  (request.query ?? {}) as Record<string, unknown>;
