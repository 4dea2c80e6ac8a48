import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Caches of what a user's grants decide (permission codes, granted menus, role aliases, the
 * menu routes, data and API scopes, department subtrees) and of dictionary names, valid for one
 * grants version (db/migrations 054 to 056: triggers move it on every change to menus, roles,
 * grants, tenants, packages, top menus, scopes, departments and dictionaries). Each request
 * reads the version with its session (session.ts), so a change made through any process is seen
 * by every process at its next request; while the version stands, a signed-in request runs no
 * permission query. Entries are promises: concurrent first requests share one load. Kept per
 * database (tests run many apps in one process), dropped whole when the version moves.
 */
interface Cache {
  version: number;
  entries: Map<string, Promise<unknown>>;
}

const caches = new WeakMap<object, Cache>();
/** Distinct role sets are few; past this many (an unusual deployment) the map starts over. */
const MAX_ENTRIES = 10_000;

export function cachedForGrants<T>(
  db: Kysely<DB>,
  version: number | undefined,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  if (version === undefined) return load();
  let cache = caches.get(db);
  if (!cache || version > cache.version) {
    cache = { version, entries: new Map() };
    caches.set(db, cache);
  } else if (version < cache.version) {
    // A request that read its version before another's change: answer it fresh, keep the newer.
    return load();
  }
  const { entries } = cache;
  let entry = entries.get(key) as Promise<T> | undefined;
  if (!entry) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entry = load();
    entries.set(key, entry);
    const loaded = entry;
    loaded.catch(() => {
      if (entries.get(key) === loaded) entries.delete(key);
    });
  }
  return entry;
}

/** The part of a user that their grants depend on, as a cache key. */
export const grantsKey = (user: {
  tenantId: string;
  roleIds: readonly string[];
  isSuperAdmin: boolean;
}) => `${user.tenantId}|${user.isSuperAdmin ? 'super' : user.roleIds.join(',')}`;
