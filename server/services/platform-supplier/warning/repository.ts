import { sql } from 'kysely';
import type { AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import type {
  GoodWarning,
  GoodWarnings,
} from '../../../../src/contracts/platform-supplier/good-warning.js';

export type { GoodWarning, GoodWarnings };

/** Coupon-code goods (dictionary sup_good_type 1) hold stock in codes. */
const COUPON_CODE = 1;

/**
 * Unused codes of a good. Codes arrive with issue 18 (sup-coupon-code); until that table exists
 * a coupon-code good has no unused codes, so every enabled coupon-code good with a stockWarn
 * above 0 is below it. Issue 18 replaces this with a count of `state = 'unused'` codes.
 */
const UNUSED_STOCK = sql<number>`0`;

/**
 * Warnings of the caller's tenant (issue 17 item 6): enabled, live coupon-code goods of live
 * suppliers whose unused stock is below their stockWarn; codes expiring within validTimeWarn
 * days (none until codes exist: issue 18 adds that query here).
 */
export async function goodWarnings(
  ctx: AppContext,
  user: AuthUser,
  size: number,
): Promise<GoodWarnings> {
  const stock = ctx.db
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
    .where('g.goodType', '=', COUPON_CODE)
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
  const expiryCount = 0;
  return { total: stockCount + expiryCount, stockCount, expiryCount, records };
}
