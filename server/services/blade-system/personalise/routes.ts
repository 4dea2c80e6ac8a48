import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import { currentUser, perm, SIGNED_IN, type AuthUser } from '../../../auth/index.js';
import {
  checkPersonalise,
  EMPTY_PERSONALISE,
  type PersonaliseSettings,
} from '../../../../src/contracts/personalise.js';

/** The tenant's personalisation; '' everywhere while nothing is stored. */
export async function personaliseOf(
  db: Kysely<DB>,
  tenantId: string,
): Promise<PersonaliseSettings> {
  const row = await db
    .selectFrom('bladePersonalise')
    .select(['systemColor', 'sideName', 'smallWindowLogoUrl', 'navigationBarLogoUrl'])
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  return row ?? { ...EMPTY_PERSONALISE };
}

/** Replaces the tenant's personalisation (insert or update on the tenant: one row each). */
async function savePersonalise(
  db: Kysely<DB>,
  user: AuthUser,
  value: PersonaliseSettings,
): Promise<void> {
  const now = nowText();
  await db
    .insertInto('bladePersonalise')
    .values({
      id: nextId(),
      tenantId: user.tenantId,
      ...value,
      createUser: user.userId,
      createTime: now,
      updateUser: user.userId,
      updateTime: now,
    })
    .onConflict((oc) =>
      oc.column('tenantId').doUpdateSet({ ...value, updateUser: user.userId, updateTime: now }),
    )
    .execute();
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

  app.post(`${base}/submit`, { config: { access: perm('personalise_edit') } }, async (request) => {
    const user = currentUser(request);
    const checked = checkPersonalise(request.body, user.tenantId);
    if ('error' in checked) throw badRequest(`${checked.error.field}:${checked.error.message.zh}`);
    await savePersonalise(db, user, checked.value);
    return ok(await personaliseOf(db, user.tenantId), '修改成功');
  });
}
