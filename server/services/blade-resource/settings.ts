import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.js';
import { okStatus } from '../../lib/envelope.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { requiredParam } from '../../lib/params.js';
import { blank } from '../../lib/table/index.js';
import { nowText } from '../../lib/time.js';
import { tooLong } from '../../lib/validation.js';
import { currentUser, perm, type AuthUser } from '../../auth/index.js';
import { isMask, SECRET_MASK } from '../../../src/contracts/secret-mask.js';

/**
 * What the SMS and object-storage settings (and the OAuth clients' secret) share: secrets are
 * never answered in plain text, and one row per tenant is the enabled one. Their shared fields
 * (provider, resource code, keys, status) are src/contracts/blade-resource/settings.ts.
 */

export { SECRET_MASK };

/** The mask for a stored secret, '' when there is none. */
export const maskSecret = (value: string | null | undefined): string => (value ? SECRET_MASK : '');

/**
 * A secret of a submit: blank or the mask means "keep the stored one" (undefined: the
 * declaration's toRow leaves the column out, so an update does not touch it).
 */
export const secretField = (max: number) =>
  z.preprocess(
    (v) => (blank(v) || isMask(v) ? undefined : typeof v === 'string' ? v.trim() : v),
    z.string().min(1).max(max, tooLong(max)).optional(),
  );

/**
 * The hooks of a settings table with a `secretKey` and a provider `category`: an absent secret
 * (blank or the mask) is left out so an update keeps the stored one, a new row must have one,
 * and answers carry the mask and the provider's name.
 */
export function secretKeyHooks(categories: Readonly<Record<number, string>>) {
  return {
    toRow: <R extends { secretKey?: string | undefined }>({ secretKey, ...rest }: R) =>
      secretKey === undefined ? rest : { ...rest, secretKey },
    beforeSave: async (
      _call: unknown,
      input: { secretKey?: string | undefined },
      id: string | undefined,
    ) => {
      if (!id && input.secretKey === undefined) throw badRequest('secretKey:请输入secretKey');
    },
    decorate: <R extends { secretKey: string | null; category: number }>(
      _call: unknown,
      rows: R[],
    ) =>
      rows.map((r) => ({
        ...r,
        secretKey: maskSecret(r.secretKey),
        categoryName: categories[r.category] ?? '',
      })),
  };
}

/** Row status of the settings tables (BladeX): 1 off, 2 on. */
export const DISABLED = 1;
export const ENABLED = 2;

type SettingsTable = 'bladeSms' | 'bladeOss';

/**
 * Makes `id` the tenant's one enabled row, turning the others off, in one transaction. The
 * tenant's rows are locked first (PostgreSQL), so concurrent enables run one after the other
 * (without the lock, two of them could each turn the other's row off unseen and both enable,
 * which the partial unique index of migration 007 refuses with an error); SQLite runs one
 * transaction at a time.
 */
export async function enableOne(
  db: Kysely<DB>,
  dialect: 'sqlite' | 'postgres',
  table: SettingsTable,
  user: AuthUser,
  id: string,
): Promise<void> {
  const loose = db as unknown as Kysely<Pick<DB, 'bladeSms'>>;
  const t = table as 'bladeSms';
  await loose.transaction().execute(async (trx) => {
    // Locked in id order: two enables taking the same rows in different orders would deadlock.
    let rows = trx
      .selectFrom(t)
      .select('id')
      .where('tenantId', '=', user.tenantId)
      .where('isDeleted', '=', 0)
      .orderBy('id');
    if (dialect === 'postgres') rows = rows.forUpdate();
    const live = await rows.execute();
    if (!live.some((r) => r.id === id)) throw notFound();
    const stamp = { updateUser: user.userId, updateTime: nowText() };
    await trx
      .updateTable(t)
      .set({ status: DISABLED, ...stamp })
      .where('tenantId', '=', user.tenantId)
      .where('status', '=', ENABLED)
      .where('id', '<>', id)
      .execute();
    await trx
      .updateTable(t)
      .set({ status: ENABLED, ...stamp })
      .where('id', '=', id)
      .where('tenantId', '=', user.tenantId)
      .execute();
  });
}

/** Turns one of the tenant's rows off (404 when it is not a live row of the tenant). */
export async function disableOne(
  db: Kysely<DB>,
  table: SettingsTable,
  user: AuthUser,
  id: string,
): Promise<void> {
  const t = table as 'bladeSms';
  const result = await db
    .updateTable(t)
    .set({ status: DISABLED, updateUser: user.userId, updateTime: nowText() })
    .where('id', '=', id)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw notFound();
}

/**
 * POST `<base>/enable?id=` (BladeX: the row becomes the tenant's enabled one) and
 * POST `<base>/disable?id=` (ours: 启用/停用 is one button code), behind `code`.
 */
export function enableRoutes(
  app: FastifyInstance,
  base: string,
  table: SettingsTable,
  code: string,
): void {
  const access = { config: { access: perm(code) } };
  app.post(`${base}/enable`, access, async (request) => {
    const id = requiredParam(request, 'id');
    await enableOne(app.ctx.db, app.ctx.dialect, table, currentUser(request), id);
    return okStatus('启用成功');
  });
  app.post(`${base}/disable`, access, async (request) => {
    const id = requiredParam(request, 'id');
    await disableOne(app.ctx.db, table, currentUser(request), id);
    return okStatus('停用成功');
  });
}

/** The tenant's enabled row of a settings table, if any (for the drivers that use it). */
export async function enabledSetting<T extends SettingsTable>(
  db: Kysely<DB>,
  table: T,
  tenantId: string,
): Promise<DB[T] | undefined> {
  const t = table as 'bladeSms';
  const row = await db
    .selectFrom(t)
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('status', '=', ENABLED)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return row as DB[T] | undefined;
}
