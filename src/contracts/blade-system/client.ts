import { defineContract } from '../resource-contract';

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
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  createTime: string;
  updateTime?: string;
}

const ACCESS_SECONDS = {
  zh: '令牌秒数须为60到2592000之间的整数',
  en: 'The token lifetime is a whole number of seconds from 60 to 2592000',
};
const REFRESH_SECONDS = {
  zh: '刷新令牌秒数须为60到31536000之间的整数',
  en: 'The refresh token lifetime is a whole number of seconds from 60 to 31536000',
};

export const clientContract = defineContract<OAuthClient>()({
  service: 'blade-system/client',
  route: '/system/client',
  title: { zh: '应用', en: 'OAuth client' },
  menu: 'oauth_client',
  buttons: ['add', 'edit', 'delete', 'view'],
  fields: {
    clientId: {
      label: { zh: '客户端id', en: 'Client ID' },
      required: { zh: '请输入客户端id', en: 'Please enter the client ID' },
      maxLength: 64,
      pattern: {
        regex: /^[A-Za-z0-9_-]+$/,
        message: { zh: '客户端id只能包含字母、数字、_和-', en: 'Letters, digits, _ and - only' },
      },
      filter: 'like',
      sortable: true,
    },
    // Stored as a hash: required of a new client; the mask or nothing keeps the stored one.
    clientSecret: {
      label: { zh: '客户端密钥', en: 'Client secret' },
      required: { zh: '请输入客户端密钥', en: 'Please enter the client secret' },
      maxLength: 256,
    },
    scope: {
      label: { zh: '授权范围', en: 'Scope' },
      required: { zh: '请输入授权范围', en: 'Please enter the scope' },
      maxLength: 255,
      filter: 'like',
    },
    // Sent comma-joined (an array is accepted too), each one of the server's GRANT_TYPES.
    authorizedGrantTypes: {
      label: { zh: '授权类型', en: 'Grant types' },
      required: { zh: '请选择授权类型', en: 'Please choose the grant types' },
      filter: 'like',
    },
    accessTokenValidity: {
      label: { zh: '令牌秒数', en: 'Token lifetime (s)' },
      kind: 'integer',
      required: ACCESS_SECONDS,
      range: { min: 60, max: 2_592_000, message: ACCESS_SECONDS },
    },
    refreshTokenValidity: {
      label: { zh: '刷新令牌秒数', en: 'Refresh lifetime (s)' },
      kind: 'integer',
      required: REFRESH_SECONDS,
      range: { min: 60, max: 31_536_000, message: REFRESH_SECONDS },
    },
    // Comma-separated http(s) addresses.
    webServerRedirectUri: { label: { zh: '回调地址', en: 'Redirect URI' }, maxLength: 255 },
    additionalInformation: {
      label: { zh: '附加说明', en: 'Additional information' },
      maxLength: 4000,
    },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
    updateTime: {
      label: { zh: '修改时间', en: 'Updated' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});
