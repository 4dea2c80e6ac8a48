import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../../db/schema.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { STALE_VERSION } from '../../../lib/records.js';
import { versionField } from '../../../lib/table/fields.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { currentUser, perm, SIGNED_IN, type AuthUser } from '../../../auth/index.js';
import {
  checkPersonalise,
  EMPTY_PERSONALISE,
  type PersonaliseSettings,
  type SavedPersonalise,
} from '../../../../src/contracts/personalise.js';

/** The tenant's personalisation; '' everywhere and version 0 while nothing is stored. */
export async function personaliseOf(db: Kysely<DB>, tenantId: string): Promise<SavedPersonalise> {
  const row = await db
    .selectFrom('bladePersonalise')
    .select(['systemColor', 'sideName', 'smallWindowLogoUrl', 'navigationBarLogoUrl', 'version'])
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  return row ? { ...row, version: Number(row.version) } : { ...EMPTY_PERSONALISE, version: 0 };
}

const lockInput = z.object({ version: versionField });

/**
 * Replaces the tenant's personalisation (one row per tenant) under optimistic locking: `version`
 * 0 creates the row (409 when another save created it first), any other version updates only
 * that version (409 when it moved on, 404 when nothing is stored); absent replaces whatever is
 * current.
 */
async function savePersonalise(
  db: Kysely<DB>,
  user: AuthUser,
  value: PersonaliseSettings,
  version: number | undefined,
): Promise<void> {
  const now = nowText();
  if (version !== undefined && version > 0) {
    const result = await db
      .updateTable('bladePersonalise')
      .set((eb) => ({
        ...value,
        updateUser: user.userId,
        updateTime: now,
        version: eb('version', '+', 1),
      }))
      .where('tenantId', '=', user.tenantId)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return;
    const stored = await db
      .selectFrom('bladePersonalise')
      .select('id')
      .where('tenantId', '=', user.tenantId)
      .executeTakeFirst();
    throw stored ? conflict(STALE_VERSION) : notFound();
  }
  const insert = db.insertInto('bladePersonalise').values({
    id: nextId(),
    tenantId: user.tenantId,
    ...value,
    createUser: user.userId,
    createTime: now,
    updateUser: user.userId,
    updateTime: now,
  });
  if (version === 0) {
    const result = await insert
      .onConflict((oc) => oc.column('tenantId').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) throw conflict(STALE_VERSION);
    return;
  }
  await insert
    .onConflict((oc) =>
      oc.column('tenantId').doUpdateSet((eb) => ({
        ...value,
        updateUser: user.userId,
        updateTime: now,
        version: eb('bladePersonalise.version', '+', 1),
      })),
    )
    .execute();
}

/** Who may replace the personalisation (here and in {org}-dbo-system/tenant/own-set). */
export const PERSONALISE_EDIT = perm('personalise_edit');

/**
 * A submitted personalisation checked (400), saved under its `version` (409/404) and answered
 * as now stored. Shared with own-set/routes.ts, so both paths save alike.
 */
export async function submitPersonalise(
  db: Kysely<DB>,
  user: AuthUser,
  body: unknown,
): Promise<SavedPersonalise> {
  const checked = checkPersonalise(body, user.tenantId);
  if ('error' in checked) throw badRequest(`${checked.error.field}:${checked.error.message.zh}`);
  const { version } = parseBody(
    lockInput,
    body && typeof body === 'object' && !Array.isArray(body) ? body : {},
  );
  await savePersonalise(db, user, checked.value, version);
  return personaliseOf(db, user.tenantId);
}

/**
 * blade-system/personalise (src/contracts/personalise.ts): every signed-in user reads their
 * tenant's personalisation (each console applies it); `personalise_edit` replaces it. The
 * tenant comes from the token; a `tenantId` in the body is ignored.
 */
export default async function personaliseRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db;
  const base = '/api/blade-system/personalise';

  app.get(`${base}/detail`, { config: { access: SIGNED_IN } }, async (request) =>
    ok(await personaliseOf(db, currentUser(request).tenantId)),
  );

  app.post(`${base}/submit`, { config: { access: PERSONALISE_EDIT } }, async (request) => {
    const user = currentUser(request);
    return ok(await submitPersonalise(db, user, request.body), '修改成功');
  });
}
