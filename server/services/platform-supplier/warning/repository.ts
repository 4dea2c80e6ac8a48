import { sql } from 'kysely';
import type { AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import { nowText } from '../../../lib/time.js';
import type {
  GoodWarning,
  GoodWarnings,
} from '../../../../src/contracts/platform-supplier/good-warning.js';

export type { GoodWarning, GoodWarnings };

/** Coupon-code goods (dictionary sup_good_type 1) hold stock in codes. */
const COUPON_CODE = 1;

/**
 * Unused codes of a good that are still valid (issue 18): state `unused`, not past validEnd
 * (the expiry sweep may not have run yet). Counted through the allocation index
 * (tenant, good, state, valid_end).
 */
const unusedStock = (tenantId: string, now: string) =>
  sql<number>`(select count(*) from blade_sup_coupon_code c where c.tenant_id = ${tenantId} and c.good_id = ${sql.ref('g.id')} and c.state = 'unused' and c.is_deleted = 0 and (c.valid_end is null or c.valid_end >= ${now}))`;

/** `now` plus the good's validTimeWarn days, as 'yyyy-MM-dd HH:mm:ss' text, per dialect. */
const warnUntil = (dialect: AppContext['dialect'], now: string) =>
  dialect === 'postgres'
    ? sql<string>`to_char(cast(${now} as timestamp) + ${sql.ref('g.validTimeWarn')} * interval '1 day', 'YYYY-MM-DD HH24:MI:SS')`
    : sql<string>`datetime(${now}, '+' || ${sql.ref('g.validTimeWarn')} || ' days')`;

/**
 * Warnings of the caller's tenant (issue 17 item 6, issue 18): enabled, live coupon-code goods
 * of live suppliers whose unused valid stock is below their stockWarn; and those with unused
 * codes whose validEnd falls within validTimeWarn days (count and the earliest end).
 */
export async function goodWarnings(
  ctx: AppContext,
  user: AuthUser,
  size: number,
): Promise<GoodWarnings> {
  const now = nowText();
  const UNUSED_STOCK = unusedStock(user.tenantId, now);
  const goods = () =>
    ctx.db
      .selectFrom('bladeSupGood as g')
      .innerJoin('bladeSup as s', (j) =>
        j
          .onRef('s.id', '=', 'g.supId')
          .on('s.tenantId', '=', user.tenantId)
          .on('s.isDeleted', '=', 0),
      )
      .where('g.tenantId', '=', user.tenantId)
      .where('g.isDeleted', '=', 0)
      .where('g.status', '=', 1)
      .where('g.goodType', '=', COUPON_CODE);
  const stock = goods()
    .where('g.stockWarn', '>', 0)
    .where(sql<boolean>`${UNUSED_STOCK} < ${sql.ref('g.stockWarn')}`);
  const counted = await stock.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const stockCount = Number(counted?.n ?? 0);
  const rows =
    size > 0 && stockCount > 0
      ? await stock
          .select([
            'g.id as goodId',
            'g.goodCode',
            'g.goodName',
            'g.supId',
            's.supName',
            'g.stockWarn',
            'g.validTimeWarn',
          ])
          .select(UNUSED_STOCK.as('unusedStock'))
          .orderBy(sql`${sql.ref('g.stockWarn')} - ${UNUSED_STOCK}`, 'desc')
          .orderBy('g.goodCode', 'asc')
          .orderBy('g.id', 'asc')
          .limit(size)
          .execute()
      : [];
  const records: GoodWarning[] = rows.map((r) => ({
    goodId: r.goodId,
    goodCode: r.goodCode,
    goodName: r.goodName,
    supId: r.supId,
    supName: r.supName,
    kind: 'stock',
    stockWarn: r.stockWarn === null ? null : Number(r.stockWarn),
    unusedStock: Number(r.unusedStock),
    validTimeWarn: r.validTimeWarn === null ? null : Number(r.validTimeWarn),
    expiringCount: 0,
    nearestExpiry: '',
  }));
  const expiring = await goods()
    .innerJoin('bladeSupCouponCode as c', (j) =>
      j
        .on('c.tenantId', '=', user.tenantId)
        .onRef('c.goodId', '=', 'g.id')
        .on('c.state', '=', 'unused')
        .on('c.isDeleted', '=', 0)
        .on('c.validEnd', '>=', now)
        .on(sql<boolean>`${sql.ref('c.validEnd')} <= ${warnUntil(ctx.dialect, now)}`),
    )
    .where('g.validTimeWarn', '>', 0)
    .select([
      'g.id as goodId',
      'g.goodCode',
      'g.goodName',
      'g.supId',
      's.supName',
      'g.stockWarn',
      'g.validTimeWarn',
      (eb) => eb.fn.countAll<number>().as('expiringCount'),
      (eb) => eb.fn.min('c.validEnd').as('nearestExpiry'),
    ])
    .select(UNUSED_STOCK.as('unusedStock'))
    .groupBy([
      'g.id',
      'g.goodCode',
      'g.goodName',
      'g.supId',
      's.supName',
      'g.stockWarn',
      'g.validTimeWarn',
    ])
    .orderBy(sql`min(${sql.ref('c.validEnd')})`, 'asc')
    .orderBy('g.goodCode', 'asc')
    .orderBy('g.id', 'asc')
    .execute();
  const expiryCount = expiring.length;
  for (const r of expiring.slice(0, Math.max(0, size - records.length)))
    records.push({
      goodId: r.goodId,
      goodCode: r.goodCode,
      goodName: r.goodName,
      supId: r.supId,
      supName: r.supName,
      kind: 'expiry',
      stockWarn: r.stockWarn === null ? null : Number(r.stockWarn),
      unusedStock: Number(r.unusedStock),
      validTimeWarn: r.validTimeWarn === null ? null : Number(r.validTimeWarn),
      expiringCount: Number(r.expiringCount),
      nearestExpiry: String(r.nearestExpiry ?? ''),
    });
  return { total: stockCount + expiryCount, stockCount, expiryCount, records };
}
