import type { FastifyInstance } from 'fastify';
import { ok } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { param } from '../../../lib/params.js';
import { currentUser, perm, assertPermission } from '../../../auth/index.js';
import {
  CHECK_TEXT,
  checkPlatformConfig,
  isPlatformKey,
  PLATFORM_DECLARATIONS,
  PLATFORMS,
  type FieldError,
  type PlatformDeclaration,
} from '../../../../src/contracts/platform-settings.js';
import {
  platformDetail,
  readConfig,
  savePlatform,
  storedRow,
  storedSecrets,
} from './repository.js';

const refuse = (error: FieldError) => badRequest(`${error.field}:${error.message.zh}`);

function declarationOf(value: unknown): PlatformDeclaration {
  if (!isPlatformKey(value)) throw refuse({ field: 'platform', message: CHECK_TEXT.platform });
  return PLATFORM_DECLARATIONS[value];
}

const codes = PLATFORMS.map((p) => PLATFORM_DECLARATIONS[p].code);
/** Reading: a platform's menu code or its `_view` button (`_edit` implies seeing what one edits). */
const readCodes = (decl: PlatformDeclaration) => [
  decl.code,
  `${decl.code}_view`,
  `${decl.code}_edit`,
];

/**
 * blade-system/platform-setting (src/contracts/platform-settings.ts): one configuration per
 * tenant and platform. The routes admit any platform's codes; the handler then asks for the
 * requested platform's own (reading: menu or `_view`; saving: `_edit`). Secrets are never
 * answered; a stale version answers 409.
 */
export default async function platformSettingRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db;
  const base = '/api/blade-system/platform-setting';
  const anyRead = perm(...codes.flatMap((c) => [c, `${c}_view`, `${c}_edit`]));
  const anyEdit = perm(...codes.map((c) => `${c}_edit`));

  app.get(`${base}/detail`, { config: { access: anyRead } }, async (request) => {
    const user = currentUser(request);
    const decl = declarationOf(param(request, 'platform'));
    await assertPermission(db, user, ...readCodes(decl));
    return ok(await platformDetail(db, user.tenantId, decl));
  });

  app.post(`${base}/submit`, { config: { access: anyEdit } }, async (request) => {
    const user = currentUser(request);
    const body =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body)
        ? (request.body as Record<string, unknown>)
        : {};
    const decl = declarationOf(body.platform ?? param(request, 'platform'));
    await assertPermission(db, user, `${decl.code}_edit`);

    const version = Number(body.version);
    if (body.version === undefined || body.version === null || body.version === '')
      throw refuse({ field: 'version', message: CHECK_TEXT.version });
    if (!Number.isInteger(version) || version < 0)
      throw refuse({ field: 'version', message: CHECK_TEXT.version });

    // A JSON text is accepted too (BladeX-style clients send nested objects as strings).
    let input: unknown = body.config;
    if (typeof input === 'string') {
      try {
        input = JSON.parse(input);
      } catch {
        throw refuse({ field: 'config', message: CHECK_TEXT.notObject });
      }
    }
    const row = await storedRow(db, user.tenantId, decl.key);
    const checked = checkPlatformConfig(
      decl,
      input,
      storedSecrets(decl, readConfig(decl, row?.config)),
    );
    if ('error' in checked) throw refuse(checked.error);
    await savePlatform(db, user, decl, checked.config, version);
    return ok(await platformDetail(db, user.tenantId, decl), '修改成功');
  });
}
