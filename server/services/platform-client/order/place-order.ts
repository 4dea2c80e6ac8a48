import type { Kysely } from 'kysely';
import { clientOrderLifecycle } from '../../../../machines/lifecycles/client-order-machine.js';
import {
  MAX_ORDER_QUANTITY,
  OUT_ORDER_NO_PATTERN,
} from '../../../../src/contracts/platform-client/open-api.js';
import { amountWithinBound } from '../../../../src/contracts/money.js';
import { FAILURE_REASONS, LEDGER_REASONS } from '../../../../src/contracts/server-texts.js';
import type { DB } from '../../../db/schema.js';
import { isUniqueViolation } from '../../../db/unique.js';
import { ApiError } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { nowText } from '../../../lib/time.js';
import {
  fulfil,
  reissueOrder,
  type FulfilContext,
  type FulfilRequest,
} from '../../platform-supplier/order/fulfil.js';
import { sealContactPhone } from '../../platform-supplier/sup/contact-phone.js';
import { enqueueCallback } from '../callback/outbox.js';
import { clientOrderNoOf } from '../numbers.js';
import { changePrepay } from '../prepay/ledger.js';
import { PlaceOrderRefusal } from './refusal.js';
import { takeAppStock } from '../stock/ledger.js';
import { chooseGood } from '../product/good-choice.js';
import { businessDay, forbiddenSaleDay } from '../product/forbidden-days.js';
import { failClientOrder, settleFailRecord } from './fail-order.js';
import {
  clientOrderByOutNo,
  clientOrderRow,
  writeClientOrderMove,
  type ClientOrderRow,
} from './order-row.js';

/**
 * Placing a client order (issue 27 item 4, domain.md "client product order"): the one service
 * path of the open API, the bulk import and the demo data.
 *
 * 1. Checks that refuse with nothing written: the outOrderNo already names an order of the app
 *    (answered with that order), the product (live, enabled, on the shelf, authorised to the
 *    app), the forbidden-sale day, the quantity.
 * 2. One transaction: the order written as `fulfilling` (created -> paid -> fulfilling, as the
 *    machine allows) and the prepay charged at the product's current price through the prepay
 *    ledger. Too little prepay rolls it back: refused, nothing written. Of two requests with one
 *    outOrderNo the unique index (app, outOrderNo) lets one write; the other answers its order.
 * 3. The good chosen by the product's rule, then the supplier side's `fulfil`, whose success
 *    transaction also moves this order to `success` (and queues its callback), and whose failure
 *    transaction moves it to `failed`, returns the prepay, opens a place-order-fail and queues
 *    the callback. Either outcome commits with the supplier order, so the two never disagree.
 *    A process that dies between 2 and 3 leaves an order `fulfilling`: the recovery worker fails
 *    it (prepay returned) after RECOVER_AFTER_SECONDS.
 */

export { PlaceOrderRefusal } from './refusal.js';

export interface PlaceOrderRequest {
  tenantId: string;
  app: { id: string; clientId: string };
  productCode: string;
  quantity: number;
  outOrderNo: string;
  phone?: string | null;
  source: 'api' | 'bulk' | 'console';
  userId?: string | null;
  /** The business day to check forbidden-sale days against (default: today in Asia/Shanghai). */
  day?: string;
}

export interface PlaceOrderOutcome {
  order: ClientOrderRow;
  productCode: string;
  /** The outOrderNo named an existing order: this is it, nothing was done. */
  replayed: boolean;
}

const PAID = transitionOrConflict(clientOrderLifecycle, 'created', 'pay');
const FULFILLING = transitionOrConflict(clientOrderLifecycle, PAID, 'fulfil');
const SUCCESS = transitionOrConflict(clientOrderLifecycle, FULFILLING, 'succeed');

/** How long a repeated outOrderNo waits for the first request's outcome (ms). */
const REPLAY_WAIT_MS = 5000;

async function replay(
  db: Kysely<DB>,
  existing: ClientOrderRow,
  req: PlaceOrderRequest,
  productId: string | undefined,
): Promise<ClientOrderRow> {
  if (existing.quantity !== req.quantity || (productId && existing.productId !== productId))
    throw new PlaceOrderRefusal('OUT_ORDER_NO_CONFLICT');
  let order = existing;
  const until = Date.now() + REPLAY_WAIT_MS;
  while (order.state === FULFILLING && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    order = (await clientOrderRow(db, order.tenantId, order.id)) ?? order;
  }
  return order;
}

async function productFor(db: Kysely<DB>, tenantId: string, appId: string, productCode: string) {
  const product = await db
    .selectFrom('bladePsclientProduct')
    .select(['id', 'productCode', 'salePrice', 'enabled', 'onShelf'])
    .where('tenantId', '=', tenantId)
    .where('productCode', '=', productCode)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!product || Number(product.enabled) !== 1 || Number(product.onShelf) !== 1)
    throw new PlaceOrderRefusal('PRODUCT_UNAVAILABLE');
  const authorised = await db
    .selectFrom('bladePsclientAppProduct')
    .select('id')
    .where('appId', '=', appId)
    .where('productId', '=', product.id)
    .executeTakeFirst();
  if (!authorised) throw new PlaceOrderRefusal('PRODUCT_NOT_AUTHORISED');
  return { id: product.id, salePrice: Number(product.salePrice) };
}

export async function placeOrder(
  ctx: FulfilContext,
  req: PlaceOrderRequest,
): Promise<PlaceOrderOutcome> {
  const { tenantId, app, quantity, outOrderNo } = req;
  if (!OUT_ORDER_NO_PATTERN.test(outOrderNo))
    throw new PlaceOrderRefusal('BAD_REQUEST', 'outOrderNo');
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_ORDER_QUANTITY)
    throw new PlaceOrderRefusal('BAD_REQUEST', 'quantity');
  const existing = await clientOrderByOutNo(ctx.db, app.id, outOrderNo);
  if (existing) {
    const productId = (await productIdOf(ctx.db, tenantId, req.productCode)) ?? '';
    return {
      order: await replay(ctx.db, existing, req, productId),
      productCode: req.productCode,
      replayed: true,
    };
  }
  const product = await productFor(ctx.db, tenantId, app.id, req.productCode);
  const day = req.day ?? businessDay();
  if (await forbiddenSaleDay(ctx.db, { tenantId, productId: product.id, day }))
    throw new PlaceOrderRefusal('FORBIDDEN_SALE_DAY', day);
  const amount = product.salePrice * quantity;
  if (!amountWithinBound(amount)) throw new PlaceOrderRefusal('BAD_REQUEST', 'amount');

  const id = nextId();
  const now = nowText();
  const userId = req.userId ?? null;
  const phone = req.phone?.trim() || null;
  const row = {
    id,
    tenantId,
    orderNo: clientOrderNoOf(id, now),
    outOrderNo,
    clientId: app.clientId,
    appId: app.id,
    productId: product.id,
    goodId: null,
    supOrderId: null,
    quantity,
    salePrice: product.salePrice,
    amount,
    returnedQuantity: 0,
    returnedAmount: 0,
    phone: sealContactPhone(ctx, phone),
    phoneMask: phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : null,
    state: FULFILLING,
    source: req.source,
    lastError: null,
    finishTime: null,
    enabled: 1,
    remark: null,
    createUser: userId,
    createDept: null,
    createTime: now,
    updateUser: null,
    updateTime: null,
    status: 1,
    isDeleted: 0,
    version: 1,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('bladeClientProductOrder').values(row).execute();
      await changePrepay(trx, {
        tenantId,
        appId: app.id,
        amount: -amount,
        changeType: 'order',
        reason: LEDGER_REASONS.clientOrder.zh,
        sourceId: id,
        sourceNo: row.orderNo,
        userId,
      });
      // A stock reserved for the app (client-app-stock) is taken too; none: not limited.
      await takeAppStock(trx, {
        tenantId,
        appId: app.id,
        productId: product.id,
        quantity,
        orderId: id,
        orderNo: row.orderNo,
        userId,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const first = await clientOrderByOutNo(ctx.db, app.id, outOrderNo);
      if (first)
        return {
          order: await replay(ctx.db, first, req, product.id),
          productCode: req.productCode,
          replayed: true,
        };
    }
    if (err instanceof ApiError && err.statusCode === 400)
      throw new PlaceOrderRefusal('PREPAY_INSUFFICIENT', err.message);
    throw err;
  }
  const order = { ...row } as ClientOrderRow;
  await fulfilClientOrder(ctx, order, userId, { productCode: req.productCode });
  return {
    order: (await clientOrderRow(ctx.db, tenantId, id))!,
    productCode: req.productCode,
    replayed: false,
  };
}

async function productIdOf(db: Kysely<DB>, tenantId: string, productCode: string) {
  const row = await db
    .selectFrom('bladePsclientProduct')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('productCode', '=', productCode)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The fulfilment of an order that is `fulfilling` with its prepay charged (a new order, or a
 * reissued one): the good by the product's rule, then `fulfil`, whose transactions move this
 * order too. An error `fulfil` throws (a good gone, the database) fails the order on its own.
 */
export async function fulfilClientOrder(
  ctx: FulfilContext,
  order: ClientOrderRow,
  userId: string | null,
  options: { reissue?: boolean; productCode?: string } = {},
): Promise<void> {
  const { tenantId } = order;
  const within = clientOrderMoves(order, userId, options.reissue ?? false, options.productCode);
  if (order.supOrderId) {
    // A reissue of an order whose supplier order failed: that order is fulfilled again in
    // place (which also settles its error order), with this order's moves in its transactions.
    try {
      await reissueOrder(ctx, { tenantId, orderId: order.supOrderId, userId, within });
    } catch (err) {
      await failAlone(ctx, order, err, userId);
    }
    return;
  }
  const good = await chooseGood(ctx.db, {
    tenantId,
    productId: order.productId,
    quantity: order.quantity,
    now: nowText(),
  });
  if (!good) {
    await ctx.db
      .transaction()
      .execute((trx) =>
        failClientOrder(trx, order, FAILURE_REASONS.noGoodMapped.zh, nowText(), userId),
      );
    return;
  }
  try {
    await fulfil(ctx, {
      tenantId,
      goodId: good.goodId,
      quantity: order.quantity,
      // The supplier order's 客户订单号 is this order's number (what an operator searches by).
      clientOrderId: order.orderNo,
      clientId: order.clientId,
      appId: order.appId,
      actualAmount: order.amount,
      userId,
      within,
    });
  } catch (err) {
    await failAlone(ctx, order, err, userId);
  }
}

/** An error the fulfilment threw (a good gone, the database): the order fails on its own. */
async function failAlone(
  ctx: FulfilContext,
  order: ClientOrderRow,
  err: unknown,
  userId: string | null,
) {
  const reason =
    err instanceof ApiError && err.statusCode < 500
      ? err.message
      : FAILURE_REASONS.fulfilInterrupted.zh;
  await ctx.db
    .transaction()
    .execute((trx) => failClientOrder(trx, order, reason, nowText(), userId));
}

/** This order's moves, run in the supplier order's success and failure transactions. */
function clientOrderMoves(
  order: ClientOrderRow,
  userId: string | null,
  reissue: boolean,
  productCode?: string,
): FulfilRequest['within'] {
  const { tenantId } = order;
  return {
    succeeded: async (trx, supOrder, now) => {
      const current = (await clientOrderRow(trx, tenantId, order.id))!;
      const moved = {
        goodId: supOrder.goodId,
        supOrderId: supOrder.id,
        lastError: null,
        finishTime: now,
        updateTime: now,
      };
      const won =
        current.state === FULFILLING && (await writeClientOrderMove(trx, current, SUCCESS, moved));
      // Recovered meanwhile (failed, prepay returned): the codes must not go out.
      if (!won) throw new ApiError(409, '订单已被处理');
      if (reissue) await settleFailRecord(trx, order, userId, now);
      const after = { ...current, ...moved, state: SUCCESS, version: current.version + 1 };
      await enqueueCallback(trx, after, 'order.success', now, productCode);
    },
    failed: async (trx, supOrder, error, now) => {
      const sup = await trx
        .selectFrom('bladeSupOrder')
        .select('goodId')
        .where('id', '=', supOrder.id)
        .executeTakeFirst();
      await failClientOrder(trx, order, error, now, userId, {
        supOrderId: supOrder.id,
        ...(sup ? { goodId: sup.goodId } : {}),
      });
    },
  };
}
