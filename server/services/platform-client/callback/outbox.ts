import type { Kysely } from 'kysely';
import type { CallbackEvent } from '../../../../src/contracts/platform-client/open-api.js';
import { prepared, preparedInsert } from '../../../db/prepared.js';
import type { DB } from '../../../db/schema.js';
import { nextId } from '../../../lib/ids.js';
import type { ClientOrderRow } from '../order/order-row.js';
import { openOrder } from '../order/present.js';

/**
 * The callback outbox (issue 27 item 4): each final outcome of a client order is written here in
 * the transaction that reaches it, so an outcome and its notice commit together; the callback
 * worker (worker.ts) delivers them. The payload never holds codes (no plain codes at rest): the
 * app reads them with GET /open/v1/orders/{outOrderNo}. Apps without a callback URL get none.
 */
const callbackUrlOf = prepared<{ appId: string }>()((db, arg) =>
  db.selectFrom('bladePsclientApp').select('callbackUrl').where('id', '=', arg('appId')),
);
const productCodeOf = prepared<{ productId: string }>()((db, arg) =>
  db.selectFrom('bladePsclientProduct').select('productCode').where('id', '=', arg('productId')),
);
const insertEvent = preparedInsert('bladeCallbackOutbox');

/** What the caller may already know of the order's app and product (each saves a read). */
export interface KnownForCallback {
  productCode?: string;
  /** The app's callback URL as read in this request (null: none). */
  callbackUrl?: string | null;
}

export async function enqueueCallback(
  trx: Kysely<DB>,
  order: ClientOrderRow,
  eventType: CallbackEvent,
  now: string,
  known: KnownForCallback = {},
): Promise<string | undefined> {
  const callbackUrl =
    known.callbackUrl !== undefined
      ? known.callbackUrl
      : (await callbackUrlOf.first(trx, { appId: order.appId }))?.callbackUrl;
  if (!callbackUrl) return undefined;
  const productCode =
    known.productCode ??
    (await productCodeOf.first(trx, { productId: order.productId }))?.productCode;
  const id = nextId();
  const eventId = `evt_${id}`;
  const { codes: _codes, ...data } = openOrder(order, productCode ?? '', []);
  await insertEvent.run(trx, {
    id,
    tenantId: order.tenantId,
    eventId,
    appId: order.appId,
    orderId: order.id,
    orderNo: order.orderNo,
    outOrderNo: order.outOrderNo,
    eventType,
    payload: JSON.stringify({ eventId, eventType, occurredAt: now, data }),
    nextAttemptAt: Date.now(),
    createTime: now,
    state: 'pending',
    attempts: 0,
    claimedUntil: 0,
    lastStatus: null,
    lastError: null,
    deliveredTime: null,
  });
  return eventId;
}
