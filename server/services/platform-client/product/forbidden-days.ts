import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';

/**
 * Forbidden-sale days (issue 27 item 3, domain.md "Money, quantities, time"): business days on
 * which a product, or (no product) every product, is not sold. Business days are Asia/Shanghai
 * calendar days, 'yyyy-MM-dd'.
 */

/** The zone business days are counted in. */
export const BUSINESS_ZONE = 'Asia/Shanghai';

const DAY_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The business day ('yyyy-MM-dd' in Asia/Shanghai) of an instant, by default now. */
export function businessDay(at: Date = new Date()): string {
  const parts = Object.fromEntries(DAY_PARTS.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The forbidden-sale day that stops a product on `day` ('yyyy-MM-dd'): one set for the product,
 * else one set for every product; undefined when it may be sold.
 */
export async function forbiddenSaleDay(
  db: Kysely<DB>,
  a: { tenantId: string; productId: string; day: string },
): Promise<{ saleDay: string; reason: string | null } | undefined> {
  const rows = await db
    .selectFrom('bladeForbiddenSaleDay')
    .select(['productId', 'saleDay', 'reason'])
    .where('tenantId', '=', a.tenantId)
    .where('saleDay', '=', a.day)
    .where('isDeleted', '=', 0)
    .where((eb) => eb.or([eb('productId', '=', a.productId), eb('productId', 'is', null)]))
    .execute();
  const found = rows.find((r) => r.productId === a.productId) ?? rows[0];
  return found ? { saleDay: found.saleDay, reason: found.reason } : undefined;
}
