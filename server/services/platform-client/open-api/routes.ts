import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fenToYuan } from '../../../../src/contracts/money.js';
import {
  OPEN_API_PREFIX,
  OPEN_ERRORS,
  OPEN_ROUTES,
  type OpenRoute,
} from '../../../../src/contracts/platform-client/open-api.js';
import { PUBLIC } from '../../../auth/rules.js';
import { ApiError } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { hitWindow } from '../../../lib/shared-rate-limit.js';
import { ipAllowed } from '../app/ip-allowlist.js';
import { clientOrderByOutNo } from '../order/order-row.js';
import { placeOrder, PlaceOrderRefusal } from '../order/place-order.js';
import { heldCodes, openOrder, productCodeOf } from '../order/present.js';
import { returnClientOrder } from '../order/return-order.js';
import { bodyProblem } from './check-body.js';
import { OpenApiError, openErrorBody } from './errors.js';
import { authenticate, type OpenApp } from './signing.js';

/**
 * The open order API (issue 27 item 4; OPEN_ROUTES in the contract declares every call): served
 * under /open/v1 in a context of its own, with the raw body kept for the signature, answers
 * `{code: 'OK', message, data}` and refusals `{code, message, messageEn, detail?, requestId}`
 * with the status OPEN_ERRORS names (never a stack). Every call is signed (signing.ts), then
 * checked against the app's IP allowlist, its enabled flag and its rate limit (a window per app
 * in the database, so the limit holds across processes; past it 429 with Retry-After).
 */

declare module 'fastify' {
  interface FastifyRequest {
    openApp?: OpenApp;
  }
}

const BODY_LIMIT = 64 * 1024;

const route = (id: OpenRoute['id']) => OPEN_ROUTES.find((r) => r.id === id)!;
const urlOf = (r: OpenRoute) =>
  `${OPEN_API_PREFIX}${r.path.replace('{outOrderNo}', ':outOrderNo')}`;

const answer = (reply: FastifyReply, data: unknown) =>
  reply.send({ code: 'OK', message: '成功', data });

function bodyOf(request: FastifyRequest, r: OpenRoute): Record<string, unknown> {
  const raw = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
  let parsed: unknown = {};
  if (raw.length > 0) {
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new OpenApiError('BAD_REQUEST', 'body: not valid JSON');
    }
  }
  const problem = bodyProblem(r.body ?? [], parsed);
  if (problem) throw new OpenApiError('BAD_REQUEST', problem);
  return parsed as Record<string, unknown>;
}

function outOrderNoOf(request: FastifyRequest): string {
  const value = (request.params as { outOrderNo?: string }).outOrderNo ?? '';
  const problem = bodyProblem(route('getOrder').pathParams ?? [], { outOrderNo: value });
  if (problem) throw new OpenApiError('BAD_REQUEST', problem);
  return value;
}

export default async function openApiRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await app.register(async (open) => {
    // The signature covers the body's bytes: JSON is read as a Buffer and parsed after the check.
    open.removeAllContentTypeParsers();
    open.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );

    open.setErrorHandler((err, request, reply) => {
      const requestId = nextId();
      let code: keyof typeof OPEN_ERRORS = 'INTERNAL';
      let detail: string | undefined;
      if (err instanceof OpenApiError) {
        code = err.code;
        detail = err.detail;
        if (err.retryAfter) void reply.header('Retry-After', String(err.retryAfter));
      } else if (err instanceof PlaceOrderRefusal) {
        code = err.code;
        detail = err.detail;
      } else if ((err as { statusCode?: number }).statusCode === 413) {
        code = 'BAD_REQUEST';
        detail = 'body: too large';
      } else if ((err as { statusCode?: number }).statusCode === 415) {
        code = 'BAD_REQUEST';
        detail = 'body: send application/json';
      } else request.log.error({ err, requestId }, 'open api: unexpected error');
      return reply.status(OPEN_ERRORS[code].status).send(openErrorBody(code, detail, requestId));
    });

    open.addHook('preHandler', async (request) => {
      const raw = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
      const caller = await authenticate(
        ctx,
        { method: request.method, url: request.url, headers: request.headers, rawBody: raw },
        ctx.now(),
      );
      if (!ipAllowed(caller.ipAllowlist, request.ip)) throw new OpenApiError('IP_DENIED');
      if (caller.enabled !== 1) throw new OpenApiError('APP_DISABLED');
      const hit = await hitWindow(ctx.db, `open:${caller.id}`, 60_000);
      if (hit.hits > caller.rateLimit)
        throw new OpenApiError('RATE_LIMITED', undefined, hit.retryAfter);
      request.openApp = caller;
    });

    const config = { access: PUBLIC };

    open.post(urlOf(route('placeOrder')), { config }, async (request, reply) => {
      const caller = request.openApp!;
      const body = bodyOf(request, route('placeOrder'));
      const outcome = await placeOrder(ctx, {
        tenantId: caller.tenantId,
        app: caller,
        productCode: body.productCode as string,
        quantity: body.quantity as number,
        outOrderNo: body.outOrderNo as string,
        phone: (body.phone as string | undefined) ?? null,
        source: 'api',
      });
      if (outcome.replayed) void reply.header('Idempotent-Replayed', 'true');
      const codes = outcome.codes ?? (await heldCodes(ctx, outcome.order));
      return answer(reply, openOrder(outcome.order, outcome.productCode, codes));
    });

    open.get(urlOf(route('getOrder')), { config }, async (request, reply) => {
      const caller = request.openApp!;
      const order = await clientOrderByOutNo(ctx.db, caller.id, outOrderNoOf(request));
      if (!order) throw new OpenApiError('ORDER_NOT_FOUND');
      const code = await productCodeOf(ctx.db, caller.tenantId, order.productId);
      return answer(reply, openOrder(order, code, await heldCodes(ctx, order)));
    });

    open.post(urlOf(route('returnOrder')), { config }, async (request, reply) => {
      const caller = request.openApp!;
      const outOrderNo = outOrderNoOf(request);
      const body = bodyOf(request, route('returnOrder'));
      const order = await clientOrderByOutNo(ctx.db, caller.id, outOrderNo);
      if (!order) throw new OpenApiError('ORDER_NOT_FOUND');
      try {
        await returnClientOrder(ctx, {
          tenantId: caller.tenantId,
          orderId: order.id,
          quantity: body.quantity as number | undefined,
          reason: (body.reason as string | undefined) || '应用退货',
          userId: null,
        });
      } catch (err) {
        if (err instanceof ApiError && (err.statusCode === 400 || err.statusCode === 409))
          throw new OpenApiError('ORDER_NOT_RETURNABLE', err.message);
        throw err;
      }
      const after = (await clientOrderByOutNo(ctx.db, caller.id, outOrderNo))!;
      const code = await productCodeOf(ctx.db, caller.tenantId, after.productId);
      return answer(reply, openOrder(after, code, await heldCodes(ctx, after)));
    });

    open.get(urlOf(route('listProducts')), { config }, async (request, reply) => {
      const caller = request.openApp!;
      const rows = await ctx.db
        .selectFrom('bladePsclientAppProduct as a')
        .innerJoin('bladePsclientProduct as p', 'p.id', 'a.productId')
        .select(['p.productCode', 'p.productName', 'p.marketAmount', 'p.salePrice'])
        .where('a.appId', '=', caller.id)
        .where('p.tenantId', '=', caller.tenantId)
        .where('p.isDeleted', '=', 0)
        .where('p.enabled', '=', 1)
        .where('p.onShelf', '=', 1)
        .orderBy('p.productCode')
        .execute();
      return answer(
        reply,
        rows.map((r) => ({
          productCode: r.productCode,
          productName: r.productName,
          marketAmount: fenToYuan(Number(r.marketAmount)),
          salePrice: fenToYuan(Number(r.salePrice)),
        })),
      );
    });

    open.get(urlOf(route('getBalance')), { config }, async (request, reply) => {
      const caller = request.openApp!;
      const row = await ctx.db
        .selectFrom('bladePsclientAppPrepay')
        .select(['balance', 'creditLimit'])
        .where('tenantId', '=', caller.tenantId)
        .where('appId', '=', caller.id)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      const balance = Number(row?.balance ?? 0);
      const creditLimit = Number(row?.creditLimit ?? 0);
      return answer(reply, {
        balance: fenToYuan(balance),
        creditLimit: fenToYuan(creditLimit),
        available: fenToYuan(balance + creditLimit),
      });
    });
  });
}
