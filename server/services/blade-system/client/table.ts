import { z } from 'zod';
import { clientContract } from '../../../../src/contracts/blade-system/client.js';
import { badRequest } from '../../../lib/errors.js';
import { hashPassword } from '../../../lib/password.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';
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

const { fields } = clientContract;
const GRANTS = fields.authorizedGrantTypes.required.zh;
const SECRET_MIN = 8;

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
export default defineContractTable({
  contract: clientContract,
  table: 'bladeClient',
  versioned: true,
  scope: 'global',
  access: { add: SUPER_ADMIN, edit: SUPER_ADMIN, remove: SUPER_ADMIN },
  defaultOrder: { createTime: 'asc', id: 'asc' },
  fieldInputs: {
    clientSecret: secretField(fields.clientSecret.maxLength).refine(
      (v) => v === undefined || v.length >= SECRET_MIN,
      `客户端密钥至少${SECRET_MIN}位`,
    ),
    authorizedGrantTypes: grantTypesField,
    webServerRedirectUri: clientContract.input.shape.webServerRedirectUri.refine(
      redirectUris,
      '回调地址须为http(s)地址',
    ),
  },
  toRow: async ({ clientSecret, authorizedGrantTypes, ...rest }) => ({
    ...rest,
    authorizedGrantTypes: authorizedGrantTypes.join(','),
    ...(clientSecret === undefined ? {} : { clientSecret: await hashPassword(clientSecret) }),
  }),
  beforeSave: async (call, input, id) => {
    if (!id && input.clientSecret === undefined)
      throw badRequest(`clientSecret:${fields.clientSecret.required.zh}`);
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
