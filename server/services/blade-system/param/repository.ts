import type { AppContext } from '../../../context.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { nextId } from '../../../lib/ids.js';
import { paged, type ListSpec, type QueryMap } from '../../../lib/query.js';
import { assertUpdated, wire, insertAudit } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';
import { notFound } from '../../../lib/errors.js';

/** Parameters are per tenant: each tenant configures its own (e.g. account.registerUser). */
export const PARAM_LIST: ListSpec = {
  filters: {
    paramName: { column: 'paramName' },
    paramKey: { column: 'paramKey' },
    paramValue: { column: 'paramValue' },
    createTime: { column: 'createTime' },
  },
  sorts: {
    paramName: 'paramName',
    paramKey: 'paramKey',
    createTime: 'createTime',
    updateTime: 'updateTime',
  },
};

const COLUMNS = [
  'id',
  'tenantId',
  'paramName',
  'paramKey',
  'paramValue',
  'remark',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'status',
  'isDeleted',
  'version',
] as const;

export async function listParams(ctx: AppContext, user: AuthUser, query: QueryMap) {
  const base = ctx.db
    .selectFrom('bladeParam')
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0);
  const page = await paged(base, (qb) => qb.select(COLUMNS), query, PARAM_LIST, ctx.dialect, [
    { column: 'createTime', direction: 'desc' },
  ]);
  return { ...page, records: page.records.map(wire) };
}

export async function getParam(ctx: AppContext, user: AuthUser, id: string) {
  const row = await ctx.db
    .selectFrom('bladeParam')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  return wire(row);
}

export interface ParamInput {
  id?: string | undefined;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark?: string | undefined;
  version?: number | undefined;
}

export async function saveParam(
  ctx: AppContext,
  user: AuthUser,
  input: ParamInput,
): Promise<string> {
  const now = nowText();
  if (!input.id) {
    const id = nextId();
    await ctx.db
      .insertInto('bladeParam')
      .values({
        id,
        tenantId: user.tenantId,
        paramName: input.paramName,
        paramKey: input.paramKey,
        paramValue: input.paramValue,
        remark: input.remark ?? null,
        ...insertAudit(user, now),
        version: 1,
      })
      .execute();
    return id;
  }
  const current = await getParam(ctx, user, input.id);
  const version = input.version ?? current.version;
  const result = await ctx.db
    .updateTable('bladeParam')
    .set({
      paramName: input.paramName,
      paramKey: input.paramKey,
      paramValue: input.paramValue,
      remark: input.remark ?? null,
      updateUser: user.userId,
      updateTime: now,
      version: version + 1,
    })
    .where('id', '=', input.id)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .where('version', '=', version)
    .executeTakeFirst();
  assertUpdated(result.numUpdatedRows, true);
  return input.id;
}

export async function removeParams(ctx: AppContext, user: AuthUser, ids: string[]): Promise<void> {
  await ctx.db
    .updateTable('bladeParam')
    .set({ isDeleted: 1, updateUser: user.userId, updateTime: nowText() })
    .where('id', 'in', ids)
    .where('tenantId', '=', user.tenantId)
    .execute();
}

/** A parameter's value in a tenant (used by guest registration and password reset). */
export async function paramValue(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
  key: string,
): Promise<string | undefined> {
  const row = await ctx.db
    .selectFrom('bladeParam')
    .select('paramValue')
    .where('tenantId', '=', tenantId)
    .where('paramKey', '=', key)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return row?.paramValue;
}
