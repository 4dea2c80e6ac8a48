import { CLIENT_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * An access party's app (接入应用, domain.md "psclient-app"; issue 27 item 1): what calls the
 * signed open API. `${CLIENT_SERVICE}/psclient-app`, bound to the caller's tenant.
 *
 * - `appKey` is public ('qk' + 16 hex characters, unique across tenants), made at creation.
 * - The secret is shown once: `submit` of a new app and `reset-secret` answer it as
 *   `data.appSecret`, nothing else ever does (server app/secret.ts: it is derived from the
 *   install's key and a salt, never stored). `secretHint` ('••••a1b2') and `secretTime` say
 *   which one is current.
 * - `callbackUrl`: where final outcomes are sent (http(s); this machine, a private network or a
 *   metadata address is refused unless OUTBOUND_ALLOWLIST names it).
 * - `ipAllowlist`: one IPv4/IPv6 address or CIDR range per line; empty: any address.
 * - Creating an app opens its prepay account (balance 0, prepaid) in the same transaction; an
 *   app whose prepay balance is not 0 cannot be removed.
 */
export interface PsclientApp {
  id: string;
  tenantId: string;
  clientId: string;
  clientName: string;
  appName: string;
  appKey: string;
  /** '••••' and the secret's last 4 characters. */
  secretHint: string;
  secretTime: string;
  callbackUrl: string;
  ipAllowlist: string;
  rateLimit: number;
  enabled: number;
  remark: string;
  version: number;
  createTime: string;
}

/** What `submit` of a new app and `reset-secret` answer: the secret, this once. */
export interface IssuedSecret {
  id: string;
  appKey: string;
  secretHint: string;
  secretTime: string;
  appSecret: string;
}

/** A product in `listAuth`. */
export interface AuthProduct {
  id: string;
  productCode: string;
  productName: string;
  /** Yuan. */
  salePrice: number;
  enabled: number;
}

/** `listAuth?appId=`: the products the app may order, and the tenant's others. */
export interface AppAuth {
  appId: string;
  authorised: AuthProduct[];
  available: AuthProduct[];
}

export const PSCLIENT_APP_SERVICE = `${CLIENT_SERVICE}/psclient-app`;

/** Open API calls a minute when none is given, and the bounds. */
export const RATE_LIMIT_DEFAULT = 600;
export const RATE_LIMIT_MAX = 100_000;
/** Most entries an IP allowlist may have. */
export const IP_ALLOWLIST_MAX = 100;

/** Buttons of the screen beyond the standard ones (menu tree). */
export const APP_AUTH_CODE = 'client_app_auth';
export const APP_IP_CODE = 'client_app_ip';

/** Refusals beyond the fields' own checks (the server answers the zh). */
export const PSCLIENT_APP_REFUSALS = {
  callbackHost: {
    zh: '回调地址不能指向本机、内网或云元数据地址（可由管理员加入 OUTBOUND_ALLOWLIST）',
    en: 'The callback URL may not point at this machine, a private network or a cloud metadata address (an administrator may add it to OUTBOUND_ALLOWLIST)',
  },
  ipAllowlist: {
    zh: 'IP白名单每行须为一个IPv4/IPv6地址或CIDR网段',
    en: 'Each line of the IP allowlist must be one IPv4/IPv6 address or CIDR range',
  },
  ipAllowlistTooLong: {
    zh: `IP白名单最多${IP_ALLOWLIST_MAX}条`,
    en: `The IP allowlist takes at most ${IP_ALLOWLIST_MAX} entries`,
  },
  prepayNotZero: {
    zh: '该应用的预存余额不为0，不能删除',
    en: 'The app still has a prepay balance: it cannot be removed',
  },
  productMissing: {
    zh: '授权的产品不存在',
    en: 'An authorised product does not exist',
  },
  tooManyProducts: { zh: '最多授权1000个产品', en: 'At most 1000 products' },
} as const;
knownMessages(...Object.values(PSCLIENT_APP_REFUSALS));

export const psclientAppContract = defineContract<PsclientApp>()({
  service: PSCLIENT_APP_SERVICE,
  route: '/access/openplatform/app',
  title: { zh: '接入应用', en: 'Client app' },
  menu: 'client_app',
  buttons: ['add', 'edit', 'delete', 'view', 'export', 'enable'],
  calls: { select: 'list-all', detail: 'get', remove: 'delete', export: 'export' },
  export: { excelType: 'psclient-app', fileName: '接入应用' },
  fields: {
    clientId: {
      label: { zh: '接入方', en: 'Access party' },
      required: { zh: '请选择接入方', en: 'Please choose the access party' },
      ref: 'psclient',
      filter: 'equal',
    },
    clientName: {
      label: { zh: '接入方', en: 'Access party' },
      readOnly: true,
      nameOf: 'clientId',
      sortable: true,
      export: { width: 24 },
    },
    appName: {
      label: { zh: '应用名称', en: 'App name' },
      required: { zh: '请输入应用名称', en: 'Please enter the app name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
      export: { width: 24 },
    },
    appKey: {
      label: { zh: 'AppKey', en: 'App key' },
      readOnly: true,
      filter: 'like',
      sortable: true,
      export: { width: 22 },
    },
    secretHint: { label: { zh: '密钥', en: 'Secret' }, readOnly: true },
    secretTime: {
      label: { zh: '密钥生成时间', en: 'Secret issued' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    callbackUrl: {
      label: { zh: '回调地址', en: 'Callback URL' },
      maxLength: 500,
      pattern: {
        // sandbox://receiver (or sandbox://fail): the embedded sandbox receiver (callback driver).
        regex: /^(?:https?:\/\/[^\s/?#]+(?:[/?#]\S*)?|sandbox:\/\/(?:receiver|fail))$/i,
        message: {
          zh: '回调地址须以http://或https://开头（或沙箱 sandbox://receiver）',
          en: 'The callback URL is an http(s) URL (or the sandbox, sandbox://receiver)',
        },
      },
      export: { width: 36 },
    },
    // Checked by the server (app/ip-allowlist.ts): one address or CIDR range per line.
    ipAllowlist: { label: { zh: 'IP白名单', en: 'IP allowlist' }, maxLength: 4000 },
    rateLimit: {
      label: { zh: '每分钟调用上限', en: 'Calls a minute' },
      kind: 'integer',
      emptyAs: RATE_LIMIT_DEFAULT,
      range: {
        min: 1,
        max: RATE_LIMIT_MAX,
        message: {
          zh: `每分钟调用上限须为1到${RATE_LIMIT_MAX}的整数`,
          en: `A whole number from 1 to ${RATE_LIMIT_MAX}`,
        },
      },
      sortable: true,
      export: { width: 12 },
    },
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      kind: 'switch',
      emptyAs: 1,
      toggle: true,
      filter: 'equal',
      export: { width: 8 },
    },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 500, export: { width: 30 } },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
      export: { width: 20 },
    },
  },
});
