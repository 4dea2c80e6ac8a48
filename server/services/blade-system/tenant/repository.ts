import type { AppContext } from '../../../context.js';
import { type AuthUser, SUPER_TENANT } from '../../../auth/index.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { paged, type ListSpec, type QueryMap } from '../../../lib/query.js';
import { assertUpdated, wire } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';
import { provisionTenant, type NewTenant } from './provision.js';

/**
 * Tenants (contract.md 4.7, Part 1 decision 5): the super administrator sees and manages every
 * tenant; anyone else only ever sees their own row.
 */
export const TENANT_LIST: ListSpec = {
  filters: {
    tenantId: { column: 't.tenantId' },
    tenantName: { column: 't.tenantName' },
    contactNumber: { column: 't.contactNumber' },
    linkman: { column: 't.linkman' },
  },
  sorts: {
    tenantId: 't.tenantId',
    tenantName: 't.tenantName',
    createTime: 't.createTime',
    expireTime: 't.expireTime',
  },
};

const COLUMNS = [
  't.id',
  't.tenantId',
  't.tenantName',
  't.domain',
  't.backgroundUrl',
  't.linkman',
  't.contactNumber',
  't.address',
  't.accountNumber',
  't.expireTime',
  't.packageId',
  't.datasourceId',
  't.createUser',
  't.createDept',
  't.createTime',
  't.updateUser',
  't.updateTime',
  't.status',
  't.isDeleted',
  't.version',
] as const;

/** Live tenants visible to the caller, with their package's name. */
function visibleTenants(ctx: AppContext, user: AuthUser) {
  let qb = ctx.db
    .selectFrom('bladeTenant as t')
    .leftJoin('bladeTenantPackage as p', (join) =>
      join.onRef('p.id', '=', 't.packageId').on('p.isDeleted', '=', 0),
    )
    .where('t.isDeleted', '=', 0);
  if (!user.isSuperAdmin) qb = qb.where('t.tenantId', '=', user.tenantId);
  return qb;
}

export async function listTenants(ctx: AppContext, user: AuthUser, query: QueryMap) {
  const page = await paged(
    visibleTenants(ctx, user),
    (qb) => qb.select([...COLUMNS, 'p.packageName']),
    query,
    TENANT_LIST,
    ctx.dialect,
    [{ column: 't.tenantId', direction: 'asc' }],
  );
  return { ...page, records: page.records.map(wire) };
}

export async function getTenant(ctx: AppContext, user: AuthUser, id: string) {
  const row = await visibleTenants(ctx, user)
    .select([...COLUMNS, 'p.packageName'])
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return wire(row);
}

/** GET select: [{tenantId, tenantName}] of every live tenant for the super administrator, else the caller's. */
export async function tenantOptions(ctx: AppContext, user: AuthUser) {
  return visibleTenants(ctx, user)
    .select(['t.tenantId', 't.tenantName'])
    .orderBy('t.tenantId')
    .execute();
}

/** GET belong-tenant: the caller's own tenant. */
export async function belongTenant(ctx: AppContext, user: AuthUser) {
  const row = await ctx.db
    .selectFrom('bladeTenant')
    .select(['id', 'tenantId', 'tenantName', 'domain', 'backgroundUrl'])
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  return wire(row);
}

/** GET info?domain= (public, before login): the tenant served at that domain, or {}. */
export async function tenantByDomain(ctx: AppContext, domain: string | undefined) {
  if (!domain) return {};
  const row = await ctx.db
    .selectFrom('bladeTenant')
    .select(['tenantId', 'domain', 'backgroundUrl'])
    .where('domain', '=', domain.trim())
    .where('isDeleted', '=', 0)
    .orderBy('createTime')
    .executeTakeFirst();
  return row ? wire(row) : {};
}

async function liveTenantByCode(ctx: AppContext, tenantId: string) {
  const row = await ctx.db
    .selectFrom('bladeTenant')
    .select(['id', 'tenantId', 'packageId'])
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('租户不存在');
  return row;
}

/** Two tenants on one domain would make the login page's tenant lookup ambiguous. */
async function assertDomainFree(
  ctx: AppContext,
  domain: string | null | undefined,
  exceptId?: string,
) {
  if (!domain) return;
  let qb = ctx.db
    .selectFrom('bladeTenant')
    .select('id')
    .where('domain', '=', domain)
    .where('isDeleted', '=', 0);
  if (exceptId) qb = qb.where('id', '<>', exceptId);
  if (await qb.executeTakeFirst()) throw badRequest('domain:该域名已被其他租户使用');
}

async function packageMenuSet(ctx: AppContext, packageId: string): Promise<Set<string>> {
  const pkg = await ctx.db
    .selectFrom('bladeTenantPackage')
    .select('menuId')
    .where('id', '=', packageId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!pkg) throw badRequest('packageId:产品包不存在');
  return new Set(pkg.menuId.split(',').filter(Boolean));
}

export async function createTenant(ctx: AppContext, user: AuthUser, input: NewTenant) {
  await assertDomainFree(ctx, input.domain);
  const packageMenus = input.packageId ? await packageMenuSet(ctx, input.packageId) : undefined;
  return provisionTenant(ctx, user, input, packageMenus);
}

/** Editable fields; undefined leaves a field as it is, null clears it. The tenantId never changes. */
export interface TenantChanges {
  tenantName: string;
  domain?: string | null | undefined;
  backgroundUrl?: string | null | undefined;
  linkman?: string | null | undefined;
  contactNumber?: string | null | undefined;
  address?: string | null | undefined;
}

/**
 * Optimistic locking (issue 15 item 10): `version` is the one the editor loaded (absent: whatever
 * is current); a tenant that moved on since answers 409.
 */
export async function updateTenant(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  changes: TenantChanges,
  version?: number,
) {
  const current = await ctx.db
    .selectFrom('bladeTenant')
    .select(['id', 'tenantId', 'version'])
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!current) throw notFound();
  await assertDomainFree(ctx, changes.domain, id);
  const set: Record<string, string | null> = { updateUser: user.userId, updateTime: nowText() };
  for (const [key, value] of Object.entries(changes)) if (value !== undefined) set[key] = value;
  const given = version ?? current.version;
  const result = await ctx.db
    .updateTable('bladeTenant')
    .set({ ...set, version: given + 1 })
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .where('version', '=', given)
    .executeTakeFirst();
  assertUpdated(result.numUpdatedRows, true);
  return { id: current.id, tenantId: current.tenantId };
}

/** Logic delete; the removed tenants' users are signed out at once. */
export async function removeTenants(ctx: AppContext, user: AuthUser, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('bladeTenant')
      .select(['id', 'tenantId'])
      .where('id', 'in', unique)
      .where('isDeleted', '=', 0)
      .execute();
    if (rows.length !== unique.length) throw notFound();
    if (rows.some((r) => r.tenantId === SUPER_TENANT)) throw badRequest('不能删除管理租户');
    await trx
      .updateTable('bladeTenant')
      .set((eb) => ({
        isDeleted: 1,
        updateUser: user.userId,
        updateTime: nowText(),
        version: eb('version', '+', 1),
      }))
      .where('id', 'in', unique)
      .execute();
    await trx
      .updateTable('authSession')
      .set({ revokedAt: ctx.now(), revokeReason: 'tenant_removed' })
      .where(
        'tenantId',
        'in',
        rows.map((r) => r.tenantId),
      )
      .where('revokedAt', 'is', null)
      .execute();
  });
}

/** POST setting: account quota (-1 unlimited) and licence expiry of the given tenants. */
export async function setTenantLicence(
  ctx: AppContext,
  user: AuthUser,
  ids: string[],
  accountNumber: number,
  expireTime: string | null,
): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .selectFrom('bladeTenant')
    .select(['id', 'tenantId'])
    .where('id', 'in', unique)
    .where('isDeleted', '=', 0)
    .execute();
  if (rows.length !== unique.length) throw notFound();
  // An expiry on the managing tenant could lock the super administrator out for good.
  if (rows.some((r) => r.tenantId === SUPER_TENANT)) throw badRequest('不能修改管理租户的授权');
  await ctx.db
    .updateTable('bladeTenant')
    .set((eb) => ({
      accountNumber,
      expireTime,
      updateUser: user.userId,
      updateTime: nowText(),
      version: eb('version', '+', 1),
    }))
    .where('id', 'in', unique)
    .execute();
}

/** POST datasource: stored only; there is no per-tenant database routing in this server. */
export async function setTenantDatasource(
  ctx: AppContext,
  user: AuthUser,
  tenantId: string,
  datasourceId: string | null,
) {
  const tenant = await liveTenantByCode(ctx, tenantId);
  await ctx.db
    .updateTable('bladeTenant')
    .set((eb) => ({
      datasourceId,
      updateUser: user.userId,
      updateTime: nowText(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', tenant.id)
    .execute();
}

/** GET package-detail: the tenant's package, or {} when it has none. */
export async function tenantPackage(ctx: AppContext, tenantId: string) {
  const tenant = await liveTenantByCode(ctx, tenantId);
  if (!tenant.packageId) return {};
  const pkg = await ctx.db
    .selectFrom('bladeTenantPackage')
    .select([
      'id',
      'packageName',
      'menuId',
      'remark',
      'createTime',
      'updateTime',
      'status',
      'isDeleted',
    ])
    .where('id', '=', tenant.packageId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return pkg ? wire(pkg) : {};
}

/** POST package-setting: assigns a package (null clears it); grants are cut at read time. */
export async function setTenantPackage(
  ctx: AppContext,
  user: AuthUser,
  tenantId: string,
  packageId: string | null,
) {
  const tenant = await liveTenantByCode(ctx, tenantId);
  if (packageId) await packageMenuSet(ctx, packageId);
  await ctx.db
    .updateTable('bladeTenant')
    .set((eb) => ({
      packageId,
      updateUser: user.userId,
      updateTime: nowText(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', tenant.id)
    .execute();
}
