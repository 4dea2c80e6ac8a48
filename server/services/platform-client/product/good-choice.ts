import type { Kysely } from 'kysely';
import type { SetRule } from '../../../../src/contracts/platform-client/psclient-product.js';
import { prepared } from '../../../db/prepared.js';
import type { DB } from '../../../db/schema.js';
import { COUPON_CODE_GOOD, sellable, takable } from './stock.js';

/** The good an order of a client product is fulfilled from; amounts in fen. */
export interface ChosenGood {
  goodId: string;
  supId: string;
  goodType: number;
  costPrice: number;
  marketAmount: number;
}

interface Candidate extends ChosenGood {
  priority: number;
  weight: number;
}

/** Lower priority first, then the cheaper, then by id (a stable order for equal ones). */
const byPriority = (a: Candidate, b: Candidate) =>
  a.priority - b.priority || a.costPrice - b.costPrice || (a.goodId < b.goodId ? -1 : 1);
const byCost = (a: Candidate, b: Candidate) =>
  a.costPrice - b.costPrice || a.priority - b.priority || (a.goodId < b.goodId ? -1 : 1);

/**
 * The candidates in the order the product's rule tries them: `priority` (priority, then cost),
 * `lowestCost` (cost, then priority), `weighted` (one drawn with probability weight / sum, then
 * the others by priority).
 */
export function orderByRule(
  rule: SetRule | string,
  candidates: readonly Candidate[],
  random: () => number,
): Candidate[] {
  if (rule === 'lowestCost') return [...candidates].sort(byCost);
  const ordered = [...candidates].sort(byPriority);
  if (rule !== 'weighted' || ordered.length < 2) return ordered;
  const total = ordered.reduce((sum, c) => sum + Math.max(0, c.weight), 0);
  if (total <= 0) return ordered;
  const point = Math.min(Math.max(random(), 0), 1) * total;
  let reached = 0;
  let drawn = ordered.length - 1;
  for (const [i, c] of ordered.entries()) {
    reached += Math.max(0, c.weight);
    if (point < reached) {
      drawn = i;
      break;
    }
  }
  return [ordered[drawn]!, ...ordered.filter((_, i) => i !== drawn)];
}

// Run for every order (db/prepared.ts: built once).
const productRule = prepared<{ tenantId: string; id: string }>()((db, arg) =>
  db
    .selectFrom('bladePsclientProduct')
    .select('setRule')
    .where('tenantId', '=', arg('tenantId'))
    .where('id', '=', arg('id'))
    .where('isDeleted', '=', 0),
);
const mappedGoods = prepared<{ tenantId: string; productId: string }>()((db, arg) =>
  db
    .selectFrom('bladeProductGoodMap as m')
    .innerJoin('bladeSupGood as g', 'g.id', 'm.goodId')
    .innerJoin('bladeSup as s', 's.id', 'g.supId')
    .select([
      'g.id as goodId',
      'g.supId',
      'g.goodType',
      'g.costPrice',
      'g.marketAmount',
      'm.priority',
      'm.weight',
    ])
    .where('m.tenantId', '=', arg('tenantId'))
    .where('m.productId', '=', arg('productId'))
    .where(sellable(arg('tenantId'))),
);
const takableCodes = prepared<{
  tenantId: string;
  goodId: string;
  now: string;
  quantity: number;
}>()((db, arg) =>
  db
    .selectFrom('bladeSupCouponCode as c')
    .select('c.id')
    .where('c.tenantId', '=', arg('tenantId'))
    .where('c.goodId', '=', arg('goodId'))
    .where(takable(arg('now')))
    .limit(arg('quantity')),
);

/**
 * The good an order of `quantity` units of the product takes now (issue 27 item 3): among the
 * product's mapped goods that can be sold (stock.ts `sellable`), in the order of the product's
 * rule, the first that has the stock: a coupon-code good at least `quantity` unused codes not
 * past their end at `now` ('yyyy-MM-dd HH:mm:ss'); other goods always. undefined when the
 * product is not a live product of the tenant or none of its goods can serve the order. The
 * product's own state (enabled, on the shelf, forbidden days) is the caller's to check; the codes
 * are taken later, under lock, by fulfilment, which may still find too few.
 */
export async function chooseGood(
  db: Kysely<DB>,
  a: {
    tenantId: string;
    productId: string;
    quantity: number;
    now: string;
    random?: () => number;
    /** The product's rule when the caller read it with the product (saves a read). */
    setRule?: string;
  },
): Promise<ChosenGood | undefined> {
  const setRule =
    a.setRule ?? (await productRule.first(db, { tenantId: a.tenantId, id: a.productId }))?.setRule;
  if (!setRule) return undefined;
  const rows = await mappedGoods.all(db, { tenantId: a.tenantId, productId: a.productId });
  const candidates: Candidate[] = rows.map((r) => ({
    goodId: r.goodId,
    supId: r.supId,
    goodType: Number(r.goodType),
    costPrice: Number(r.costPrice),
    marketAmount: Number(r.marketAmount),
    priority: Number(r.priority),
    weight: Number(r.weight),
  }));
  const quantity = Math.max(1, Math.floor(a.quantity));
  for (const c of orderByRule(setRule, candidates, a.random ?? Math.random)) {
    if (c.goodType === COUPON_CODE_GOOD) {
      const codes = await takableCodes.all(db, {
        tenantId: a.tenantId,
        goodId: c.goodId,
        now: a.now,
        quantity,
      });
      if (codes.length < quantity) continue;
    }
    return {
      goodId: c.goodId,
      supId: c.supId,
      goodType: c.goodType,
      costPrice: c.costPrice,
      marketAmount: c.marketAmount,
    };
  }
  return undefined;
}
