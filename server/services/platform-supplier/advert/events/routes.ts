import type { FastifyInstance } from 'fastify';
import {
  AD_EVENT_CALLS,
  AD_EVENT_LIMITS,
  AD_EVENT_REFUSALS,
} from '../../../../../src/contracts/platform-ad/ad-event.js';
import {
  OPEN_ERRORS,
  type OpenErrorCode,
} from '../../../../../src/contracts/platform-client/open-api.js';
import { PUBLIC } from '../../../../auth/rules.js';
import { nextId } from '../../../../lib/ids.js';
import { hitWindow } from '../../../../lib/shared-rate-limit.js';
import { ipAllowed } from '../../../platform-client/app/ip-allowlist.js';
import { OpenApiError, openErrorBody } from '../../../platform-client/open-api/errors.js';
import { authenticate } from '../../../platform-client/open-api/signing.js';
import { ingestAdEvents } from './ingest.js';
import { adRollupWorker } from './worker.js';

/** 1,000 events of a few hundred bytes each, with room. */
const BODY_LIMIT = 1024 * 1024;

/**
 * `POST /api/${ADVERT}/event/ingest` (issue 28 item 3): delivery events from a feed, signed like
 * the open order API (an app's appKey, timestamp, nonce and HMAC over the body, signing.ts; the
 * tenant is the app's, the app is the events' source), with the app's IP allowlist, enabled flag
 * and rate limit (its own window). Answers like the open API: `{code: 'OK', message, data:
 * {accepted, duplicates, rejected}}`, refusals `{code, message, messageEn, detail?, requestId}`
 * (401 unsigned, bad signature, replayed nonce). Wakes the roll-up job after a call. The job
 * runs from when the server is ready until it closes.
 */
export default async function adEventRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const rollup = adRollupWorker(ctx, { logger: app.log });
  app.addHook('onReady', async () => rollup.start());
  app.addHook('onClose', async () => rollup.stop());

  await app.register(async (feed) => {
    // The signature covers the body's bytes: JSON is read as a Buffer and parsed after the check.
    feed.removeAllContentTypeParsers();
    feed.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    feed.setErrorHandler((err, request, reply) => {
      const requestId = nextId();
      let code: OpenErrorCode = 'INTERNAL';
      let detail: string | undefined;
      const status = (err as { statusCode?: number }).statusCode;
      if (err instanceof OpenApiError) {
        code = err.code;
        detail = err.detail;
        if (err.retryAfter) void reply.header('Retry-After', String(err.retryAfter));
      } else if (status === 413) {
        code = 'BAD_REQUEST';
        detail = 'body: too large';
      } else if (status === 415) {
        code = 'BAD_REQUEST';
        detail = 'body: send application/json';
      } else request.log.error({ err, requestId }, 'ad event ingest: unexpected error');
      return reply.status(OPEN_ERRORS[code].status).send(openErrorBody(code, detail, requestId));
    });

    feed.post(
      `/api/${AD_EVENT_CALLS.ingest}`,
      {
        config: {
          access: PUBLIC,
          doc: {
            summary: {
              zh: '投放事件上报（签名同开放接口）：每次最多1000个，逐条应答',
              en: 'Delivery events from a feed (signed like the open API): at most 1,000, answered per event',
            },
            response: {
              zh: '{accepted 新存入数, duplicates 重复数（同一eventId已存过或本次重复）, rejected: [{index, eventId, message}]}',
              en: '{accepted, duplicates (an eventId stored before or twice in the call), rejected: [{index, eventId, message}]}',
            },
          },
        },
      },
      async (request, reply) => {
        const raw = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
        // The caller signs the path it called (before any BLADE_ORG rewrite).
        const caller = await authenticate(
          ctx,
          {
            method: request.method,
            url: request.originalUrl,
            headers: request.headers,
            rawBody: raw,
          },
          ctx.now(),
        );
        if (!ipAllowed(caller.ipAllowlist, request.ip)) throw new OpenApiError('IP_DENIED');
        if (caller.enabled !== 1) throw new OpenApiError('APP_DISABLED');
        const hit = await hitWindow(ctx.db, `adevent:${caller.id}`, 60_000);
        if (hit.hits > caller.rateLimit)
          throw new OpenApiError('RATE_LIMITED', undefined, hit.retryAfter);
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new OpenApiError('BAD_REQUEST', AD_EVENT_REFUSALS.body.zh);
        }
        const events = (body as { events?: unknown } | null)?.events;
        if (!Array.isArray(events))
          throw new OpenApiError('BAD_REQUEST', AD_EVENT_REFUSALS.body.zh);
        if (events.length > AD_EVENT_LIMITS.batch)
          throw new OpenApiError('BAD_REQUEST', AD_EVENT_REFUSALS.tooMany.zh);
        const data = await ingestAdEvents(ctx.db, caller.tenantId, caller.id, events, ctx.now());
        if (data.accepted > 0) rollup.wake();
        return reply.send({ code: 'OK', message: '成功', data });
      },
    );
  });
}
