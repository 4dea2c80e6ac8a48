import { sql, type Kysely } from 'kysely';
import { prepared, preparedInsert } from '../../../db/prepared.js';
import type { DB } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import { STOCK_MAX, STOCK_TEXTS } from '../../../../src/contracts/platform-client/app-stock.js';
import type { StockChangeType } from '../../../../src/contracts/platform-client/app-stock-record.js';
import { PlaceOrderRefusal } from '../order/refusal.js';

/**
 * Every change of an app's stock goes through here, as every prepay change goes through the
 * prepay ledger (prepay/ledger.ts, whose reasoning holds here): one conditional UPDATE moves the
 * row's quantity and refuses to take it below 0 (or above STOCK_MAX), then one ledger row
 * (blade_client_app_stock_record) records the signed change and the quantity after it. Call it
 * inside the transaction of the work that causes it, so both commit or roll back together; the
 * UPDATE is atomic on both databases, so concurrent takes never pass 0 and every row's
 * `quantityAfter` is exact. An app with no row for a product is not limited: taking and giving
 * back then do nothing.
 */

type Db = Kysely<DB>;

interface Move {
  tenantId: string;
  appId: string;
  productId: string;
  /** Signed. */
  quantity: number;
  changeType: StockChangeType;
  reason: string | null;
  sourceId: string | null;
  sourceNo: string | null;
  orderId: string | null;
  userId: string | null;
}

/**
 * Moves the live row of (app, product) by `quantity` when the guard holds; the quantity after and
 * the ledger row written, or undefined when no row moved (none, or the guard refused).
 */
async function move(db: Db, m: Move): Promise<number | undefined> {
  const now = nowText();
  const moved = await (m.quantity < 0 ? takeRow : addRow).first(db, {
    tenantId: m.tenantId,
    appId: m.appId,
    productId: m.productId,
    quantity: m.quantity,
    now,
    userId: m.userId,
  });
  if (!moved) return undefined;
  const quantityAfter = Number(moved.quantity);
  await insertRecord.run(db, {
    id: nextId(),
    tenantId: m.tenantId,
    appId: m.appId,
    clientId: moved.clientId,
    productId: m.productId,
    changeType: m.changeType,
    quantity: m.quantity,
    quantityAfter,
    reason: m.reason,
    sourceId: m.sourceId,
    sourceNo: m.sourceNo,
    orderId: m.orderId,
    createUser: m.userId,
    createTime: now,
  });
  return quantityAfter;
}

// Every order runs the take (and, for an app not limited, the look-up): built once (db/prepared.ts).
type RowMove = {
  tenantId: string;
  appId: string;
  productId: string;
  quantity: number;
  now: string;
  userId: string | null;
};
const moveRow = (guard: 'take' | 'add') =>
  prepared<RowMove>()((db, arg) =>
    db
      .updateTable('bladeClientAppStock')
      .set({
        quantity: sql<number>`quantity + ${arg('quantity')}`,
        version: sql<number>`version + 1`,
        updateTime: arg('now'),
        updateUser: arg('userId'),
      })
      .where('tenantId', '=', arg('tenantId'))
      .where('appId', '=', arg('appId'))
      .where('productId', '=', arg('productId'))
      .where('isDeleted', '=', 0)
      .where(
        guard === 'take'
          ? sql<boolean>`quantity + ${arg('quantity')} >= 0`
          : sql<boolean>`quantity + ${arg('quantity')} <= ${STOCK_MAX}`,
      )
      .returning(['quantity', 'clientId']),
  );
const takeRow = moveRow('take');
const addRow = moveRow('add');
const insertRecord = preparedInsert('bladeClientAppStockRecord');
const liveRow = prepared<{ tenantId: string; appId: string; productId: string }>()((db, arg) =>
  db
    .selectFrom('bladeClientAppStock')
    .select(['id', 'quantity'])
    .where('tenantId', '=', arg('tenantId'))
    .where('appId', '=', arg('appId'))
    .where('productId', '=', arg('productId'))
    .where('isDeleted', '=', 0),
);

/** The live stock row of (app, product), if the app is limited for it. */
async function stockRow(db: Db, tenantId: string, appId: string, productId: string) {
  return liveRow.first(db, { tenantId, appId, productId });
}

/**
 * An order takes its quantity from the app's stock of the product (placeOrder's first
 * transaction). Too little: PlaceOrderRefusal STOCK_INSUFFICIENT (the transaction rolls back, so
 * nothing is written); no row: nothing happens.
 */
export async function takeAppStock(
  trx: Kysely<DB>,
  a: {
    tenantId: string;
    appId: string;
    productId: string;
    quantity: number;
    orderId: string;
    orderNo: string;
    userId: string | null;
  },
): Promise<void> {
  if (!Number.isInteger(a.quantity) || a.quantity < 1) throw new Error('stock take: quantity');
  const after = await move(trx, {
    ...a,
    quantity: -a.quantity,
    changeType: 'order',
    reason: STOCK_TEXTS.order.zh,
    sourceId: a.orderId,
    sourceNo: a.orderNo,
    orderId: a.orderId,
  });
  if (after !== undefined) return;
  const row = await stockRow(trx, a.tenantId, a.appId, a.productId);
  if (!row) return;
  throw new PlaceOrderRefusal(
    'STOCK_INSUFFICIENT',
    `剩余${Number(row.quantity)}，需要${a.quantity}`,
  );
}

/**
 * A failed order or a return gives back what its order took (failures and returns in the order's
 * transactions). `sourceId` is the order's id for a failure and the return order's (or the
 * order's) for a return; what is given back is at most what the order took less what it already
 * got back, so a give-back never makes stock that no order took (an order placed before the app
 * had a row took nothing and gets nothing). No row: nothing happens.
 */
export async function giveBackAppStock(
  trx: Kysely<DB>,
  a: {
    tenantId: string;
    appId: string;
    productId: string;
    quantity: number;
    changeType: 'return' | 'fail';
    sourceId: string;
    sourceNo: string;
    userId: string | null;
  },
): Promise<void> {
  if (!Number.isInteger(a.quantity) || a.quantity < 1) return;
  const orderId = await orderOf(trx, a.tenantId, a.changeType, a.sourceId);
  const held = await trx
    .selectFrom('bladeClientAppStockRecord')
    .select(sql<number>`coalesce(sum(quantity), 0)`.as('net'))
    .where('tenantId', '=', a.tenantId)
    .where('appId', '=', a.appId)
    .where('productId', '=', a.productId)
    .where('orderId', '=', orderId)
    .executeTakeFirst();
  // The order's rows sum to minus what it still holds (takes negative, give-backs positive).
  const owed = Math.min(a.quantity, -Number(held?.net ?? 0));
  if (owed <= 0) return;
  await move(trx, {
    ...a,
    quantity: owed,
    reason: STOCK_TEXTS[a.changeType].zh,
    orderId,
  });
}

/** The order a give-back is for: a return order's order, else the source itself. */
async function orderOf(db: Db, tenantId: string, changeType: string, sourceId: string) {
  if (changeType !== 'return') return sourceId;
  const ret = await db
    .selectFrom('bladeClientReturnOrder')
    .select('orderId')
    .where('tenantId', '=', tenantId)
    .where('id', '=', sourceId)
    .executeTakeFirst();
  return ret?.orderId ?? sourceId;
}

/**
 * An operator's add (quantity > 0) or deduct (< 0) of one stock row, by its id: 404 for no live
 * row of the tenant; 400 when a deduct would leave less than 0 or an add more than STOCK_MAX.
 * Returns the quantity after it.
 */
export async function changeAppStock(
  db: Kysely<DB>,
  a: {
    tenantId: string;
    id: string;
    quantity: number;
    reason: string | null;
    sourceId?: string | null;
    userId: string | null;
  },
): Promise<number> {
  if (!Number.isInteger(a.quantity) || a.quantity === 0 || Math.abs(a.quantity) > STOCK_MAX)
    throw badRequest(`quantity:${STOCK_TEXTS.changeQuantity.zh}`);
  const row = await db
    .selectFrom('bladeClientAppStock')
    .select(['appId', 'productId'])
    .where('tenantId', '=', a.tenantId)
    .where('id', '=', a.id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  const after = await move(db, {
    tenantId: a.tenantId,
    appId: row.appId,
    productId: row.productId,
    quantity: a.quantity,
    changeType: a.quantity > 0 ? 'add' : 'deduct',
    reason: a.reason,
    sourceId: a.sourceId ?? null,
    sourceNo: null,
    orderId: null,
    userId: a.userId,
  });
  if (after === undefined)
    throw badRequest(
      `quantity:${a.quantity < 0 ? STOCK_TEXTS.belowZero.zh : STOCK_TEXTS.overMax.zh}`,
    );
  return after;
}

/**
 * Whether every stock row of the tenant equals the sum of its ledger: the rows that do not
 * (empty when all agree), for the tests after concurrent work, as prepayMismatches.
 */
export async function stockMismatches(db: Kysely<DB>, tenantId: string) {
  const rows = await db
    .selectFrom('bladeClientAppStock as s')
    .leftJoin('bladeClientAppStockRecord as r', (j) =>
      j
        .onRef('r.appId', '=', 's.appId')
        .onRef('r.productId', '=', 's.productId')
        .onRef('r.tenantId', '=', 's.tenantId'),
    )
    .select([
      's.id',
      's.appId',
      's.productId',
      's.quantity',
      sql<number>`coalesce(sum(r.quantity), 0)`.as('ledger'),
    ])
    .where('s.tenantId', '=', tenantId)
    .where('s.isDeleted', '=', 0)
    .groupBy(['s.id', 's.appId', 's.productId', 's.quantity'])
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      appId: r.appId,
      productId: r.productId,
      quantity: Number(r.quantity),
      ledger: Number(r.ledger),
    }))
    .filter((r) => r.quantity !== r.ledger);
}
