import { defineContract, type FieldSpec } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * Provider settings (issue 28 item 5): WeChat pay merchants (/service/pay/wechat) and Dingxin
 * verification accounts (/service/auth/dingxin). Secrets are stored encrypted, answered as the
 * mask (contracts/secret-mask.ts) and kept when the mask comes back. One setting of a kind is
 * enabled at a time: `enable` switches to the one named (the others of the tenant go off in the
 * same transaction); a new setting starts disabled. "Test connection" asks the driver.
 */
export const SERVICE_SETTING = 'blade-system/service-setting';
export const WECHAT_PAY_SETTING = `${SERVICE_SETTING}/wechat-pay`;
export const DINGXIN_SETTING = `${SERVICE_SETTING}/dingxin-auth`;
/** GET: the tenant's enabled pay channels (spec.md blade-system "pay/config/list"). */
export const PAY_CONFIG_LIST = 'blade-system/pay/config/list';
/** POST ?id= (relative to a setting's service): the driver's answer to a test call. */
export const TEST_CONNECTION = 'test-connection';

export const SETTING_DRIVERS = {
  sandbox: { zh: '沙箱', en: 'Sandbox', color: 'gray' },
  http: { zh: '正式接口', en: 'Live API', color: 'blue' },
} as const;

interface SettingRow {
  id: string;
  settingName: string;
  driver: string;
  enabled: number;
  remark: string | null;
  version: number;
  updateTime: string | null;
}

export interface WechatPaySetting extends SettingRow {
  mchId: string;
  appId: string;
  /** The mask, never the key. */
  apiV3Key: string;
  serialNo: string;
  /** The mask, never the key. */
  privateKey: string;
  platformCert: string | null;
}

export interface DingxinSetting extends SettingRow {
  endpoint: string;
  appKey: string;
  /** The mask, never the secret. */
  appSecret: string;
}

const text = (zh: string, en: string, max: number, more: Partial<FieldSpec> = {}) =>
  ({
    label: { zh, en },
    required: { zh: `请输入${zh}`, en: `Please enter the ${en.toLowerCase()}` },
    maxLength: max,
    ...more,
  }) as const;

const common = {
  settingName: text('配置名称', 'Name', 64, { filter: 'like', sortable: true }),
  driver: {
    label: { zh: '接口类型', en: 'Interface' },
    required: { zh: '请选择接口类型', en: 'Please choose the interface' },
    choices: SETTING_DRIVERS,
    filter: 'equal',
  },
} as const;

const tail = {
  enabled: {
    label: { zh: '启用', en: 'Enabled' },
    kind: 'switch',
    readOnly: true,
    toggle: true,
    filter: 'equal',
  },
  remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 255 },
  updateTime: { label: { zh: '更新时间', en: 'Updated' }, kind: 'dateTime', readOnly: true },
} as const;

/** A secret: required on a new setting only (the server checks; the mask keeps the stored one). */
const secret = (zh: string, en: string, max: number) =>
  ({ label: { zh, en }, maxLength: max }) as const;

export const wechatPaySettingContract = defineContract<WechatPaySetting>()({
  service: WECHAT_PAY_SETTING,
  route: '/service/pay/wechat',
  title: { zh: '微信支付配置', en: 'WeChat pay setting' },
  menu: 'wechat_pay',
  buttons: ['add', 'edit', 'delete', 'view', 'enable'],
  fields: {
    ...common,
    mchId: text('商户号', 'Merchant id', 32, {
      pattern: {
        regex: /^[A-Za-z0-9_-]+$/,
        message: { zh: '商户号只能包含字母、数字、_和-', en: 'Letters, digits, _ and - only' },
      },
    }),
    appId: text('AppID', 'App id', 32),
    apiV3Key: secret('APIv3密钥', 'API v3 key', 64),
    serialNo: text('证书序列号', 'Certificate serial no.', 64),
    privateKey: secret('商户私钥', 'Private key', 4096),
    platformCert: { label: { zh: '平台证书', en: 'Platform certificate' }, maxLength: 8192 },
    ...tail,
  },
});

export const dingxinSettingContract = defineContract<DingxinSetting>()({
  service: DINGXIN_SETTING,
  route: '/service/auth/dingxin',
  title: { zh: '鼎信认证配置', en: 'Dingxin setting' },
  menu: 'dingxin_auth',
  buttons: ['add', 'edit', 'delete', 'view', 'enable'],
  fields: {
    ...common,
    endpoint: text('接口地址', 'Endpoint', 255, {
      pattern: {
        regex: /^(https?|sandbox):\/\/\S+$/,
        message: { zh: '接口地址须以http(s)://开头', en: 'Starts with http(s)://' },
      },
    }),
    appKey: text('AppKey', 'App key', 64),
    appSecret: secret('AppSecret', 'App secret', 128),
    ...tail,
  },
});

/** Buttons beyond the contracts' (menu seed extraButtons, migration 049). */
export const SETTING_TEST_CODES = { wechat: 'wechat_pay_test', dingxin: 'dingxin_auth_test' };

/** The answer of test-connection. */
export interface ConnectionTest {
  ok: boolean;
  message: string;
}

/** One channel of pay/config/list. */
export interface PayChannelConfig {
  id: string;
  channel: 'wechat';
  settingName: string;
  mchId: string;
  appId: string;
  driver: string;
}

export const SETTING_REFUSALS = {
  secretRequired: { zh: '新配置须填写密钥', en: 'A new setting needs its secrets' },
  oneAtATime: { zh: '一次只能启用一个配置', en: 'Enable one setting at a time' },
  enabledRemove: { zh: '启用中的配置不能删除，请先停用', en: 'Disable it before removing it' },
  busy: {
    zh: '配置正在被其他操作修改，请稍后重试',
    en: 'Another action is changing the settings, please try again',
  },
} as const;

/** What test-connection answers (`message`), zh and en. */
export const TEST_ANSWERS = {
  ok: { zh: '连接成功', en: 'Connected' },
  dxIncomplete: { zh: '鼎信接口未配置完整', en: 'The Dingxin account is not set up' },
  dxRefused: { zh: '鼎信接口拒绝请求', en: 'Dingxin refused the request' },
  dxHttps: { zh: '鼎信接口地址须使用 HTTPS', en: 'The Dingxin endpoint must use HTTPS' },
  dxAddress: { zh: '鼎信接口地址不可用', en: 'The Dingxin endpoint cannot be used' },
  dxUnavailable: { zh: '鼎信接口暂不可用', en: 'Dingxin is unavailable' },
} as const;
knownMessages(...Object.values(SETTING_REFUSALS), ...Object.values(TEST_ANSWERS));
