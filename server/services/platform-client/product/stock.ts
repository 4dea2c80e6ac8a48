import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { chunks } from '../../../lib/chunks.js';

/**
 * What a client product can be sold from (issue 27 item 3): its mapped goods that an order could
 * take now and their code stock, shared by the product list, the mapping dialog and `chooseGood`.
 * A good can be sold when it is live, enabled (status 1) and on the shelf, and its supplier is
 * live and enabled; a coupon-code good (sup_good_type 1) holds stock in unused codes not past
 * their validEnd (as allocation takes them: order/allocate.ts), other goods always have stock.
 */

/** sup_good_type 1: coupon codes held in stock. */
export const COUPON_CODE_GOOD = 1;
/** The tenant default's product id in blade_client_product_warning. */
export const DEFAULT_WARNING = '0';

/** The good `g` of supplier `s` can be sold now (both of `tenantId`). */
export const sellable = (tenantId: string) =>
  sql<SqlBool>`(${sql.ref('g.tenantId')} = ${tenantId} and ${sql.ref('g.isDeleted')} = 0 and ${sql.ref('g.status')} = 1 and ${sql.ref('g.onShelf')} = 1 and ${sql.ref('s.tenantId')} = ${tenantId} and ${sql.ref('s.isDeleted')} = 0 and ${sql.ref('s.status')} = 1)`;

/** A code `c` that allocation may take at `now`: unused, live, not past its end. */
export const takable = (now: string) =>
  sql<SqlBool>`(${sql.ref('c.state')} = 'unused' and ${sql.ref('c.isDeleted')} = 0 and (${sql.ref('c.validEnd')} is null or ${sql.ref('c.validEnd')} > ${now}))`;

/** Unused, unexpired codes of each good (only those with any). */
export async function goodStocks(
  db: Kysely<DB>,
  tenantId: string,
  goodIds: readonly string[],
  now: string,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const part of chunks([...new Set(goodIds)])) {
    const rows = await db
      .selectFrom('bladeSupCouponCode as c')
      .select(['c.goodId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('c.tenantId', '=', tenantId)
      .where('c.goodId', 'in', part)
      .where(takable(now))
      .groupBy('c.goodId')
      .execute();
    for (const r of rows) out.set(r.goodId, Number(r.n));
  }
  return out;
}

export interface ProductStock {
  /** Live goods mapped. */
  goodCount: number;
  /** Takable codes of the sellable coupon-code goods. */
  availableStock: number;
  /** Sellable goods without code stock (an order never runs out of them). */
  unlimited: number;
  /** The threshold that applies (own, else the default), null when none. */
  stockWarn: number | null;
  belowWarning: 0 | 1;
}

/** Each product's mapped goods, stock and warning state (products without goods included). */
export async function productStocks(
  db: Kysely<DB>,
  tenantId: string,
  productIds: readonly string[],
  now: string,
): Promise<Map<string, ProductStock>> {
  const ids = [...new Set(productIds)];
  const out = new Map<string, ProductStock>(
    ids.map((id) => [
      id,
      { goodCount: 0, availableStock: 0, unlimited: 0, stockWarn: null, belowWarning: 0 },
    ]),
  );
  if (ids.length === 0) return out;
  const thresholds = await warningThresholds(db, tenantId, ids);
  for (const part of chunks(ids)) {
    const mapped = () =>
      db
        .selectFrom('bladeProductGoodMap as m')
        .innerJoin('bladeSupGood as g', 'g.id', 'm.goodId')
        .where('m.tenantId', '=', tenantId)
        .where('m.productId', 'in', part);
    const counted = await mapped()
      .where('g.tenantId', '=', tenantId)
      .where('g.isDeleted', '=', 0)
      .select(['m.productId', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('m.productId')
      .execute();
    for (const r of counted) out.get(r.productId)!.goodCount = Number(r.n);
    const open = await mapped()
      .innerJoin('bladeSup as s', 's.id', 'g.supId')
      .where(sellable(tenantId))
      .where('g.goodType', '<>', COUPON_CODE_GOOD)
      .select(['m.productId', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('m.productId')
      .execute();
    for (const r of open) out.get(r.productId)!.unlimited = Number(r.n);
    const stock = await mapped()
      .innerJoin('bladeSup as s', 's.id', 'g.supId')
      .innerJoin('bladeSupCouponCode as c', (j) =>
        j.onRef('c.goodId', '=', 'g.id').on('c.tenantId', '=', tenantId),
      )
      .where(sellable(tenantId))
      .where('g.goodType', '=', COUPON_CODE_GOOD)
      .where(takable(now))
      .select(['m.productId', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('m.productId')
      .execute();
    for (const r of stock) out.get(r.productId)!.availableStock = Number(r.n);
  }
  for (const [id, s] of out) {
    s.stockWarn = thresholds.get(id) ?? null;
    s.belowWarning =
      s.stockWarn !== null && s.stockWarn > 0 && s.unlimited === 0 && s.availableStock < s.stockWarn
        ? 1
        : 0;
  }
  return out;
}

/** The threshold of each product: its own when set, else the tenant's default, else none. */
async function warningThresholds(
  db: Kysely<DB>,
  tenantId: string,
  productIds: readonly string[],
): Promise<Map<string, number | null>> {
  const own = new Map<string, number | null>();
  let fallback: number | null = null;
  for (const part of chunks([...productIds])) {
    const rows = await db
      .selectFrom('bladeClientProductWarning')
      .select(['productId', 'stockWarn'])
      .where('tenantId', '=', tenantId)
      .where('productId', 'in', [...part, DEFAULT_WARNING])
      .execute();
    for (const r of rows) {
      const value = r.stockWarn === null ? null : Number(r.stockWarn);
      if (r.productId === DEFAULT_WARNING) fallback = value;
      else own.set(r.productId, value);
    }
  }
  return new Map(productIds.map((id) => [id, own.get(id) ?? fallback]));
}

/** The tenant's default threshold, and a product's own (null: none set). */
export async function storedThreshold(
  db: Kysely<DB>,
  tenantId: string,
  productId: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('bladeClientProductWarning')
    .select('stockWarn')
    .where('tenantId', '=', tenantId)
    .where('productId', '=', productId)
    .executeTakeFirst();
  return row?.stockWarn === null || row?.stockWarn === undefined ? null : Number(row.stockWarn);
}

/** Sets (or with null clears) a threshold: one row per tenant and product ('0': the default). */
export async function storeThreshold(
  db: Kysely<DB>,
  a: { tenantId: string; productId: string; stockWarn: number | null; userId: string; now: string },
  nextId: () => string,
): Promise<void> {
  await db
    .insertInto('bladeClientProductWarning')
    .values({
      id: nextId(),
      tenantId: a.tenantId,
      productId: a.productId,
      stockWarn: a.stockWarn,
      updateUser: a.userId,
      updateTime: a.now,
    })
    .onConflict((oc) =>
      oc.columns(['tenantId', 'productId']).doUpdateSet({
        stockWarn: a.stockWarn,
        updateUser: a.userId,
        updateTime: a.now,
      }),
    )
    .execute();
}
