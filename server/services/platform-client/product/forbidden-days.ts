import type { Kysely } from 'kysely';
import { prepared } from '../../../db/prepared.js';
import type { DB } from '../../../db/schema.js';

/**
 * Forbidden-sale days (issue 27 item 3, domain.md "Money, quantities, time"): business days on
 * which a product, or (no product) every product, is not sold. Business days are Asia/Shanghai
 * calendar days, 'yyyy-MM-dd'.
 */

/** The zone business days are counted in. */
export const BUSINESS_ZONE = 'Asia/Shanghai';

/**
 * Asia/Shanghai is UTC+8 all year (no daylight saving since 1991), so its calendar day is the UTC
 * day of the instant 8 hours on: the same answer as Intl with the zone, without formatting the
 * date through Intl on every order.
 */
const BUSINESS_OFFSET_MS = 8 * 3_600_000;

/** The business day ('yyyy-MM-dd' in Asia/Shanghai) of an instant, by default now. */
export function businessDay(at: Date = new Date()): string {
  return new Date(at.getTime() + BUSINESS_OFFSET_MS).toISOString().slice(0, 10);
}

// Checked on every order (db/prepared.ts: built once).
const forbiddenOn = prepared<{ tenantId: string; productId: string; day: string }>()((db, arg) =>
  db
    .selectFrom('bladeForbiddenSaleDay')
    .select(['productId', 'saleDay', 'reason'])
    .where('tenantId', '=', arg('tenantId'))
    .where('saleDay', '=', arg('day'))
    .where('isDeleted', '=', 0)
    .where((eb) => eb.or([eb('productId', '=', arg('productId')), eb('productId', 'is', null)])),
);

/**
 * The forbidden-sale day that stops a product on `day` ('yyyy-MM-dd'): one set for the product,
 * else one set for every product; undefined when it may be sold.
 */
export async function forbiddenSaleDay(
  db: Kysely<DB>,
  a: { tenantId: string; productId: string; day: string },
): Promise<{ saleDay: string; reason: string | null } | undefined> {
  const rows = await forbiddenOn.all(db, a);
  const found = rows.find((r) => r.productId === a.productId) ?? rows[0];
  return found ? { saleDay: found.saleDay, reason: found.reason } : undefined;
}
