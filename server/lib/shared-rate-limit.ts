import { sql, type Kysely } from 'kysely';
import { prepared } from '../db/prepared.js';
import type { DB } from '../db/schema.js';

/**
 * A fixed-window counter held in the database (blade_rate_window), so a limit of N a minute is
 * N a minute for every process and machine on one database (issue 27: the open API's per-app
 * limit; issue 30 moves the other limits here). One upsert per hit answers the window's count;
 * windows older than the last one are swept at most once a minute per process.
 */
export interface WindowHit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends (what Retry-After says). */
  retryAfter: number;
}

let lastSweep = 0;

// One upsert per hit, built once (db/prepared.ts).
const hit = prepared<{ bucket: string; windowStart: number }>()((db, arg) =>
  db
    .insertInto('bladeRateWindow')
    .values({ bucket: arg('bucket'), windowStart: arg('windowStart'), hits: 1 })
    .onConflict((oc) =>
      oc
        .columns(['bucket', 'windowStart'])
        .doUpdateSet({ hits: sql<number>`blade_rate_window.hits + 1` }),
    )
    .returning('hits'),
);

export async function hitWindow(
  db: Kysely<DB>,
  bucket: string,
  windowMs: number,
  nowMs: number = Date.now(),
): Promise<WindowHit> {
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  const row = (await hit.first(db, { bucket, windowStart }))!;
  if (nowMs - lastSweep > 60_000) {
    lastSweep = nowMs;
    await db
      .deleteFrom('bladeRateWindow')
      .where('windowStart', '<', nowMs - 3_600_000)
      .execute();
  }
  return {
    hits: Number(row.hits),
    retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - nowMs) / 1000)),
  };
}
