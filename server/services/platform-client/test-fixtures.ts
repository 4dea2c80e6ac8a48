import type { Kysely } from 'kysely';
import { OPEN_API_PREFIX, stringToSign } from '../../../src/contracts/platform-client/open-api.js';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { nextId } from '../../lib/ids.js';
import { nowText } from '../../lib/time.js';
import type { TestApp } from '../../test/support.js';
import { appSecretOf, newSecretSalt, secretHintOf } from './app/secret.js';
import { sha256Hex, signWith } from './open-api/signing.js';
import { changePrepay } from './prepay/ledger.js';

/**
 * Rows the client service's tests start from, written straight to the database (the routes
 * under test are not the ones that create them), and a signed open API caller.
 */

const audit = () => ({
  createUser: null,
  createDept: null,
  createTime: nowText(),
  updateUser: null,
  updateTime: null,
  status: 1,
  isDeleted: 0,
});

export async function insertClient(db: Kysely<DB>, tenantId: string, clientCode: string) {
  const id = nextId();
  await db
    .insertInto('bladePsclient')
    .values({
      id,
      tenantId,
      clientCode,
      clientName: `接入方${clientCode}`,
      shortName: null,
      contactName: null,
      contactPhone: null,
      belongTenantId: null,
      enabled: 1,
      remark: null,
      ...audit(),
    })
    .execute();
  return id;
}

export interface TestClientApp {
  id: string;
  tenantId: string;
  clientId: string;
  appKey: string;
  secret: string;
}

/** An app with its prepay account (`prepay` fen, a 'topup' ledger row) and a derived secret. */
export async function insertApp(
  ctx: Pick<AppContext, 'db' | 'jwtSecret'>,
  tenantId: string,
  clientId: string,
  {
    prepay = 0,
    creditLimit = 0,
    callbackUrl = null as string | null,
    ipAllowlist = null as string | null,
    rateLimit = 100_000,
    enabled = 1,
  } = {},
): Promise<TestClientApp> {
  const id = nextId();
  const secretSalt = newSecretSalt();
  const secret = appSecretOf(ctx, { id, secretSalt });
  const appKey = `qk${id.slice(-16)}`;
  await ctx.db
    .insertInto('bladePsclientApp')
    .values({
      id,
      tenantId,
      clientId,
      appName: `应用${appKey}`,
      appKey,
      secretSalt,
      secretHint: secretHintOf(secret),
      secretTime: nowText(),
      callbackUrl,
      ipAllowlist,
      rateLimit,
      enabled,
      remark: null,
      ...audit(),
    })
    .execute();
  await ctx.db
    .insertInto('bladePsclientAppPrepay')
    .values({
      id: nextId(),
      tenantId,
      appId: id,
      clientId,
      balance: 0,
      creditLimit,
      warningAmount: null,
      prepayType: creditLimit > 0 ? 2 : 1,
      warned: 0,
      ...audit(),
    })
    .execute();
  if (prepay)
    await changePrepay(ctx.db, { tenantId, appId: id, amount: prepay, changeType: 'topup' });
  return { id, tenantId, clientId, appKey, secret };
}

/** A product on the shelf mapped to `goodIds` (priority in order) and authorised to `appIds`. */
export async function insertProduct(
  db: Kysely<DB>,
  tenantId: string,
  productCode: string,
  { salePrice = 4990, marketAmount = 5000, goodIds = [] as string[], appIds = [] as string[] } = {},
) {
  const id = nextId();
  await db
    .insertInto('bladePsclientProduct')
    .values({
      id,
      tenantId,
      productCode,
      productName: `产品${productCode}`,
      marketAmount,
      salePrice,
      setRule: 'priority',
      onShelf: 1,
      pictures: null,
      videos: null,
      description: null,
      enabled: 1,
      remark: null,
      ...audit(),
    })
    .execute();
  for (const [i, goodId] of goodIds.entries())
    await db
      .insertInto('bladeProductGoodMap')
      .values({
        id: nextId(),
        tenantId,
        productId: id,
        goodId,
        priority: i + 1,
        weight: 1,
        createUser: null,
        createTime: nowText(),
      })
      .execute();
  for (const appId of appIds)
    await db
      .insertInto('bladePsclientAppProduct')
      .values({
        id: nextId(),
        tenantId,
        appId,
        productId: id,
        createUser: null,
        createTime: nowText(),
      })
      .execute();
  return id;
}

/** Headers signing a request as `app` (tests vary what they break). */
export function signedHeaders(
  app: Pick<TestClientApp, 'appKey' | 'secret'>,
  method: string,
  path: string,
  body: string,
  {
    timestamp = String(Math.floor(Date.now() / 1000)),
    nonce = `n${nextId()}`,
    secret = app.secret,
  } = {},
): Record<string, string> {
  const signature = signWith(
    secret,
    stringToSign({ method, path, timestamp, nonce, bodySha256: sha256Hex(body) }),
  );
  return {
    'x-app-key': app.appKey,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': signature,
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
}

/** A signed call of the open API (path under /open/v1). */
export function openCall(
  t: Pick<TestApp, 'inject'>,
  app: Pick<TestClientApp, 'appKey' | 'secret'>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: Parameters<typeof signedHeaders>[4] & {
    headers?: Record<string, string>;
    ip?: string;
  } = {},
) {
  const url = `${OPEN_API_PREFIX}${path}`;
  const payload = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return t.inject({
    method,
    url,
    payload: payload || undefined,
    headers: { ...signedHeaders(app, method, url, payload, options), ...options.headers },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}
