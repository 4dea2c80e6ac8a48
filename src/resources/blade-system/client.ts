import { defineResource, type ValueOption } from '../types';

/** An OAuth client (contract.md 4.15): one global set, written by the super administrator. */
export interface OAuthClient {
  id: string;
  clientId: string;
  /** Always the mask ('******'): the server keeps a hash only; sent back it is kept. */
  clientSecret: string;
  scope: string;
  /** Comma-joined grant types. */
  authorizedGrantTypes: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
  webServerRedirectUri: string | null;
  additionalInformation: string | null;
  createTime: string;
}

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

export default defineResource<OAuthClient>({
  service: 'blade-system/client',
  route: '/system/client',
  title: { zh: '应用', en: 'OAuth client' },
  permissions: {
    add: 'oauth_client_add',
    edit: 'oauth_client_edit',
    remove: 'oauth_client_delete',
    view: 'oauth_client_view',
  },
  // A global table: the server refuses everyone's writes but the super administrator's.
  writes: 'superAdmin',
  paging: 'generic',
  columns: [
    { field: 'clientId', label: { zh: '客户端id', en: 'Client ID' }, sortable: true, width: 160 },
    { field: 'scope', label: { zh: '授权范围', en: 'Scope' }, width: 120 },
    {
      field: 'authorizedGrantTypes',
      label: { zh: '授权类型', en: 'Grant types' },
      width: 280,
    },
    {
      field: 'accessTokenValidity',
      label: { zh: '令牌秒数', en: 'Token lifetime (s)' },
      kind: 'number',
      width: 130,
    },
    {
      field: 'refreshTokenValidity',
      label: { zh: '刷新令牌秒数', en: 'Refresh lifetime (s)' },
      kind: 'number',
      width: 150,
    },
    {
      field: 'webServerRedirectUri',
      label: { zh: '回调地址', en: 'Redirect URI' },
      width: 240,
      hiddenByDefault: true,
    },
  ],
  filters: [{ name: 'clientId', kind: 'input', label: { zh: '客户端id', en: 'Client ID' } }],
  form: [
    {
      name: 'clientId',
      kind: 'text',
      label: { zh: '客户端id', en: 'Client ID' },
      required: { zh: '请输入客户端id', en: 'Please enter the client ID' },
      maxLength: 64,
    },
    {
      // Stored as a hash and never shown: edit shows the mask, which keeps the secret when saved
      // unchanged; typing a new one (8 characters or more) replaces it.
      name: 'clientSecret',
      kind: 'password',
      label: { zh: '客户端密钥', en: 'Client secret' },
      required: { zh: '请输入客户端密钥', en: 'Please enter the client secret' },
      maxLength: 256,
    },
    {
      name: 'scope',
      kind: 'text',
      label: { zh: '授权范围', en: 'Scope' },
      required: { zh: '请输入授权范围', en: 'Please enter the scope' },
      initial: 'all',
      maxLength: 255,
    },
    {
      name: 'authorizedGrantTypes',
      kind: 'multiSelect',
      options: GRANT_TYPES,
      label: { zh: '授权类型', en: 'Grant types' },
      required: { zh: '请选择授权类型', en: 'Please choose the grant types' },
      initial: 'password,refresh_token',
    },
    {
      name: 'accessTokenValidity',
      kind: 'integer',
      label: { zh: '令牌秒数', en: 'Token lifetime (s)' },
      required: { zh: '请输入令牌秒数', en: 'Please enter the token lifetime' },
      initial: '3600',
    },
    {
      name: 'refreshTokenValidity',
      kind: 'integer',
      label: { zh: '刷新令牌秒数', en: 'Refresh lifetime (s)' },
      required: { zh: '请输入刷新令牌秒数', en: 'Please enter the refresh token lifetime' },
      initial: '604800',
    },
    {
      name: 'webServerRedirectUri',
      kind: 'text',
      label: { zh: '回调地址', en: 'Redirect URI' },
      maxLength: 255,
      wide: true,
    },
    {
      name: 'additionalInformation',
      kind: 'textarea',
      label: { zh: '附加说明', en: 'Additional information' },
      maxLength: 4000,
      wide: true,
    },
  ],
  recordLabel: (client) => client.clientId,
});
