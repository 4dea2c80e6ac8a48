import type { Kysely } from 'kysely';
import type { CallbackEvent } from '../../../../src/contracts/platform-client/open-api.js';
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
export async function enqueueCallback(
  trx: Kysely<DB>,
  order: ClientOrderRow,
  eventType: CallbackEvent,
  now: string,
  /** The order's product code when the caller has it (saves a read). */
  knownProductCode?: string,
): Promise<string | undefined> {
  const app = await trx
    .selectFrom('bladePsclientApp')
    .select('callbackUrl')
    .where('id', '=', order.appId)
    .executeTakeFirst();
  if (!app?.callbackUrl) return undefined;
  const productCode =
    knownProductCode ??
    (
      await trx
        .selectFrom('bladePsclientProduct')
        .select('productCode')
        .where('id', '=', order.productId)
        .executeTakeFirst()
    )?.productCode;
  const id = nextId();
  const eventId = `evt_${id}`;
  const { codes: _codes, ...data } = openOrder(order, productCode ?? '', []);
  await trx
    .insertInto('bladeCallbackOutbox')
    .values({
      id,
      tenantId: order.tenantId,
      eventId,
      appId: order.appId,
      orderId: order.id,
      orderNo: order.orderNo,
      outOrderNo: order.outOrderNo,
      eventType,
      payload: JSON.stringify({ eventId, eventType, occurredAt: now, data }),
      state: 'pending',
      attempts: 0,
      nextAttemptAt: Date.now(),
      claimedUntil: 0,
      lastStatus: null,
      lastError: null,
      deliveredTime: null,
      createTime: now,
    })
    .execute();
  return eventId;
}
