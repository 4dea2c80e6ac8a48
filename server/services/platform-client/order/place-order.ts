import { sql, type Kysely } from 'kysely';
import { clientOrderLifecycle } from '../../../../machines/lifecycles/client-order-machine.js';
import {
  MAX_ORDER_QUANTITY,
  OUT_ORDER_NO_PATTERN,
} from '../../../../src/contracts/platform-client/open-api.js';
import { amountWithinBound } from '../../../../src/contracts/money.js';
import { FAILURE_REASONS, LEDGER_REASONS } from '../../../../src/contracts/server-texts.js';
import { prepared, preparedInsert } from '../../../db/prepared.js';
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
  type IssuedCode,
} from '../../platform-supplier/order/fulfil.js';
import { sealContactPhone } from '../../platform-supplier/sup/contact-phone.js';
import { enqueueCallback } from '../callback/outbox.js';
import { clientOrderNoOf } from '../numbers.js';
import { changePrepay } from '../prepay/ledger.js';
import type { OpenCode } from './present.js';
import { PlaceOrderRefusal } from './refusal.js';
import { takeAppStock } from '../stock/ledger.js';
import { chooseGood } from '../product/good-choice.js';
import { businessDay, forbiddenSaleDay } from '../product/forbidden-days.js';
import { failClientOrder, settleFailRecord } from './fail-order.js';
import { clientOrderByOutNo, clientOrderRow, type ClientOrderRow } from './order-row.js';

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
  /** `callbackUrl` when the caller read it with the app (saves a read per order). */
  app: { id: string; clientId: string; callbackUrl?: string | null };
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
  /**
   * The codes a new order succeeded with, opened, in code id order (as `heldCodes` reads them);
   * absent otherwise (the caller reads what the order holds).
   */
  codes?: OpenCode[];
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

// The queries every order runs, built once (db/prepared.ts).
const productForApp = prepared<{ tenantId: string; productCode: string; appId: string }>()(
  (db, arg) =>
    db
      .selectFrom('bladePsclientProduct as p')
      .leftJoin('bladePsclientAppProduct as a', (j) =>
        j.onRef('a.productId', '=', 'p.id').on('a.appId', '=', arg('appId')),
      )
      .select(['p.id', 'p.salePrice', 'p.enabled', 'p.onShelf', 'p.setRule', 'a.id as authorised'])
      .where('p.tenantId', '=', arg('tenantId'))
      .where('p.productCode', '=', arg('productCode'))
      .where('p.isDeleted', '=', 0),
);
const insertOrder = preparedInsert('bladeClientProductOrder');
const moveToSuccess = prepared<{
  tenantId: string;
  id: string;
  version: number;
  goodId: string;
  supOrderId: string;
  finishTime: string;
}>()((db, arg) =>
  db
    .updateTable('bladeClientProductOrder')
    .set({
      goodId: arg('goodId'),
      supOrderId: arg('supOrderId'),
      lastError: null,
      finishTime: arg('finishTime'),
      updateTime: arg('finishTime'),
      state: SUCCESS,
      version: sql<number>`version + 1`,
    })
    .where('tenantId', '=', arg('tenantId'))
    .where('id', '=', arg('id'))
    .where('state', '=', FULFILLING)
    .where('version', '=', arg('version')),
);

/** The product as an order of the app needs it; refused when it may not be ordered. */
async function productFor(db: Kysely<DB>, tenantId: string, appId: string, productCode: string) {
  const product = await productForApp.first(db, { tenantId, productCode, appId });
  if (!product || Number(product.enabled) !== 1 || Number(product.onShelf) !== 1)
    throw new PlaceOrderRefusal('PRODUCT_UNAVAILABLE');
  if (!product.authorised) throw new PlaceOrderRefusal('PRODUCT_NOT_AUTHORISED');
  return { id: product.id, salePrice: Number(product.salePrice), setRule: product.setRule };
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
  const row: ClientOrderRow = {
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
      await insertOrder.run(trx, row);
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
  const succeeded = await fulfilClientOrder(ctx, row, userId, {
    productCode: req.productCode,
    setRule: product.setRule,
    callbackUrl: app.callbackUrl,
  });
  if (succeeded)
    return {
      order: succeeded.order,
      productCode: req.productCode,
      replayed: false,
      codes: [...succeeded.codes]
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map(({ code, pin, validEnd }) => ({ code, pin, validEnd })),
    };
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
 * The order as it succeeded and its codes, or undefined when it did not.
 */
export async function fulfilClientOrder(
  ctx: FulfilContext,
  order: ClientOrderRow,
  userId: string | null,
  options: FulfilOptions = {},
): Promise<{ order: ClientOrderRow; codes: IssuedCode[] } | undefined> {
  const { tenantId } = order;
  const outcome: { succeeded?: ClientOrderRow } = {};
  const within = clientOrderMoves(order, userId, options, outcome);
  if (order.supOrderId) {
    // A reissue of an order whose supplier order failed: that order is fulfilled again in
    // place (which also settles its error order), with this order's moves in its transactions.
    try {
      const done = await reissueOrder(ctx, { tenantId, orderId: order.supOrderId, userId, within });
      if (outcome.succeeded) return { order: outcome.succeeded, codes: done.codes };
    } catch (err) {
      await failAlone(ctx, order, err, userId);
    }
    return undefined;
  }
  const good = await chooseGood(ctx.db, {
    tenantId,
    productId: order.productId,
    quantity: order.quantity,
    now: nowText(),
    ...(options.setRule ? { setRule: options.setRule } : {}),
  });
  if (!good) {
    await ctx.db
      .transaction()
      .execute((trx) =>
        failClientOrder(trx, order, FAILURE_REASONS.noGoodMapped.zh, nowText(), userId),
      );
    return undefined;
  }
  try {
    const done = await fulfil(ctx, {
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
    if (outcome.succeeded) return { order: outcome.succeeded, codes: done.codes };
  } catch (err) {
    await failAlone(ctx, order, err, userId);
  }
  return undefined;
}

interface FulfilOptions {
  reissue?: boolean;
  /** What the caller read already (each saves a read per order). */
  productCode?: string;
  setRule?: string;
  callbackUrl?: string | null;
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
  options: FulfilOptions,
  outcome: { succeeded?: ClientOrderRow },
): FulfilRequest['within'] {
  return {
    succeeded: async (trx, supOrder, now) => {
      // Conditional on the state and version the order had when fulfilment began: one
      // recovered meanwhile (failed, prepay returned) has moved on, and its codes must not go out.
      const won =
        order.state === FULFILLING &&
        (
          await moveToSuccess.run(trx, {
            tenantId: order.tenantId,
            id: order.id,
            version: order.version,
            goodId: supOrder.goodId,
            supOrderId: supOrder.id,
            finishTime: now,
          })
        ).changed === 1;
      if (!won) throw new ApiError(409, '订单已被处理');
      if (options.reissue) await settleFailRecord(trx, order, userId, now);
      const after: ClientOrderRow = {
        ...order,
        goodId: supOrder.goodId,
        supOrderId: supOrder.id,
        lastError: null,
        finishTime: now,
        updateTime: now,
        state: SUCCESS,
        version: order.version + 1,
      };
      await enqueueCallback(trx, after, 'order.success', now, {
        ...(options.productCode ? { productCode: options.productCode } : {}),
        ...(options.callbackUrl !== undefined ? { callbackUrl: options.callbackUrl } : {}),
      });
      outcome.succeeded = after;
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
