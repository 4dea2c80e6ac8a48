import { clientContract } from '../../contracts/blade-system/client';
import { defineContractResource } from '../contract-resource';
import type { ValueOption } from '../types';

export type { OAuthClient } from '../../contracts/blade-system/client';

/** Grant types a client may list (the server's GRANT_TYPES). */
const GRANT_TYPES: readonly ValueOption[] = [
  { value: 'password', label: { zh: '密码 password', en: 'Password' } },
  { value: 'captcha', label: { zh: '验证码 captcha', en: 'Captcha' } },
  { value: 'refresh_token', label: { zh: '刷新令牌 refresh_token', en: 'Refresh token' } },
  { value: 'verify_phone', label: { zh: '手机验证 verify_phone', en: 'Phone verification' } },
  { value: 'social', label: { zh: '第三方登录 social', en: 'Social sign-in' } },
  {
    value: 'authorization_code',
    label: { zh: '授权码 authorization_code', en: 'Authorization code' },
  },
  {
    value: 'client_credentials',
    label: { zh: '客户端凭证 client_credentials', en: 'Client credentials' },
  },
  { value: 'implicit', label: { zh: '简化模式 implicit', en: 'Implicit' } },
];

/** OAuth clients (a global table); the fields are the contract's. */
export default defineContractResource({
  contract: clientContract,
  // A global table: the server refuses everyone's writes but the super administrator's.
  writes: 'superAdmin',
  paging: 'generic',
  columns: [
    { field: 'clientId', width: 160 },
    { field: 'scope', width: 120 },
    { field: 'authorizedGrantTypes', width: 280 },
    { field: 'accessTokenValidity', kind: 'number', width: 130 },
    { field: 'refreshTokenValidity', kind: 'number', width: 150 },
    { field: 'webServerRedirectUri', width: 240, hiddenByDefault: true },
  ],
  filters: ['clientId'],
  form: {
    // Stored as a hash and never shown: edit shows the mask, which keeps the secret when saved
    // unchanged; typing a new one (8 characters or more) replaces it.
    clientSecret: { kind: 'password' },
    scope: { initial: 'all' },
    authorizedGrantTypes: {
      kind: 'multiSelect',
      options: GRANT_TYPES,
      initial: 'password,refresh_token',
    },
    // The console asks for a missing lifetime in its own words (the server: the range's).
    accessTokenValidity: {
      required: { zh: '请输入令牌秒数', en: 'Please enter the token lifetime' },
      initial: '3600',
    },
    refreshTokenValidity: {
      required: { zh: '请输入刷新令牌秒数', en: 'Please enter the refresh token lifetime' },
      initial: '604800',
    },
    webServerRedirectUri: { wide: true },
    additionalInformation: { kind: 'textarea', wide: true },
  },
  recordLabel: (client) => client.clientId,
});
