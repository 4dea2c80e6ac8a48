import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { prepared } from '../db/prepared.js';
import type { DB } from '../db/schema.js';

/**
 * A fixed-window counter held in the database (blade_rate_window), so a limit of N a minute is
 * N a minute for every process and machine on one database (issue 27: the open API's per-app
 * limit; issue 30: every limit, through databaseRateLimitStore below). One upsert per hit answers the window's count;
 * windows older than the last one are swept at most once a minute per process.
 */
export interface WindowHit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends (what Retry-After says). */
  retryAfter: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
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
  const resetMs = windowStart + windowMs - nowMs;
  return {
    hits: Number(row.hits),
    retryAfter: Math.max(1, Math.ceil(resetMs / 1000)),
    resetMs,
  };
}

/** The bucket column holds 200 characters: a longer name (a long route and key) is hashed. */
const bucketName = (name: string) =>
  name.length <= 200 ? name : `sha256:${createHash('sha256').update(name).digest('hex')}`;

/**
 * The store of @fastify/rate-limit over hitWindow: every limit a route declares
 * (`config.rateLimit`: token, captcha, registration, verification codes, ...) and the list-read
 * limit count in the database, so WORKERS processes and several machines share one count. Each
 * route counts in its own buckets (method and URL before the key, as the plugin's own memory
 * store keeps one map per route); the list limit, made with `app.rateLimit`, has no route and
 * one budget across all lists.
 */
export function databaseRateLimitStore(db: Kysely<DB>): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hitWindow(db, bucketName(this.prefix + key), timeWindow).then(
        (hit) => callback(null, { current: hit.hits, ttl: hit.resetMs }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(routeOptions: RouteOptions & { path: string; prefix: string }): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method;
      const name = route?.url ? `${String(method)} ${route.url}|` : '';
      return new DatabaseRateLimitStore(routeOptions, name);
    }
  }
  return DatabaseRateLimitStore;
}
