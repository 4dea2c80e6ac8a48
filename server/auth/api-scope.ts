import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { forbidden } from '../lib/errors.js';
import { cachedForGrants } from './grants-cache.js';
import type { AuthUser } from './user.js';

/**
 * API scopes enforced (contract.md 5 gives BladeX's rule; here every route obeys it): a request
 * whose path is covered by any API scope may be made only by a user whose roles hold one of the
 * covering scopes (blade_role_scope category 2); everyone else gets 403. Paths no scope covers
 * are untouched; the super administrator is exempt.
 *
 * A scope path is the API path with or without `/api` (`/blade-system/post/list` and
 * `/api/blade-system/post/list` are the same scope), matched whole (not BladeX's "contains"), with
 * Ant-style wildcards: `*` any text within one segment, `**` anything including `/`. Matched against the route's declared path and the decoded request path.
 *
 * The scope list, and whether a set of roles holds a covering scope, are cached for the grants
 * version the request read with its session (grants-cache.ts; API scopes, role scopes and roles
 * move it: migrations 054 and 055): a scope added, changed or granted through any process, or
 * by an operator's SQL, applies on every process at its next request.
 */
interface Compiled {
  id: string;
  pattern: RegExp;
}

/** A scope path as the API path it names: leading `/api`, no query (from `?`), no trailing slash. */
export function normalizeScopePath(raw: string): string {
  let p = raw.trim().split('?')[0]!.split('#')[0]!;
  if (!p.startsWith('/')) p = `/${p}`;
  if (p !== '/api' && !p.startsWith('/api/')) p = `/api${p}`;
  if (p.length > 1 && p.endsWith('/') && !p.endsWith('**/')) p = p.replace(/\/+$/, '');
  return p;
}

/** The Ant-style pattern of a scope path as an anchored regular expression. */
export function scopePattern(raw: string): RegExp {
  const path = normalizeScopePath(raw);
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const c = path[i]!;
    if (c === '*' && path[i + 1] === '*') {
      // `/**` at the end also covers the bare prefix: /api/x/** covers /api/x.
      if (out.endsWith('/') && i + 2 === path.length) out = `${out.slice(0, -1)}(?:/.*)?`;
      else out += '.*';
      i++;
    } else if (c === '*') out += '[^/]*';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

async function load(db: Kysely<DB>): Promise<Compiled[]> {
  const rows = await db
    .selectFrom('bladeScopeApi')
    .select(['id', 'scopePath'])
    .where('isDeleted', '=', 0)
    .execute();
  return rows.map((r) => ({ id: r.id, pattern: scopePattern(r.scopePath) }));
}

/** Every live API scope, cached for the grants version. */
function apiScopes(db: Kysely<DB>, grantsVersion: number | undefined): Promise<Compiled[]> {
  return cachedForGrants(db, grantsVersion, 'api-scopes', () => load(db));
}

/** The request's paths to match: the route's declared path and the decoded request path. */
export function requestPaths(routeUrl: string | undefined, rawUrl: string): string[] {
  const pathname = rawUrl.split('?')[0] ?? '';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // An undecodable path is matched as sent (the router will not have found a route for it).
  }
  return [...new Set([routeUrl, decoded].filter((p): p is string => !!p))];
}

/** Ids of the scopes covering any of `paths`. */
export async function coveringScopes(
  db: Kysely<DB>,
  paths: string[],
  grantsVersion?: number,
): Promise<string[]> {
  const scopes = await apiScopes(db, grantsVersion);
  if (scopes.length === 0) return [];
  return scopes.filter((s) => paths.some((p) => s.pattern.test(p))).map((s) => s.id);
}

/** 403 unless the path is uncovered or the user's live roles hold a covering scope. */
export async function assertApiScope(
  db: Kysely<DB>,
  user: AuthUser,
  paths: string[],
): Promise<void> {
  if (user.isSuperAdmin) return;
  const covering = await coveringScopes(db, paths, user.grantsVersion);
  if (covering.length === 0) return;
  if (user.roleIds.length === 0) throw forbidden();
  const key = `api-held:${user.tenantId}|${user.roleIds.join(',')}|${covering.join(',')}`;
  const held = await cachedForGrants(db, user.grantsVersion, key, async () =>
    Boolean(
      await db
        .selectFrom('bladeRoleScope as rs')
        .innerJoin('bladeRole as r', 'r.id', 'rs.roleId')
        .select('rs.id')
        .where('rs.scopeCategory', '=', 2)
        .where('rs.scopeId', 'in', covering)
        .where('rs.roleId', 'in', user.roleIds)
        .where('r.tenantId', '=', user.tenantId)
        .where('r.isDeleted', '=', 0)
        .executeTakeFirst(),
    ),
  );
  if (!held) throw forbidden();
}
