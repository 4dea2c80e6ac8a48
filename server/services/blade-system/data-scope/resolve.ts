import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../../db/schema.js';
import type { AuditedTable, RowFilter, TableCall } from '../../../lib/table/index.js';
import type { AuthUser } from '../../../auth/index.js';
import { cachedForGrants } from '../../../auth/grants-cache.js';

/**
 * Data scopes (contract.md 5, dict `data_scope_type`): rows a role may see of a resource. A
 * declaration opts in with `dataScope: dataScopeFor('<resourceCode>')`; the table engine then
 * narrows list, select, detail, update and remove (a row outside the scope answers 404).
 *
 * Rules (BladeX's, with two deliberate differences):
 * - only scopes granted to the caller's live roles (blade_role_scope category 1) with that
 *   resource code count; none granted means no narrowing (BladeX: no rule = type 1, all);
 * - several granted scopes are a union: a row visible through any one of them is visible, so a
 *   granted 'all' means no narrowing;
 * - the super administrator is never narrowed (BladeX skips every role named like 'admin'; here a
 *   tenant administrator is narrowed when a scope is granted to their role);
 * - type 5 (custom) is a comma list of department ids, not BladeX's SQL fragment: no SQL is ever
 *   read from the database.
 */
export const DATA_SCOPE_TYPE = {
  all: 1,
  own: 2,
  ownDept: 3,
  ownDeptAndChildren: 4,
  custom: 5,
} as const;

/** What a scope's column holds: the creating user's id or the creating department's id. */
export type ScopeHolds = 'user' | 'dept';

/** A filterable column of a declaration: its Kysely (camelCase) name and what it holds. */
export interface ScopeColumn {
  column: string;
  holds: ScopeHolds;
}

/**
 * The columns a scope's `scopeColumn` (snake_case, as stored) may name. Anything else never
 * reaches SQL: the type's default column of the right kind is used instead.
 */
export const AUDIT_SCOPE_COLUMNS: Readonly<Record<string, ScopeColumn>> = {
  create_user: { column: 'createUser', holds: 'user' },
  create_dept: { column: 'createDept', holds: 'dept' },
};

export interface GrantedDataScope {
  scopeType: number;
  scopeColumn: string;
  scopeValue: string | null;
}

/**
 * The data scopes of `resourceCode` granted to the caller's live roles of their tenant, cached
 * for the grants version the request read (role scopes, scope rules, roles and departments move
 * it: migration 055).
 */
export async function grantedDataScopes(
  db: Kysely<DB>,
  user: AuthUser,
  resourceCode: string,
): Promise<readonly GrantedDataScope[]> {
  if (user.roleIds.length === 0) return [];
  const key = `scopes:${user.tenantId}|${user.roleIds.join(',')}|${resourceCode}`;
  return cachedForGrants(db, user.grantsVersion, key, () =>
    readGrantedDataScopes(db, user, resourceCode),
  );
}

function readGrantedDataScopes(
  db: Kysely<DB>,
  user: AuthUser,
  resourceCode: string,
): Promise<GrantedDataScope[]> {
  return db
    .selectFrom('bladeRoleScope as rs')
    .innerJoin('bladeRole as r', 'r.id', 'rs.roleId')
    .innerJoin('bladeScopeData as d', 'd.id', 'rs.scopeId')
    .select(['d.scopeType', 'd.scopeColumn', 'd.scopeValue'])
    .where('rs.scopeCategory', '=', 1)
    .where('rs.roleId', 'in', user.roleIds)
    .where('r.tenantId', '=', user.tenantId)
    .where('r.isDeleted', '=', 0)
    .where('d.resourceCode', '=', resourceCode)
    .where('d.isDeleted', '=', 0)
    .execute();
}

/** Ids of a comma list (type 5's scopeValue); anything that is not an id is dropped. */
export function idsOf(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[A-Za-z0-9_-]{1,32}$/.test(s));
}

/**
 * The caller's departments and every department below them (ancestors paths) in the tenant,
 * cached for the grants version (departments move it: migration 055).
 */
export async function deptSubtree(db: Kysely<DB>, user: AuthUser): Promise<readonly string[]> {
  if (user.deptIds.length === 0) return [];
  const key = `subtree:${user.tenantId}|${user.deptIds.join(',')}`;
  return cachedForGrants(db, user.grantsVersion, key, () => readDeptSubtree(db, user));
}

async function readDeptSubtree(db: Kysely<DB>, user: AuthUser): Promise<string[]> {
  const mine = new Set(user.deptIds);
  const rows = await db
    .selectFrom('bladeDept')
    .select(['id', 'ancestors'])
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .execute();
  const out = new Set(user.deptIds);
  for (const r of rows) if (r.ancestors.split(',').some((a) => mine.has(a))) out.add(r.id);
  return [...out];
}

/** One condition of the union: `column in ids` (no ids: matches nothing). */
export interface ScopeRule {
  column: string;
  ids: readonly string[];
}

/**
 * The caller's rules for `resourceCode`: undefined when nothing narrows (super administrator,
 * no scope granted, or a granted 'all'); otherwise the conditions whose union is visible.
 */
export async function dataScopeRules(
  db: Kysely<DB>,
  user: AuthUser,
  resourceCode: string,
  columns: Readonly<Record<string, ScopeColumn>> = AUDIT_SCOPE_COLUMNS,
): Promise<ScopeRule[] | undefined> {
  if (user.isSuperAdmin) return undefined;
  const scopes = await grantedDataScopes(db, user, resourceCode);
  if (scopes.length === 0 || scopes.some((s) => s.scopeType === DATA_SCOPE_TYPE.all))
    return undefined;
  const columnFor = (scope: GrantedDataScope, holds: ScopeHolds): string | undefined => {
    const named = columns[scope.scopeColumn.trim().toLowerCase()];
    if (named?.holds === holds) return named.column;
    return Object.values(columns).find((c) => c.holds === holds)?.column;
  };
  let subtree: readonly string[] | undefined;
  const rules: ScopeRule[] = [];
  for (const scope of scopes) {
    const type = scope.scopeType;
    const holds: ScopeHolds = type === DATA_SCOPE_TYPE.own ? 'user' : 'dept';
    const column = columnFor(scope, holds);
    // An unknown type, or no column of the kind it needs: this scope shows nothing.
    if (!column) continue;
    if (type === DATA_SCOPE_TYPE.own) rules.push({ column, ids: [user.userId] });
    else if (type === DATA_SCOPE_TYPE.ownDept) rules.push({ column, ids: user.deptIds });
    else if (type === DATA_SCOPE_TYPE.ownDeptAndChildren)
      rules.push({ column, ids: (subtree ??= await deptSubtree(db, user)) });
    else if (type === DATA_SCOPE_TYPE.custom) rules.push({ column, ids: idsOf(scope.scopeValue) });
  }
  return rules;
}

/**
 * The `dataScope` hook of a table declaration: rows narrowed by the data scopes granted for
 * `resourceCode` (e.g. `dataScope: dataScopeFor('post')`). `columns` widens what a scope's
 * `scopeColumn` may name (default: create_user, create_dept).
 */
export function dataScopeFor(
  resourceCode: string,
  columns: Readonly<Record<string, ScopeColumn>> = AUDIT_SCOPE_COLUMNS,
) {
  return async <T extends AuditedTable>(call: TableCall): Promise<RowFilter<T> | undefined> => {
    const rules = await dataScopeRules(call.db, call.user, resourceCode, columns);
    if (!rules) return undefined;
    return (eb) => {
      const ref = eb as unknown as (
        column: string,
        op: 'in',
        values: readonly string[],
      ) => Expression<SqlBool>;
      const parts = rules.filter((r) => r.ids.length > 0).map((r) => ref(r.column, 'in', r.ids));
      return parts.length ? eb.or(parts) : sql<SqlBool>`1 = 0`;
    };
  };
}
