import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  NONCE_PATTERN,
  OPEN_HEADERS,
  stringToSign,
  TIMESTAMP_WINDOW_SECONDS,
} from '../../../../src/contracts/platform-client/open-api.js';
import type { AppContext } from '../../../context.js';
import { prepared } from '../../../db/prepared.js';
import type { DB } from '../../../db/schema.js';
import { appSecretOf } from '../app/secret.js';
import { OpenApiError } from './errors.js';

/**
 * The open API's caller check (issue 27 item 4): appKey, timestamp within the window, the
 * HMAC-SHA256 signature over stringToSign with the app's secret (derived, never stored:
 * app/secret.ts), then the nonce, claimed once per app in the database so a replay is refused on
 * every process. The nonce is claimed only once the signature holds: a forged request cannot
 * burn an app's nonces.
 */

export interface OpenApp {
  id: string;
  tenantId: string;
  clientId: string;
  appKey: string;
  enabled: number;
  ipAllowlist: string | null;
  rateLimit: number;
  secretSalt: string;
  /** Where the app's callbacks go (read with the app, so an order need not read it again). */
  callbackUrl: string | null;
}

export const sha256Hex = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');

export const signWith = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('hex');

const header = (headers: Record<string, unknown>, name: string) => {
  const v = headers[name.toLowerCase()];
  return typeof v === 'string' ? v.trim() : undefined;
};

let lastSweep = 0;

// Every call runs these two (prepared.ts: built once).
const appByKey = prepared<{ appKey: string }>()((db, arg) =>
  db
    .selectFrom('bladePsclientApp')
    .select([
      'id',
      'tenantId',
      'clientId',
      'appKey',
      'enabled',
      'ipAllowlist',
      'rateLimit',
      'secretSalt',
      'callbackUrl',
    ])
    .where('appKey', '=', arg('appKey'))
    .where('isDeleted', '=', 0),
);
const claimNonce = prepared<{ appKey: string; nonce: string; seenAt: number }>()((db, arg) =>
  db
    .insertInto('bladeOpenApiNonce')
    .values({ appKey: arg('appKey'), nonce: arg('nonce'), seenAt: arg('seenAt') })
    .onConflict((oc) => oc.doNothing())
    .returning('nonce'),
);

export async function authenticate(
  ctx: Pick<AppContext, 'db' | 'jwtSecret'>,
  request: { method: string; url: string; headers: Record<string, unknown>; rawBody: Buffer },
  nowSeconds: number,
): Promise<OpenApp> {
  const appKey = header(request.headers, OPEN_HEADERS.appKey);
  const timestamp = header(request.headers, OPEN_HEADERS.timestamp);
  const nonce = header(request.headers, OPEN_HEADERS.nonce);
  const signature = header(request.headers, OPEN_HEADERS.signature);
  if (!appKey || !timestamp || !nonce || !signature) throw new OpenApiError('AUTH_MISSING');
  const app = await appByKey.first(ctx.db, { appKey });
  if (!app) throw new OpenApiError('APP_UNKNOWN');
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    Math.abs(nowSeconds - Number(timestamp)) > TIMESTAMP_WINDOW_SECONDS
  )
    throw new OpenApiError('TIMESTAMP_STALE');
  if (!NONCE_PATTERN.test(nonce)) throw new OpenApiError('AUTH_MISSING', 'X-Nonce');
  const expected = signWith(
    appSecretOf(ctx, app),
    stringToSign({
      method: request.method,
      path: request.url,
      timestamp,
      nonce,
      bodySha256: sha256Hex(request.rawBody),
    }),
  );
  const given = Buffer.from(signature.toLowerCase());
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected)))
    throw new OpenApiError('SIGNATURE_INVALID');
  const claimed = await claimNonce.first(ctx.db, { appKey, nonce, seenAt: nowSeconds });
  if (!claimed) throw new OpenApiError('NONCE_REUSED');
  await sweepNonces(ctx.db, nowSeconds);
  return { ...app, enabled: Number(app.enabled), rateLimit: Number(app.rateLimit) };
}

/** Nonces older than twice the window can no longer be replayed (their timestamp is stale). */
async function sweepNonces(db: Kysely<DB>, nowSeconds: number) {
  if (nowSeconds - lastSweep < 60) return;
  lastSweep = nowSeconds;
  await db
    .deleteFrom('bladeOpenApiNonce')
    .where('seenAt', '<', nowSeconds - 2 * TIMESTAMP_WINDOW_SECONDS)
    .execute();
}
