import { sql, type Kysely } from 'kysely';
import { SOLD_STATES } from '../../../../src/contracts/platform-supplier/sup-order-report.js';
import type { DB } from '../../../db/schema.js';
import { PENDING_ERROR_STATES } from './error-order-moves.js';

/**
 * The order invariants (issue 24, domain.md "Order invariants"), checked like `ledgerMismatches`:
 * after every concurrency and money test, and by anyone who doubts the data. Each mismatch names
 * its record and what disagrees; an empty list means:
 *
 * - `orderCodes`: an order that delivered (success, refunding, partRefunded, refunded) holds
 *   exactly its quantity less what its refunds returned in codes `issued` or `used`; any other
 *   order holds none.
 * - `codeHolder`: every code an order holds (a row of `blade_sup_order_code` without a return) is
 *   `issued` or `used` and names that order, and every issued or used code is held so: a code
 *   taken from an order any way but its refund, or held by two orders, shows here.
 * - `errorOrder`: a pending error order (open, audited) sits only on a failed order, a cancelled
 *   one only on a closed order, a reissued or resent one only on an order that delivered; a
 *   failed order has exactly one pending error order and a closed one a cancelled one.
 * - `refund`: the refunds of an order sum to its refunded quantity and amount, and never to more
 *   codes than it has or more money than was paid.
 */
export interface OrderMismatch {
  kind: 'orderCodes' | 'codeHolder' | 'errorOrder' | 'refund';
  /** The order's id (`codeHolder`: the code's). */
  id: string;
  detail: string;
}

const SOLD: readonly string[] = SOLD_STATES;

export async function orderMismatches(db: Kysely<DB>, tenantId: string): Promise<OrderMismatch[]> {
  const out: OrderMismatch[] = [];

  // The live codes counted per order first, then matched to the orders: a join of the two made
  // SQLite walk every issued code for each order (quadratic: minutes at 100,000 orders).
  const codesPerOrder = await db
    .selectFrom('bladeSupCouponCode')
    .select(['orderId', (eb) => eb.fn.countAll<number>().as('live')])
    .where('tenantId', '=', tenantId)
    .where('state', 'in', ['issued', 'used'])
    .where('isDeleted', '=', 0)
    .where('orderId', 'is not', null)
    .groupBy('orderId')
    .execute();
  const liveOf = new Map(codesPerOrder.map((r) => [r.orderId, Number(r.live)]));
  const orders = await db
    .selectFrom('bladeSupOrder')
    .select(['id', 'state', 'quantity', 'refundedQuantity'])
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .execute();
  const live = orders.map((o) => ({ ...o, live: liveOf.get(o.id) ?? 0 }));
  for (const o of live) {
    const expected = SOLD.includes(o.state) ? Number(o.quantity) - Number(o.refundedQuantity) : 0;
    if (Number(o.live) !== expected)
      out.push({
        kind: 'orderCodes',
        id: o.id,
        detail: `${o.state}: holds ${Number(o.live)} live codes, expected ${expected}`,
      });
  }

  const held = await db
    .selectFrom('bladeSupOrderCode as h')
    .leftJoin('bladeSupCouponCode as c', 'c.id', 'h.codeId')
    .select(['h.codeId', 'h.orderId', 'c.state', 'c.orderId as codeOrderId'])
    .where('h.tenantId', '=', tenantId)
    .where('h.returnOrderId', 'is', null)
    .where((eb) =>
      eb.or([
        eb('c.state', 'is', null),
        eb('c.state', 'not in', ['issued', 'used']),
        eb('c.orderId', 'is', null),
        eb('c.orderId', '!=', eb.ref('h.orderId')),
      ]),
    )
    .execute();
  for (const h of held)
    out.push({
      kind: 'codeHolder',
      id: h.codeId,
      detail: `held by order ${h.orderId} but ${h.state ?? 'missing'} with order ${h.codeOrderId ?? 'none'}`,
    });
  const unheld = await db
    .selectFrom('bladeSupCouponCode as c')
    .select(['c.id', 'c.state', 'c.orderId'])
    .where('c.tenantId', '=', tenantId)
    .where('c.state', 'in', ['issued', 'used'])
    .where('c.isDeleted', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bladeSupOrderCode as h')
            .select('h.codeId')
            .whereRef('h.codeId', '=', 'c.id')
            .whereRef('h.orderId', '=', 'c.orderId')
            .where('h.returnOrderId', 'is', null),
        ),
      ),
    )
    .execute();
  for (const c of unheld)
    out.push({
      kind: 'codeHolder',
      id: c.id,
      detail: `${c.state} with order ${c.orderId ?? 'none'}, which does not hold it`,
    });

  const errors = await db
    .selectFrom('bladeSupOrder as o')
    .leftJoin('bladeSupErrorOrder as e', (j) =>
      j
        .onRef('e.orderId', '=', 'o.id')
        .onRef('e.tenantId', '=', 'o.tenantId')
        .on('e.isDeleted', '=', 0),
    )
    .select(['o.id', 'o.state', 'e.state as errorState'])
    .where('o.tenantId', '=', tenantId)
    .where('o.isDeleted', '=', 0)
    .where((eb) => eb.or([eb('e.id', 'is not', null), eb('o.state', 'in', ['failed', 'closed'])]))
    .execute();
  const byOrder = new Map<string, { state: string; errors: string[] }>();
  for (const r of errors) {
    const entry = byOrder.get(r.id) ?? { state: r.state, errors: [] };
    if (r.errorState) entry.errors.push(r.errorState);
    byOrder.set(r.id, entry);
  }
  const agrees = (order: string, error: string) =>
    PENDING_ERROR_STATES.includes(error)
      ? order === 'failed'
      : error === 'cancelled'
        ? order === 'closed'
        : SOLD.includes(order);
  for (const [id, { state, errors: states }] of byOrder) {
    const pending = states.filter((s) => PENDING_ERROR_STATES.includes(s)).length;
    const wrong = states.filter((s) => !agrees(state, s));
    if (wrong.length > 0)
      out.push({
        kind: 'errorOrder',
        id,
        detail: `order ${state} with error order ${wrong.join(', ')}`,
      });
    else if (state === 'failed' && pending !== 1)
      out.push({
        kind: 'errorOrder',
        id,
        detail: `failed order with ${pending} pending error orders`,
      });
    else if (state === 'closed' && !states.includes('cancelled'))
      out.push({ kind: 'errorOrder', id, detail: 'closed order without a cancelled error order' });
  }

  const refunds = await db
    .selectFrom('bladeSupOrder as o')
    .leftJoin('bladeSupReturnOrder as r', (j) =>
      j
        .onRef('r.orderId', '=', 'o.id')
        .onRef('r.tenantId', '=', 'o.tenantId')
        .on('r.state', '=', 'refunded')
        .on('r.isDeleted', '=', 0),
    )
    .select([
      'o.id',
      'o.quantity',
      'o.actualAmount',
      'o.refundedQuantity',
      'o.refundedAmount',
      sql<number>`coalesce(sum(r.quantity), 0)`.as('returnedQuantity'),
      sql<number>`coalesce(sum(r.actual_amount), 0)`.as('returnedPaid'),
      sql<number>`coalesce(sum(r.cost_amount), 0)`.as('returnedCost'),
    ])
    .where('o.tenantId', '=', tenantId)
    .where('o.isDeleted', '=', 0)
    .groupBy(['o.id', 'o.quantity', 'o.actualAmount', 'o.refundedQuantity', 'o.refundedAmount'])
    .execute();
  for (const r of refunds) {
    const [quantity, paid, refundedQuantity, refundedAmount] = [
      r.quantity,
      r.actualAmount,
      r.refundedQuantity,
      r.refundedAmount,
    ].map(Number) as [number, number, number, number];
    const [returned, returnedPaid, returnedCost] = [
      r.returnedQuantity,
      r.returnedPaid,
      r.returnedCost,
    ].map(Number) as [number, number, number];
    const wrong = [
      returned !== refundedQuantity &&
        `refunds return ${returned} codes, order says ${refundedQuantity}`,
      returnedCost !== refundedAmount &&
        `refunds credit ${returnedCost} fen, order says ${refundedAmount}`,
      refundedQuantity > quantity && `refunded ${refundedQuantity} of ${quantity} codes`,
      returnedPaid > paid && `refunds pay back ${returnedPaid} fen of ${paid} paid`,
    ].filter((w): w is string => typeof w === 'string');
    if (wrong.length > 0) out.push({ kind: 'refund', id: r.id, detail: wrong.join('; ') });
  }
  return out;
}
