import { sql, type Kysely } from 'kysely';
import { supOrderLifecycle } from '../../../../machines/lifecycles/sup-order-machine.js';
import type { AppContext } from '../../../context.js';
import { prepared, preparedInsert } from '../../../db/prepared.js';
import type { DB } from '../../../db/schema.js';
import { ApiError, badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import { changeBalance, chargedBalance } from '../balance/ledger.js';
import { codeDigests, openCode, sealedCode } from '../coupon-code/code-crypto.js';
import { DriverError, driverSupplier, supplierDriver, type DriverCard } from '../driver/index.js';
import { closeErrorOrder, recordFailure, type ErrorOrderCloser } from './error-order-moves.js';
import { moveRecord, transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { cardBatchNoOf, orderNoOf } from '../numbers.js';
import { allocateCodes, holdCodes } from './allocate.js';
import { orderRow, writeOrderMove, type SupOrderRow } from './order-row.js';

/**
 * Fulfilment of supplier orders (issue 18 item 3, domain.md "supplier order", "No overselling, no
 * double spending"): `fulfil` makes a new order, `reissueOrder` fulfils a failed one again in
 * place. Either way one transaction moves the order pending/failed -> issuing -> success, takes
 * the codes (or stores the supplier interface's cards) and charges the balance; when any of it
 * cannot be done (too few codes, too little balance, the supplier's interface refused) the
 * transaction rolls back, so no code and no money moved, and the failure is written afterwards
 * in its own transaction: the order `failed` with `lastError`, and an `open` error order.
 */

export type FulfilContext = Pick<AppContext, 'db' | 'dialect' | 'jwtSecret' | 'config'>;
export type { SupOrderRow } from './order-row.js';
export { orderRow } from './order-row.js';

export interface FulfilRequest {
  tenantId: string;
  goodId: string;
  quantity: number;
  clientOrderId?: string | null;
  clientId?: string | null;
  appId?: string | null;
  /** What the client paid for the whole order, fen. */
  actualAmount: number;
  userId?: string | null;
  /**
   * Work that commits with the outcome (the client order's own move, issue 27): `succeeded`
   * inside the transaction that writes the order as `success`, `failed` inside the one that
   * writes it as `failed` with its error order. A throw rolls that transaction back.
   */
  within?: {
    succeeded?: (trx: Kysely<DB>, order: SupOrderRow, now: string) => Promise<void>;
    failed?: (
      trx: Kysely<DB>,
      order: { id: string; orderNo: string },
      error: string,
      now: string,
    ) => Promise<void>;
  };
}

/** A code handed to the order, in plain text (for the caller: the client API gives it to the app). */
export interface IssuedCode {
  id: string;
  code: string;
  pin: string | null;
  validEnd: string | null;
}

export interface FulfilOutcome {
  order: SupOrderRow;
  /** Empty when the order failed. */
  codes: IssuedCode[];
  /** The zh reason when the order failed (also its lastError). */
  error?: string;
}

/** Most codes one order may take. */
export const MAX_ORDER_QUANTITY = 1000;
export const QUANTITY_INVALID = `数量须为1到${MAX_ORDER_QUANTITY}的整数`;
export const AMOUNT_INVALID = '实付金额须为不小于0的整数（分）';
export const GOOD_MISSING = '商品不存在';
export const notEnoughCodes = (available: number, wanted: number) =>
  `券码库存不足：可用${available}张，需要${wanted}张`;
export const CARD_TAKEN = '供应商接口返回的券码已在库中，未发放';
const INTERFACE_CARD = 3;

/** A reason the order cannot be fulfilled now: rolls the transaction back, fails the order. */
class FulfilFailure extends Error {}

interface GoodRow {
  id: string;
  supId: string;
  goodCode: string;
  goodName: string;
  goodType: number;
  marketAmount: number;
  costPrice: number;
  interfaceGoodCode: string | null;
}

// Read for every order (db/prepared.ts: built once).
const goodById = prepared<{ tenantId: string; goodId: string }>()((db, arg) =>
  db
    .selectFrom('bladeSupGood')
    .select([
      'id',
      'supId',
      'goodCode',
      'goodName',
      'goodType',
      'marketAmount',
      'costPrice',
      'interfaceGoodCode',
    ])
    .where('tenantId', '=', arg('tenantId'))
    .where('id', '=', arg('goodId'))
    .where('isDeleted', '=', 0),
);

const insertSupOrder = preparedInsert('bladeSupOrder');

async function goodOf(db: Kysely<DB>, tenantId: string, goodId: string) {
  const row = await goodById.first(db, { tenantId, goodId });
  return row
    ? ({
        ...row,
        goodType: Number(row.goodType),
        marketAmount: Number(row.marketAmount),
        costPrice: Number(row.costPrice),
      } as GoodRow)
    : undefined;
}

// The machine's answers for the fulfilment path, asked once (they are facts of the lifecycle).
const ISSUING = transitionOrConflict(supOrderLifecycle, 'pending', 'start');
const SUCCESS = transitionOrConflict(supOrderLifecycle, ISSUING, 'succeed');
const FAILED = transitionOrConflict(supOrderLifecycle, ISSUING, 'fail');

interface IssueStep {
  tenantId: string;
  goodId: string;
  /** Read inside the transaction when absent (one trip to the database for a new order). */
  good?: GoodRow | undefined;
  orderId: string;
  orderNo: string;
  quantity: number;
  userId: string | null;
  changeType: 'order' | 'reissue';
  /** Moves an existing order to `issuing` (a conditional update that may 409). */
  begin?: (trx: Kysely<DB>, now: string) => Promise<void>;
  /** Writes the order as `success` with its amounts (an insert, or a conditional update). */
  succeed: (
    trx: Kysely<DB>,
    now: string,
    good: GoodRow,
    amounts: { costAmount: number; marketAmount: number },
  ) => Promise<SupOrderRow | undefined>;
  /** More work that commits with the success (an error order marked reissued). */
  finish?: (trx: Kysely<DB>, now: string) => Promise<void>;
}

type Issued =
  { codes: IssuedCode[]; good: GoodRow; order: SupOrderRow } | { error: string; good: GoodRow };

/** Cards asked of the supplier's interface (outside any transaction), or why it refused. */
async function fetchCards(
  ctx: FulfilContext,
  s: IssueStep,
  good: GoodRow,
): Promise<{ cards: DriverCard[] } | { error: string }> {
  try {
    const supplier = await driverSupplier(ctx, s.tenantId, good.supId);
    const cards = await supplierDriver(ctx, supplier).fetchCards(
      supplier,
      { goodCode: good.goodCode, interfaceGoodCode: good.interfaceGoodCode },
      { quantity: s.quantity, orderNo: s.orderNo },
    );
    if (cards.length !== s.quantity)
      throw new DriverError('bad-answer', notEnoughCodes(cards.length, s.quantity));
    return { cards };
  } catch (err) {
    if (err instanceof DriverError) return { error: err.message };
    throw err;
  }
}

/** An interface good seen inside the transaction: its cards are fetched first, then it runs again. */
class NeedCards extends Error {
  constructor(readonly good: GoodRow) {
    super('cards first');
  }
}

/**
 * The transaction of a fulfilment. Answers the codes and the order, or the reason it failed
 * (after the rollback: nothing written). Other errors (404 for a good that is not the tenant's,
 * a 409 from `begin`/`succeed`/`finish`, a database failure) are thrown.
 */
async function issue(ctx: FulfilContext, s: IssueStep): Promise<Issued> {
  const { tenantId, quantity } = s;
  let known = s.good;
  let cards: DriverCard[] | undefined;
  for (;;) {
    if (known?.goodType === INTERFACE_CARD && !cards) {
      // The supplier's interface first, outside the transaction: a slow supplier holds no lock.
      const fetched = await fetchCards(ctx, s, known);
      if ('error' in fetched) return { error: fetched.error, good: known };
      cards = fetched.cards;
    }
    let used: GoodRow | undefined = known;
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const now = nowText();
        const good = known ?? (await goodOf(trx, tenantId, s.goodId));
        if (!good) throw notFound(GOOD_MISSING);
        used = good;
        if (good.goodType === INTERFACE_CARD && !cards) throw new NeedCards(good);
        await s.begin?.(trx, now);
        let issued: IssuedCode[];
        if (cards) issued = await storeCards(ctx, trx, s, good, cards, now);
        else {
          const taken = await allocateCodes(trx, ctx.dialect, {
            tenantId,
            goodId: good.id,
            quantity,
            orderId: s.orderId,
            now,
          });
          if ('available' in taken)
            throw new FulfilFailure(notEnoughCodes(taken.available, quantity));
          issued = taken.codes.map((r) => ({
            id: r.id,
            code: openCode(ctx, r.codeCipher),
            pin: r.pinCipher ? openCode(ctx, r.pinCipher) : null,
            validEnd: r.validEnd,
          }));
        }
        const costAmount = good.costPrice * quantity;
        const marketAmount = good.marketAmount * quantity;
        const owner = await chargedBalance(trx, tenantId, good.supId, good.id);
        try {
          await changeBalance(trx, {
            tenantId,
            owner,
            amount: -costAmount,
            changeType: s.changeType,
            reason: s.changeType === 'order' ? '订单扣款' : '补发扣款',
            sourceId: s.orderId,
            sourceNo: s.orderNo,
            userId: s.userId,
          });
        } catch (err) {
          if (err instanceof ApiError && err.statusCode === 400)
            throw new FulfilFailure(err.message);
          throw err;
        }
        const written = await s.succeed(trx, now, good, { costAmount, marketAmount });
        await s.finish?.(trx, now);
        const order = written ?? (await orderRow(trx, tenantId, s.orderId))!;
        return { codes: issued, good, order };
      });
    } catch (err) {
      if (err instanceof NeedCards) {
        known = err.good;
        continue;
      }
      if (err instanceof FulfilFailure) return { error: err.message, good: used! };
      throw err;
    }
  }
}

/** Cards from the supplier's interface: a batch of source 'interface', codes issued to the order. */
async function storeCards(
  ctx: FulfilContext,
  trx: Kysely<DB>,
  s: IssueStep,
  good: GoodRow,
  cards: DriverCard[],
  now: string,
): Promise<IssuedCode[]> {
  const audit = {
    createUser: s.userId,
    createDept: null,
    createTime: now,
    updateUser: null,
    updateTime: null,
    status: 1,
    isDeleted: 0,
  };
  const batchId = nextId();
  await trx
    .insertInto('bladeSupBatchCouponCode')
    .values({
      id: batchId,
      tenantId: s.tenantId,
      batchNo: cardBatchNoOf(batchId),
      supId: good.supId,
      goodId: good.id,
      source: 'interface',
      totalCount: cards.length,
      validStart: null,
      validEnd: null,
      importId: null,
      fileName: null,
      remark: s.orderNo,
      ...audit,
    })
    .execute();
  const sealed = cards.map((card) => ({
    id: nextId(),
    card,
    ...sealedCode(ctx, card.code, card.pin),
  }));
  // A card already in stock (the supplier answered a code twice) is refused before the insert,
  // so PostgreSQL's transaction is not aborted by the unique index.
  const clash = await trx
    .selectFrom('bladeSupCouponCode')
    .select('id')
    .where('tenantId', '=', s.tenantId)
    .where('supId', '=', good.supId)
    .where(
      'codeDigest',
      'in',
      sealed.flatMap((c) => codeDigests(ctx, c.card.code)),
    )
    .executeTakeFirst();
  if (clash || new Set(sealed.map((c) => c.codeDigest)).size !== sealed.length)
    throw new FulfilFailure(CARD_TAKEN);
  await trx
    .insertInto('bladeSupCouponCode')
    .values(
      sealed.map(({ id, card, codeCipher, codeDigest, codeMask, pinCipher }) => ({
        id,
        tenantId: s.tenantId,
        batchId,
        supId: good.supId,
        goodId: good.id,
        codeCipher,
        codeDigest,
        codeMask,
        pinCipher,
        validStart: null,
        validEnd: card.validEnd ?? null,
        state: 'issued',
        orderId: s.orderId,
        issueTime: now,
        usedTime: null,
        invalidTime: null,
        ...audit,
      })),
    )
    .execute();
  await holdCodes(trx, { tenantId: s.tenantId, orderId: s.orderId, now }, sealed);
  return sealed.map(({ id, card }) => ({
    id,
    code: card.code.trim(),
    pin: card.pin?.trim() || null,
    validEnd: card.validEnd ?? null,
  }));
}

/**
 * A new supplier order for `quantity` of a good: success with its codes, or failed cleanly with
 * an open error order (`error` says why). 400 for a bad quantity or amount, 404 for a good that
 * is not the tenant's.
 */
export async function fulfil(ctx: FulfilContext, req: FulfilRequest): Promise<FulfilOutcome> {
  const { tenantId, quantity } = req;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_ORDER_QUANTITY)
    throw badRequest(QUANTITY_INVALID);
  if (!Number.isSafeInteger(req.actualAmount) || req.actualAmount < 0)
    throw badRequest(AMOUNT_INVALID);
  const id = nextId();
  const orderNo = orderNoOf(id, nowText());
  const userId = req.userId ?? null;
  const row = (
    now: string,
    good: GoodRow,
    state: string,
    costAmount: number,
    error: string | null,
  ) => ({
    id,
    tenantId,
    orderNo,
    clientOrderId: req.clientOrderId ?? null,
    clientId: req.clientId ?? null,
    appId: req.appId ?? null,
    supId: good.supId,
    goodId: good.id,
    quantity,
    marketAmount: good.marketAmount * quantity,
    actualAmount: req.actualAmount,
    costAmount,
    refundedQuantity: 0,
    refundedAmount: 0,
    state,
    attempts: 1,
    lastError: error,
    finishTime: now,
    remark: null,
    createUser: userId,
    createDept: null,
    createTime: now,
    updateUser: null,
    updateTime: null,
    status: 1,
    isDeleted: 0,
  });
  // pending -> issuing -> success happen inside one transaction, so only the outcome is ever
  // seen: the order is written once, in its final state, with the codes and the charge.
  const result = await issue(ctx, {
    tenantId,
    goodId: req.goodId,
    orderId: id,
    orderNo,
    quantity,
    userId,
    changeType: 'order',
    succeed: async (trx, now, good, amounts) => {
      const written = { ...row(now, good, SUCCESS, amounts.costAmount, null), version: 1 };
      await insertSupOrder.run(trx, written);
      await req.within?.succeeded?.(trx, written, now);
      // As stored (version starts at 1): no need to read it back.
      return written;
    },
  });
  if ('codes' in result) return { order: result.order, codes: result.codes };
  await recordFailure(
    ctx.db,
    { tenantId, id, orderNo, supId: result.good.supId, goodId: result.good.id },
    result.error,
    userId,
    async (trx, now) => {
      await trx
        .insertInto('bladeSupOrder')
        .values(row(now, result.good, FAILED, 0, result.error))
        .execute();
      await req.within?.failed?.(trx, { id, orderNo }, result.error, now);
      return true;
    },
  );
  return { order: (await orderRow(ctx.db, tenantId, id))!, codes: [], error: result.error };
}

/**
 * A failed order fulfilled again in place (attempts + 1): success, or failed again with the new
 * error (its pending error order takes it). 404 for another tenant's order, 409 naming the state
 * unless it is failed (also when a concurrent reissue or cancel won: the order is read again).
 * The success's transaction closes the order's pending error order (`closeErrorOrder`): the one
 * `by` names through its own reissue or resend, else whichever is pending, as `reissued`.
 */
export async function reissueOrder(
  ctx: FulfilContext,
  a: {
    tenantId: string;
    orderId: string;
    userId: string | null;
    by?: ErrorOrderCloser;
    /** As `fulfil`'s: work that commits with the success or with the failure. */
    within?: FulfilRequest['within'];
  },
): Promise<FulfilOutcome> {
  const { tenantId, userId } = a;
  const order = await orderRow(ctx.db, tenantId, a.orderId);
  if (!order) throw notFound();
  transitionOrConflict(supOrderLifecycle, order.state, 'reissue');
  const good = await goodOf(ctx.db, tenantId, order.goodId);
  const result = good
    ? await issue(ctx, {
        tenantId,
        goodId: order.goodId,
        good,
        orderId: order.id,
        orderNo: order.orderNo,
        quantity: order.quantity,
        userId,
        changeType: 'reissue',
        begin: async (trx, now) => {
          await moveRecord(
            supOrderLifecycle,
            'reissue',
            () => orderRow(trx, tenantId, order.id),
            (current, to) =>
              writeOrderMove(trx, current, to, {
                attempts: sql<number>`attempts + 1`,
                updateTime: now,
                updateUser: userId,
              }),
          );
        },
        succeed: async (trx, now, _good, amounts) => {
          // The order is ours since `begin` moved it (a transaction holds it to the end).
          await trx
            .updateTable('bladeSupOrder')
            .set({
              state: SUCCESS,
              ...amounts,
              lastError: null,
              finishTime: now,
              version: sql<number>`version + 1`,
            })
            .where('tenantId', '=', tenantId)
            .where('id', '=', order.id)
            .where('state', '=', ISSUING)
            .execute();
          return undefined;
        },
        finish: async (trx, now) => {
          await closeErrorOrder(trx, { tenantId, orderId: order.id, userId, now }, a.by);
          if (a.within?.succeeded)
            await a.within.succeeded(trx, (await orderRow(trx, tenantId, order.id))!, now);
        },
      })
    : { error: GOOD_MISSING };
  if ('codes' in result) return { order: result.order, codes: result.codes };
  const error = result.error;
  await recordFailure(ctx.db, order, error, userId, async (trx, now) => {
    const written = await trx
      .updateTable('bladeSupOrder')
      .set({
        lastError: error,
        attempts: sql<number>`attempts + 1`,
        finishTime: now,
        updateTime: now,
        updateUser: userId,
        version: sql<number>`version + 1`,
      })
      .where('tenantId', '=', tenantId)
      .where('id', '=', order.id)
      .where('state', '=', FAILED)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) !== 1) return false;
    await a.within?.failed?.(trx, order, error, now);
    return true;
  });
  return { order: (await orderRow(ctx.db, tenantId, order.id))!, codes: [], error };
}

/**
 * Resend (success or partRefunded): the codes are delivered again. The client callback arrives
 * with the client order API (next issue); for now the attempt is recorded (attempts + 1 and a
 * remark). 409 naming the state otherwise (read again when a concurrent write won).
 */
export async function resendOrder(
  ctx: FulfilContext,
  a: { tenantId: string; orderId: string; userId: string | null },
): Promise<SupOrderRow> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = nowText();
    await moveRecord(
      supOrderLifecycle,
      'resend',
      () => orderRow(trx, a.tenantId, a.orderId),
      (order, to) =>
        writeOrderMove(trx, order, to, {
          attempts: sql<number>`attempts + 1`,
          remark: `已重发券码（${now}）`,
          updateTime: now,
          updateUser: a.userId,
        }),
    );
  });
  return (await orderRow(ctx.db, a.tenantId, a.orderId))!;
}
