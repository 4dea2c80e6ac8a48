import type { AppContext } from '../../../context.js';
import type { AuthUser } from '../../../auth/index.js';
import { badRequest } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import {
  tableSettingsSchema,
  type TableSet,
  type TableSetSaveInput,
  type TableSettings,
} from '../../../../src/contracts/table-set.js';

/**
 * Most tables one user keeps settings for. The console has far fewer tables; the cap only
 * bounds what one account can make the server store (at most this many times 8 KB).
 */
export const MAX_TABLES_PER_USER = 500;

/** The caller's own rows: tenant and user come from the token, never from the request. */
function ownRows(ctx: AppContext, user: AuthUser) {
  return ctx.db
    .selectFrom('bladeTableSet')
    .where('tenantId', '=', user.tenantId)
    .where('userId', '=', user.userId);
}

/**
 * A stored value that no longer passes the contract (written before a limit was tightened, or
 * edited by hand) reads as "nothing saved", so the table falls back to its defaults instead of
 * the console receiving a layout it cannot apply.
 */
function readSettings(text: string): TableSettings | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = tableSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export async function getTableSet(
  ctx: AppContext,
  user: AuthUser,
  tableKey: string,
): Promise<TableSet | null> {
  const row = await ownRows(ctx, user)
    .select('settings')
    .where('tableKey', '=', tableKey)
    .executeTakeFirst();
  const settings = row ? readSettings(row.settings) : undefined;
  return settings ? { tableKey, settings } : null;
}

/** Replaces the caller's settings of one table (insert or update on the owner key). */
export async function saveTableSet(
  ctx: AppContext,
  user: AuthUser,
  input: TableSetSaveInput,
): Promise<TableSet> {
  const existing = await ownRows(ctx, user)
    .select('id')
    .where('tableKey', '=', input.tableKey)
    .executeTakeFirst();
  if (!existing) {
    const { count } = await ownRows(ctx, user)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_TABLES_PER_USER) {
      throw badRequest(`最多保存${MAX_TABLES_PER_USER}个表格的设置`);
    }
  }
  const settings = JSON.stringify(input.settings);
  const updateTime = nowText();
  // Upsert rather than read-then-write: two tabs saving the same table at once both succeed and
  // the later write wins, instead of one of them failing on the unique key.
  await ctx.db
    .insertInto('bladeTableSet')
    .values({
      id: nextId(),
      tenantId: user.tenantId,
      userId: user.userId,
      tableKey: input.tableKey,
      settings,
      updateTime,
    })
    .onConflict((oc) =>
      oc.columns(['tenantId', 'userId', 'tableKey']).doUpdateSet({ settings, updateTime }),
    )
    .execute();
  return { tableKey: input.tableKey, settings: input.settings };
}
