import type { AppContext } from '../../../context.js';

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
