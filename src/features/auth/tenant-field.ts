/**
 * Whether the login and registration forms ask for the tenant (spec sections 2, 5 and 9:
 * tenant mode on, default 000000). A deployment can bind a domain to a tenant; then
 * `blade-system/tenant/info?domain=` names it and the field is hidden.
 */
export const TENANT_MODE = true;
export const DEFAULT_TENANT_ID = '000000';

/** The state of the domain lookup. A failed or pending lookup keeps the field visible. */
export type TenantLookup =
  { status: 'pending' } | { status: 'failed' } | { status: 'done'; tenantId: string | undefined };

/** Tenant ids are short codes; anything else from the server is ignored. */
const TENANT_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** The tenant named by a `tenant/info` answer (`{}` when the domain is not bound). */
export function tenantFromInfo(info: unknown): string | undefined {
  if (typeof info !== 'object' || info === null) return undefined;
  const id = (info as Record<string, unknown>).tenantId;
  if (typeof id !== 'string') return undefined;
  const trimmed = id.trim();
  return TENANT_ID.test(trimmed) ? trimmed : undefined;
}

/** The tenant the domain decided, if any. */
export function derivedTenant(lookup: TenantLookup): string | undefined {
  return lookup.status === 'done' ? lookup.tenantId : undefined;
}

/** The field shows in tenant mode unless the domain named the tenant. */
export function tenantFieldVisible(lookup: TenantLookup, tenantMode = TENANT_MODE): boolean {
  return tenantMode && derivedTenant(lookup) === undefined;
}

/** The tenant id to send: the domain's, else what was typed, else (tenant mode off) the default. */
export function effectiveTenantId(
  lookup: TenantLookup,
  typed: string,
  tenantMode = TENANT_MODE,
): string {
  if (!tenantMode) return DEFAULT_TENANT_ID;
  return derivedTenant(lookup) ?? typed.trim();
}
