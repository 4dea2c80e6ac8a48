import { z } from 'zod';
import { badRequest } from '../../../lib/errors.js';
import { hashPassword } from '../../../lib/password.js';
import { blank, defineTable, optionalText, type TableCall } from '../../../lib/table/index.js';
import { requiredText } from '../../../lib/validation.js';
import { SUPER_ADMIN } from '../../../auth/index.js';
import { maskSecret, secretField } from '../../blade-resource/settings.js';

/** Grant types a client may list (the token endpoint serves password, captcha, refresh_token). */
export const GRANT_TYPES = [
  'password',
  'captcha',
  'refresh_token',
  'verify_phone',
  'social',
  'authorization_code',
  'client_credentials',
  'implicit',
] as const;

const GRANTS = '请选择授权类型';
const CLIENT_ID = /^[A-Za-z0-9_-]+$/;
const SECRET_MIN = 8;

const seconds = (message: string, max: number) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : Number(v)),
    z.number({ error: message }).int(message).min(60, message).max(max, message),
  );

/** The grant select sends a comma-joined string; an array is accepted as well. */
const grantTypesField = z.preprocess(
  (v) => {
    const parts = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
    return [...new Set(parts.map((p) => String(p).trim()).filter(Boolean))];
  },
  z.array(z.enum(GRANT_TYPES, { error: '授权类型不正确' }), { error: GRANTS }).min(1, GRANTS),
);

/** Each comma-separated redirect address must be http(s). */
function redirectUris(value: string | undefined): boolean {
  if (value === undefined) return true;
  return value.split(',').every((u) => {
    try {
      const url = new URL(u.trim());
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  });
}

/** The client the caller signed in with keeps its id and the grants the console lives on. */
async function guardOwnClient(
  { db, user }: TableCall,
  id: string,
  clientId: string,
  grants: readonly string[],
): Promise<void> {
  const row = await db
    .selectFrom('bladeClient')
    .select('clientId')
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (row?.clientId !== user.clientId) return;
  if (
    clientId !== row.clientId ||
    !grants.includes('password') ||
    !grants.includes('refresh_token')
  )
    throw badRequest('当前登录使用的客户端须保留客户端id及password、refresh_token授权类型');
}

/**
 * blade-system/client (contract.md 4.15): the OAuth clients, one global set. Only the super
 * administrator writes them. The secret is stored as a scrypt hash (login checks the Basic header
 * against it) and never answered: lists and details show the mask; a submit with the mask or an
 * empty secret keeps the current one, any other value becomes the new secret (at least 8
 * characters). client/routes.ts clears the login's client cache after every write.
 */
export default defineTable({
  path: 'blade-system/client',
  table: 'bladeClient',
  scope: 'global',
  access: {
    read: ['oauth_client', 'oauth_client_view'],
    add: SUPER_ADMIN,
    edit: SUPER_ADMIN,
    remove: SUPER_ADMIN,
  },
  columns: [
    'clientId',
    'clientSecret',
    'scope',
    'authorizedGrantTypes',
    'accessTokenValidity',
    'refreshTokenValidity',
    'webServerRedirectUri',
    'additionalInformation',
  ],
  list: {
    filters: {
      clientId: { column: 'clientId' },
      scope: { column: 'scope' },
      authorizedGrantTypes: { column: 'authorizedGrantTypes' },
    },
    sorts: { clientId: 'clientId', createTime: 'createTime', updateTime: 'updateTime' },
  },
  defaultOrder: { createTime: 'asc', id: 'asc' },
  input: z.object({
    clientId: requiredText(z, '请输入客户端id', 64).regex(
      CLIENT_ID,
      '客户端id只能包含字母、数字、_和-',
    ),
    clientSecret: secretField(256).refine(
      (v) => v === undefined || v.length >= SECRET_MIN,
      `客户端密钥至少${SECRET_MIN}位`,
    ),
    scope: requiredText(z, '请输入授权范围', 255),
    authorizedGrantTypes: grantTypesField,
    accessTokenValidity: seconds('令牌秒数须为60到2592000之间的整数', 2_592_000),
    refreshTokenValidity: seconds('刷新令牌秒数须为60到31536000之间的整数', 31_536_000),
    webServerRedirectUri: optionalText(255).refine(redirectUris, '回调地址须为http(s)地址'),
    additionalInformation: optionalText(4000),
  }),
  toRow: async ({ clientSecret, authorizedGrantTypes, ...rest }) => ({
    ...rest,
    authorizedGrantTypes: authorizedGrantTypes.join(','),
    ...(clientSecret === undefined ? {} : { clientSecret: await hashPassword(clientSecret) }),
  }),
  beforeSave: async (call, input, id) => {
    if (!id && input.clientSecret === undefined) throw badRequest('clientSecret:请输入客户端密钥');
    if (input.refreshTokenValidity < input.accessTokenValidity)
      throw badRequest('refreshTokenValidity:刷新令牌秒数不能小于令牌秒数');
    if (id) await guardOwnClient(call, id, input.clientId, input.authorizedGrantTypes);
    // client_id is unique in the table, removed rows included (the unique rule sees live ones).
    let removed = call.db
      .selectFrom('bladeClient')
      .select('id')
      .where('clientId', '=', input.clientId)
      .where('isDeleted', '<>', 0);
    if (id) removed = removed.where('id', '<>', id);
    if (await removed.executeTakeFirst())
      throw badRequest('clientId:该客户端id属于已删除的客户端，请换一个');
  },
  beforeRemove: async ({ db, user }, ids) => {
    const own = await db
      .selectFrom('bladeClient')
      .select('id')
      .where('id', 'in', ids)
      .where('clientId', '=', user.clientId)
      .executeTakeFirst();
    if (own) throw badRequest('不能删除当前登录使用的客户端');
  },
  unique: [{ columns: ['clientId'], message: '客户端id已存在' }],
  decorate: (_call, rows) => rows.map((r) => ({ ...r, clientSecret: maskSecret(r.clientSecret) })),
});
