import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { QueryParamDoc } from '../api-doc/types.js';
import { ApiError, badRequest, InputRefusal } from '../errors.js';
import { nextId } from '../ids.js';

/**
 * Idempotency keys for POST calls that create work or move money (issue 15, item 11). A route
 * opts in with `config: { idempotent: true }` (the request is its query string and parsed body)
 * or `'in-handler'` (multipart: the handler calls `idempotencyGate` once it has read the upload,
 * with what identifies it). With an `Idempotency-Key` header, per tenant and user:
 *
 * - the first request claims the key: an INSERT that the unique index (tenant, user, key) lets
 *   exactly one request win, on every process and on both databases;
 * - its answer (status, content type, body) is stored when it is sent; a repeat with the same
 *   route and request gets that answer again, with `Idempotent-Replayed: true`, and does no work;
 * - the same key with another route or request: 422;
 * - a repeat while the first is still being handled waits for it (up to `WAIT_MS`) and is then
 *   answered from it; a client retrying a call that timed out on its side usually gets the real
 *   answer that way. Past the wait: 409 with Retry-After (rather than hold the connection longer);
 * - answers that may differ on a retry (401, 403, 409, 429, 5xx) are not kept: the key is freed;
 * - neither is a refusal of the request's input before any work (`InputRefusal`: a body that
 *   failed its schema, issue 24): the key is freed, so the same key may come again with a
 *   corrected body (not 422). Refusals found while doing the work (a failed order, a balance too
 *   low) are kept: their retry is answered from the first request;
 * - keys are kept 24 h (a lazy delete of older rows, at most once a minute per process); a claim
 *   whose request never answered (the process died) is taken over after `ABANDONED_SECONDS`.
 *
 * Without the header nothing changes: the header is the client's promise, not a requirement.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** Keys are kept this long (s). */
export const KEEP_SECONDS = 24 * 3600;
/** A repeat waits this long for the first request's answer (ms). */
const WAIT_MS = 5000;
const POLL_MS = 25;
/** A claim older than this without an answer belongs to a request that will never answer (s). */
const ABANDONED_SECONDS = 120;
const SWEEP_EVERY_SECONDS = 60;
/** Printable ASCII, no spaces (UUIDs, ULIDs, base64 all fit). */
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
/** Statuses whose answer is kept: the outcome of the work, or a refusal of the request itself. */
const kept = (status: number) => status < 500 && ![401, 403, 409, 429].includes(status);

export const KEY_IN_USE = '幂等键已用于另一请求，请更换 Idempotency-Key';
export const STILL_RUNNING = '相同幂等键的请求正在处理，请稍后重试';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accepts an Idempotency-Key (lib/idempotency). */
    idempotent?: true | 'in-handler';
  }
  interface FastifyRequest {
    /** The claimed key's row id, while this request holds it. */
    idempotencyClaim?: string;
    /** The request was refused for its input (InputRefusal): its claim is freed, not kept. */
    idempotencyInputRefused?: boolean;
  }
}

/** The API reference's entry of the header (lib/api-doc), for routes that accept it. */
export const IDEMPOTENCY_DOC: QueryParamDoc = {
  name: 'Idempotency-Key',
  in: 'header',
  type: 'string',
  maxLength: 200,
  description: {
    zh: '可选。同一用户 24 小时内以相同的键重发相同请求，只执行一次并返回首次的结果（响应头 Idempotent-Replayed: true）；相同的键用于不同请求返回 422；参数校验未通过（400）的请求不保留结果，可用同一个键发送改正后的请求',
    en: 'Optional. The same request sent again with the same key by the same user within 24 h runs once and gets the first answer (response header Idempotent-Replayed: true); the same key with another request answers 422; a request refused for its parameters (400) keeps nothing, so the same key may carry the corrected request',
  },
};

/** JSON with sorted keys: the same body however its keys were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (parts: readonly (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\n');
  return hash.digest('hex');
};

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key 格式错误');
  return key;
}

let lastSweep = Number.NEGATIVE_INFINITY;

/**
 * Claims the request's key, or answers it from the stored answer: true when the reply has been
 * sent (a replay) and the handler must do nothing more. Without a key (or a signed-in caller),
 * false and nothing happens. `parts` identify the request beyond its query string.
 */
export async function idempotencyGate(
  request: FastifyRequest,
  reply: FastifyReply,
  parts: readonly (string | Buffer)[],
): Promise<boolean> {
  const key = keyOf(request);
  const user = request.auth;
  if (key === undefined || !user) return false;
  const { ctx } = request.server;
  const db = ctx.db;
  const route = routeOf(request);
  const query = canonical(request.query ?? {});
  const requestHash = sha256([route, query, ...parts]);
  const now = ctx.now();
  if (now - lastSweep >= SWEEP_EVERY_SECONDS) {
    lastSweep = now;
    await db
      .deleteFrom('bladeIdempotency')
      .where('createdAt', '<', now - KEEP_SECONDS)
      .execute();
  }
  const mine = { tenantId: user.tenantId, userId: user.userId, idemKey: key };
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const id = nextId();
    const inserted = await db
      .insertInto('bladeIdempotency')
      .values({ id, ...mine, route, requestHash, createdAt: ctx.now() })
      .onConflict((oc) => oc.columns(['tenantId', 'userId', 'idemKey']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      request.idempotencyClaim = id;
      return false;
    }
    const found = await db
      .selectFrom('bladeIdempotency')
      .selectAll()
      .where('tenantId', '=', mine.tenantId)
      .where('userId', '=', mine.userId)
      .where('idemKey', '=', key)
      .executeTakeFirst();
    if (!found) continue; // freed in between: claim again
    const age = ctx.now() - Number(found.createdAt);
    const stale = age >= KEEP_SECONDS || (found.statusCode === null && age >= ABANDONED_SECONDS);
    if (stale) {
      // Expired, or claimed by a request that never answered: delete it (that one only) and retry.
      await db.deleteFrom('bladeIdempotency').where('id', '=', found.id).execute();
      continue;
    }
    if (found.route !== route || found.requestHash !== requestHash)
      throw new ApiError(422, KEY_IN_USE);
    if (found.statusCode !== null) {
      void reply
        .code(found.statusCode)
        .header(REPLAYED_HEADER, 'true')
        .header('content-type', found.contentType ?? 'application/json; charset=utf-8')
        .send(found.response ?? '');
      return true;
    }
    if (Date.now() >= deadline) throw new ApiError(409, STILL_RUNNING, { 'retry-after': '1' });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The hooks: routes with `config.idempotent: true` pass through the gate before their handler;
 * every claimed key gets its answer stored when it is sent (or is freed: see `kept`, and input
 * refusals, which onError marks).
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.idempotent !== true) return;
    if (await idempotencyGate(request, reply, [canonical(request.body ?? null)])) return reply;
  });

  // onError sees the error before the error handler turns it into the answer onSend gets.
  app.addHook('onError', async (request, _reply, error) => {
    if (request.idempotencyClaim && error instanceof InputRefusal)
      request.idempotencyInputRefused = true;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyClaim;
    if (!id) return payload;
    request.idempotencyClaim = undefined;
    const db = app.ctx.db;
    const status = reply.statusCode;
    const keep = kept(status) && !request.idempotencyInputRefused;
    if (keep && (typeof payload === 'string' || payload === null)) {
      const type = reply.getHeader('content-type');
      await db
        .updateTable('bladeIdempotency')
        .set({
          statusCode: status,
          contentType: typeof type === 'string' ? type.slice(0, 200) : null,
          response: payload ?? '',
        })
        .where('id', '=', id)
        .execute();
    } else {
      await db.deleteFrom('bladeIdempotency').where('id', '=', id).execute();
    }
    return payload;
  });

  // A request whose answer was never sent (the connection closed first) frees its key.
  app.addHook('onResponse', async (request) => {
    const id = request.idempotencyClaim;
    if (!id) return;
    request.idempotencyClaim = undefined;
    await app.ctx.db
      .deleteFrom('bladeIdempotency')
      .where('id', '=', id)
      .where('statusCode', 'is', null)
      .execute();
  });
}
