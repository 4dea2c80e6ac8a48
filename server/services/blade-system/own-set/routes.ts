import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { ok } from '../../../lib/envelope.js';
import type { JsonSchema, RouteDocInput } from '../../../lib/api-doc/types.js';
import { currentUser, SIGNED_IN } from '../../../auth/index.js';
import { PERSONALISE_EDIT, personaliseOf, submitPersonalise } from '../personalise/routes.js';
import { ORG } from '../../../../src/contracts/business-services.js';
import {
  LOGO_URL_MAX,
  PERSONALISE_LABELS,
  SIDE_NAME_MAX,
  type SavedPersonalise,
} from '../../../../src/contracts/personalise.js';
import { OWN_SET_DEFAULTS, ownSetBase, type OwnSet } from '../../../../src/contracts/own-set.js';

const withTenant = (tenantId: string, saved: SavedPersonalise): OwnSet => ({ tenantId, ...saved });

const readOwnSet = async (db: Kysely<DB>, tenantId: string): Promise<OwnSet> =>
  withTenant(tenantId, await personaliseOf(db, tenantId));

const OWN_SET_ANSWER = {
  zh: 'data：{tenantId, systemColor, sideName, smallWindowLogoUrl, navigationBarLogoUrl, version}（未保存时为空串，version 为 0）',
  en: "data: {tenantId, systemColor, sideName, smallWindowLogoUrl, navigationBarLogoUrl, version} ('' and version 0 while nothing is stored)",
};

const readDoc: RouteDocInput = {
  summary: {
    zh: '当前租户的个性化设置（同 blade-system/personalise，租户取自令牌）',
    en: "The caller's tenant's own settings (blade-system/personalise; tenant from the token)",
  },
  response: OWN_SET_ANSWER,
};

/** The body checkPersonalise accepts (it is hand-written, so the schema is too). */
const submitBody: JsonSchema = {
  type: 'object',
  properties: {
    systemColor: {
      type: 'string',
      pattern: '^#[0-9a-fA-F]{6}$',
      description: PERSONALISE_LABELS.systemColor.en,
    },
    sideName: {
      type: 'string',
      maxLength: SIDE_NAME_MAX,
      description: PERSONALISE_LABELS.sideName.en,
    },
    smallWindowLogoUrl: {
      type: 'string',
      maxLength: LOGO_URL_MAX,
      description: `${PERSONALISE_LABELS.smallWindowLogoUrl.en}: '', an avatar upload or http(s)`,
    },
    navigationBarLogoUrl: {
      type: 'string',
      maxLength: LOGO_URL_MAX,
      description: `${PERSONALISE_LABELS.navigationBarLogoUrl.en}: '', an avatar upload or http(s)`,
    },
    version: {
      type: 'integer',
      minimum: 0,
      description: 'The version read (0: nothing stored yet); absent replaces whatever is current',
    },
  },
  required: ['systemColor'],
};

const submitDoc: RouteDocInput = {
  summary: {
    zh: '保存当前租户的个性化设置（版本过期时 409）',
    en: "Save the caller's tenant's own settings (409 for a stale version)",
  },
  body: { schema: submitBody },
  response: OWN_SET_ANSWER,
};

const defaultsDoc: RouteDocInput = {
  summary: {
    zh: '平台默认的个性化设置（恢复默认时使用）',
    en: 'The platform defaults of the own settings (what a reset fills in)',
  },
  response: {
    zh: 'data：{systemColor, sideName, smallWindowLogoUrl, navigationBarLogoUrl}',
    en: 'data: {systemColor, sideName, smallWindowLogoUrl, navigationBarLogoUrl}',
  },
};

/**
 * `{org}-dbo-system/tenant/own-set` (src/contracts/own-set.ts): the BladeX gateway's calls for
 * the tenant's own settings, served from the personalisation so both paths agree. Reading and
 * saving are personalise's own functions (same checks, permission and optimistic lock).
 * BLADE_ORG's rewrite (canonicalServicePath) covers only `blade-{org}-platform-*`, so like
 * oss-endpoint's `{org}-put-file` the configured name is registered here, beside the console's.
 */
export default async function ownSetRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db;
  for (const base of new Set([ownSetBase(ORG), ownSetBase(app.ctx.config.org)])) {
    for (const reader of ['find-one', 'get'])
      app.get(
        `${base}/${reader}`,
        { config: { access: SIGNED_IN, doc: readDoc } },
        async (request) => ok(await readOwnSet(db, currentUser(request).tenantId)),
      );

    app.post(
      `${base}/submit`,
      { config: { access: PERSONALISE_EDIT, doc: submitDoc } },
      async (request) => {
        const user = currentUser(request);
        const saved = await submitPersonalise(db, user, request.body);
        return ok(withTenant(user.tenantId, saved), '修改成功');
      },
    );

    app.get(
      `${base}/get-default-set`,
      { config: { access: SIGNED_IN, doc: defaultsDoc } },
      async () => ok({ ...OWN_SET_DEFAULTS }),
    );
  }
}
