/**
 * blade-system/platform-setting: the configuration screens under /setting/platform/* (issue 6
 * part 4). The spec names the screens only, so the shapes are the project's own (contract.md
 * Part 1 decision 9), shared by the server (which enforces them) and the console (which shows
 * the same fields and checks them before sending):
 *
 * - `GET  /api/blade-system/platform-setting/detail?platform=<key>` -> `PlatformSettingDetail`
 *   (every declared field; secrets answered as `SECRET_MASK` when stored, '' when not;
 *   `version` 0 while nothing is stored);
 * - `POST /api/blade-system/platform-setting/submit` `{platform, config, version}` -> the saved
 *   `PlatformSettingDetail` ('修改成功'). Unknown fields are refused; a secret sent back blank
 *   or masked keeps the stored one; a stale `version` answers 409.
 *
 * One configuration per tenant and platform; the tenant always comes from the token. Reading
 * needs the platform's menu code or `<code>_view`, saving `<code>_edit`. Messages are zh for the
 * server's `<field>:<message>` answers and en for the console.
 */

/** A visible text in both languages (structurally the console's `Bilingual`). */
export interface Text {
  zh: string;
  en: string;
}

/** What a failed check names: the field (a config key, or `platform`/`config`/`version`) and why. */
export interface FieldError {
  field: string;
  message: Text;
}

import { isMask, SECRET_MASK } from './secret-mask';

export { isMask, SECRET_MASK };

export const URL_MAX = 500;

const hasControl = (value: string) =>
  [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** An absolute http(s) address without credentials or whitespace (`https` only when told). */
export function isWebAddress(value: string, httpsOnly: boolean): boolean {
  if (value.length > URL_MAX || /\s/.test(value) || hasControl(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const protocols = httpsOnly ? ['https:'] : ['https:', 'http:'];
  return (
    protocols.includes(url.protocol) &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === '' &&
    /^https?:\/\//i.test(value)
  );
}

/** The platforms, keyed as their console routes end (`/setting/platform/<key>`). */
export const PLATFORMS = [
  'wechat-tencent',
  'message-platform',
  'point-platform',
  'phone-platform',
] as const;
export type PlatformKey = (typeof PLATFORMS)[number];

export const isPlatformKey = (value: unknown): value is PlatformKey =>
  typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);

interface FieldBase {
  key: string;
  label: Text;
  /** Must be filled in while the platform is enabled (a disabled one may be a draft). */
  required?: boolean;
  /** A short hint under the field. */
  hint?: Text;
}

export type PlatformField =
  | (FieldBase & {
      kind: 'text';
      max: number;
      pattern?: { regex: RegExp; message: Text };
    })
  /** Never answered in plain text; blank or the mask keeps the stored value. */
  | (FieldBase & { kind: 'secret'; max: number })
  /** An https address. */
  | (FieldBase & { kind: 'url' })
  | (FieldBase & { kind: 'select'; options: readonly { value: string; label: Text }[] })
  /** A positive decimal of at most 9 integer and 4 fraction digits, kept as text. */
  | (FieldBase & { kind: 'decimal' })
  | (FieldBase & { kind: 'boolean' });

export interface PlatformDeclaration {
  key: PlatformKey;
  /** The seeded menu code: `<code>` reads, `<code>_view` reads, `<code>_edit` saves. */
  code: string;
  /** The menu's name (the page heading). */
  title: Text;
  fields: readonly PlatformField[];
}

export type PlatformConfig = Record<string, string | boolean>;

export interface PlatformSettingDetail {
  platform: PlatformKey;
  /** Every declared field: booleans for `boolean`, text otherwise; secrets masked. */
  config: PlatformConfig;
  /** 0 while nothing is stored; send it back with the submit. */
  version: number;
  /** Who last saved it (user id, their name) and when ('' while nothing is stored). */
  updateUser: string;
  updateUserName: string;
  updateTime: string;
}

export interface PlatformSettingSubmit {
  platform: PlatformKey;
  config: PlatformConfig;
  version: number;
}

const ENABLED: PlatformField = {
  key: 'enabled',
  kind: 'boolean',
  label: { zh: '启用', en: 'Enabled' },
};

const IDENT = {
  regex: /^[A-Za-z0-9_.-]+$/,
  message: {
    zh: '只能包含字母、数字、_、-和.',
    en: 'may only contain letters, digits, _, - and .',
  },
};

export const PLATFORM_DECLARATIONS: Readonly<Record<PlatformKey, PlatformDeclaration>> = {
  'wechat-tencent': {
    key: 'wechat-tencent',
    code: 'wechat_platform',
    title: { zh: '微信腾讯平台', en: 'WeChat / Tencent' },
    fields: [
      ENABLED,
      {
        key: 'appId',
        kind: 'text',
        label: { zh: 'AppID', en: 'AppID' },
        max: 64,
        pattern: IDENT,
        required: true,
      },
      {
        key: 'appSecret',
        kind: 'secret',
        label: { zh: 'AppSecret', en: 'AppSecret' },
        max: 128,
        required: true,
      },
      {
        key: 'mchId',
        kind: 'text',
        label: { zh: '商户号', en: 'Merchant ID' },
        max: 32,
        pattern: { regex: /^\d+$/, message: { zh: '只能是数字', en: 'may only contain digits' } },
      },
      {
        key: 'mchApiKey',
        kind: 'secret',
        label: { zh: '商户API密钥', en: 'Merchant API key' },
        max: 128,
      },
      {
        key: 'v3ApiKey',
        kind: 'secret',
        label: { zh: 'APIv3密钥', en: 'APIv3 key' },
        max: 128,
      },
      {
        key: 'certSerialNo',
        kind: 'text',
        label: { zh: '证书序列号', en: 'Certificate serial number' },
        max: 64,
        pattern: {
          regex: /^[0-9A-Fa-f]+$/,
          message: { zh: '只能是十六进制字符', en: 'may only contain hexadecimal digits' },
        },
      },
      {
        key: 'notifyUrl',
        kind: 'url',
        label: { zh: '支付回调地址', en: 'Payment notify URL' },
        hint: { zh: '必须是 https 地址', en: 'Must be an https address' },
      },
    ],
  },
  'message-platform': {
    key: 'message-platform',
    code: 'message_platform',
    title: { zh: '短信平台', en: 'Message platform' },
    fields: [
      ENABLED,
      {
        key: 'provider',
        kind: 'select',
        label: { zh: '服务商', en: 'Provider' },
        options: [
          { value: 'aliyun', label: { zh: '阿里云', en: 'Alibaba Cloud' } },
          { value: 'tencent', label: { zh: '腾讯云', en: 'Tencent Cloud' } },
          { value: 'yunpian', label: { zh: '云片', en: 'Yunpian' } },
        ],
        required: true,
      },
      {
        key: 'accessKey',
        kind: 'text',
        label: { zh: 'AccessKey', en: 'AccessKey' },
        max: 128,
        pattern: IDENT,
        required: true,
      },
      {
        key: 'secretKey',
        kind: 'secret',
        label: { zh: 'SecretKey', en: 'SecretKey' },
        max: 128,
        required: true,
      },
      { key: 'signName', kind: 'text', label: { zh: '短信签名', en: 'Signature' }, max: 32 },
      {
        key: 'templateCode',
        kind: 'text',
        label: { zh: '模板编号', en: 'Template code' },
        max: 64,
        pattern: IDENT,
      },
    ],
  },
  'point-platform': {
    key: 'point-platform',
    code: 'point_platform',
    title: { zh: '积分平台', en: 'Points platform' },
    fields: [
      ENABLED,
      {
        key: 'baseUrl',
        kind: 'url',
        label: { zh: '接口地址', en: 'API base URL' },
        hint: { zh: '必须是 https 地址', en: 'Must be an https address' },
        required: true,
      },
      {
        key: 'appKey',
        kind: 'text',
        label: { zh: 'AppKey', en: 'AppKey' },
        max: 64,
        pattern: IDENT,
        required: true,
      },
      {
        key: 'appSecret',
        kind: 'secret',
        label: { zh: 'AppSecret', en: 'AppSecret' },
        max: 128,
        required: true,
      },
      {
        key: 'pointsRate',
        kind: 'decimal',
        label: { zh: '积分比例', en: 'Points rate' },
        hint: { zh: '每 1 元可兑换的积分数', en: 'Points per 1 yuan' },
        required: true,
      },
    ],
  },
  'phone-platform': {
    key: 'phone-platform',
    code: 'phone_platform',
    title: { zh: '话费平台', en: 'Phone top-up platform' },
    fields: [
      ENABLED,
      {
        key: 'baseUrl',
        kind: 'url',
        label: { zh: '接口地址', en: 'API base URL' },
        hint: { zh: '必须是 https 地址', en: 'Must be an https address' },
        required: true,
      },
      {
        key: 'merchantId',
        kind: 'text',
        label: { zh: '商户编号', en: 'Merchant ID' },
        max: 64,
        pattern: IDENT,
        required: true,
      },
      {
        key: 'apiKey',
        kind: 'secret',
        label: { zh: 'API密钥', en: 'API key' },
        max: 128,
        required: true,
      },
      {
        key: 'callbackUrl',
        kind: 'url',
        label: { zh: '充值回调地址', en: 'Top-up callback URL' },
        hint: { zh: '必须是 https 地址', en: 'Must be an https address' },
      },
    ],
  },
};

/** The blank configuration of a platform: '' for text, false for booleans. */
export function emptyConfig(decl: PlatformDeclaration): PlatformConfig {
  const out: PlatformConfig = {};
  for (const f of decl.fields) out[f.key] = f.kind === 'boolean' ? false : '';
  return out;
}

const DECIMAL = /^\d{1,9}(\.\d{1,4})?$/;

/** The messages of the checks (zh for the server's answers, en for the console). */
export const CHECK_TEXT = {
  required: (l: Text): Text => ({ zh: `请输入${l.zh}`, en: `Please enter ${l.en}` }),
  choose: (l: Text): Text => ({ zh: `请选择${l.zh}`, en: `Please choose ${l.en}` }),
  tooLong: (l: Text, max: number): Text => ({
    zh: `${l.zh}长度不能超过${max}个字符`,
    en: `${l.en} cannot exceed ${max} characters`,
  }),
  https: (l: Text): Text => ({
    zh: `${l.zh}必须是 https 地址`,
    en: `${l.en} must be an https address`,
  }),
  decimal: (l: Text): Text => ({
    zh: `${l.zh}必须是大于0的数字，最多4位小数`,
    en: `${l.en} must be a number above 0 with at most 4 decimals`,
  }),
  boolean: (l: Text): Text => ({ zh: `${l.zh}必须是布尔值`, en: `${l.en} must be true or false` }),
  text: (l: Text): Text => ({ zh: `${l.zh}必须是文本`, en: `${l.en} must be text` }),
  pattern: (l: Text, m: Text): Text => ({ zh: `${l.zh}${m.zh}`, en: `${l.en} ${m.en}` }),
  unknown: { zh: '不支持的配置项', en: 'Unknown setting' } as Text,
  notObject: { zh: '配置必须是JSON对象', en: 'The configuration must be a JSON object' } as Text,
  platform: { zh: '不支持的平台', en: 'Unknown platform' } as Text,
  version: { zh: '缺少版本号，请刷新后重试', en: 'Missing version; reload and try again' } as Text,
} as const;

const fail = (field: string, message: Text) => ({ error: { field, message } }) as const;

export type CheckResult = { config: PlatformConfig } | { error: FieldError };

/**
 * Checks a submitted configuration against its declaration and normalises it: text trimmed,
 * numbers as text, every declared field present. Unknown fields are refused. A secret sent
 * blank or masked keeps the stored one: it is left out of the result (merge it yourself) and
 * counts as filled when `storedSecrets` says one is stored. Required fields are required only
 * while `enabled` is true.
 */
export function checkPlatformConfig(
  decl: PlatformDeclaration,
  input: unknown,
  storedSecrets: ReadonlySet<string> = new Set(),
): CheckResult {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return fail('config', CHECK_TEXT.notObject);
  const raw = input as Record<string, unknown>;
  const byKey = new Map(decl.fields.map((f) => [f.key, f]));
  for (const key of Object.keys(raw)) if (!byKey.has(key)) return fail(key, CHECK_TEXT.unknown);

  const config: PlatformConfig = {};
  const enabledValue = raw.enabled;
  const enabled = enabledValue === true;
  for (const f of decl.fields) {
    const value = raw[f.key];
    if (f.kind === 'boolean') {
      if (value !== undefined && value !== null && typeof value !== 'boolean')
        return fail(f.key, CHECK_TEXT.boolean(f.label));
      config[f.key] = value === true;
      continue;
    }
    if (value !== undefined && value !== null && typeof value !== 'string') {
      if (!(f.kind === 'decimal' && typeof value === 'number' && Number.isFinite(value)))
        return fail(f.key, CHECK_TEXT.text(f.label));
    }
    const text = value === undefined || value === null ? '' : String(value).trim();
    if (f.kind === 'secret') {
      if (text === '' || isMask(text)) {
        if (f.required && enabled && !storedSecrets.has(f.key))
          return fail(f.key, CHECK_TEXT.required(f.label));
        continue; // keep the stored one
      }
      if (text.length > f.max) return fail(f.key, CHECK_TEXT.tooLong(f.label, f.max));
      config[f.key] = text;
      continue;
    }
    if (text === '') {
      if (f.required && enabled)
        return fail(
          f.key,
          f.kind === 'select' ? CHECK_TEXT.choose(f.label) : CHECK_TEXT.required(f.label),
        );
      config[f.key] = '';
      continue;
    }
    switch (f.kind) {
      case 'text':
        if (text.length > f.max) return fail(f.key, CHECK_TEXT.tooLong(f.label, f.max));
        if (f.pattern && !f.pattern.regex.test(text))
          return fail(f.key, CHECK_TEXT.pattern(f.label, f.pattern.message));
        break;
      case 'url':
        if (!isWebAddress(text, true)) return fail(f.key, CHECK_TEXT.https(f.label));
        break;
      case 'select':
        if (!f.options.some((o) => o.value === text))
          return fail(f.key, CHECK_TEXT.choose(f.label));
        break;
      case 'decimal':
        if (!DECIMAL.test(text) || Number(text) <= 0)
          return fail(f.key, CHECK_TEXT.decimal(f.label));
        break;
    }
    config[f.key] = text;
  }
  return { config };
}

/** The secret fields of a declaration. */
export const secretKeys = (decl: PlatformDeclaration): string[] =>
  decl.fields.filter((f) => f.kind === 'secret').map((f) => f.key);
