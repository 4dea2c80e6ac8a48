import { PARKING_SERVICE } from '../business-services';
import { fenToYuan, parseYuan } from '../money';
import { knownMessages } from '../server-messages';

/**
 * A lot's pay setting (支付设置, a row action of the lot screen): the temporary-parking tariff
 * (free minutes, price per hour, daily cap; 0 = no cap), the month-ticket price, the pay
 * channels it accepts and its merchant number. Money is fen at rest and yuan on the wire.
 * Versioned: a save names the version it read (0 for a lot without a setting); a stale one is 409.
 */
export interface ParkPaySetting {
  lotId: string;
  freeMinutes: number;
  /** Yuan. */
  pricePerHour: number;
  /** Yuan; 0 = no daily cap. */
  dailyCap: number;
  /** Yuan. */
  monthPrice: number;
  channels: PayChannel[];
  merchantNo: string;
  /** 0 while the lot has no setting. */
  version: number;
}

export const PAY_SETTING_CALLS = {
  save: `${PARKING_SERVICE}/parking/lot/saveParkPaySetting`,
  get: `${PARKING_SERVICE}/parking/lot/pay/getParkPaySetting`,
} as const;

export const PAY_CHANNELS = {
  wechat: { zh: '微信支付', en: 'WeChat Pay' },
  alipay: { zh: '支付宝', en: 'Alipay' },
  unionpay: { zh: '银联无感支付', en: 'UnionPay contactless' },
  etc: { zh: 'ETC', en: 'ETC' },
} as const;
export type PayChannel = keyof typeof PAY_CHANNELS;

/** Checked bounds (money in fen) with their messages: the dialog and the server use them. */
export const PAY_SETTING_RULES = {
  freeMinutes: {
    min: 0,
    max: 1440,
    message: { zh: '免费时长须为0到1440分钟的整数', en: 'Free minutes: a whole number, 0 to 1440' },
  },
  pricePerHour: {
    min: 0,
    max: 100_000,
    message: {
      zh: '每小时价格须为0到1000元（最多两位小数）',
      en: 'Price per hour: 0 to 1000 yuan, at most 2 decimals',
    },
  },
  dailyCap: {
    min: 0,
    max: 1_000_000,
    message: {
      zh: '每日封顶须为0到10000元（最多两位小数，0为不封顶）',
      en: 'Daily cap: 0 to 10000 yuan, at most 2 decimals (0 = no cap)',
    },
  },
  monthPrice: {
    min: 0,
    max: 10_000_000,
    message: {
      zh: '月票价格须为0到100000元（最多两位小数）',
      en: 'Month ticket: 0 to 100000 yuan, at most 2 decimals',
    },
  },
} as const;

export const PAY_SETTING_REFUSALS = {
  capBelowPrice: {
    zh: '每日封顶不能低于每小时价格',
    en: 'The daily cap cannot be below the price per hour',
  },
  channels: {
    zh: '请至少选择一个支付渠道（微信支付、支付宝、银联无感支付、ETC）',
    en: 'Choose at least one pay channel',
  },
  merchantNo: {
    zh: '商户号须为6到32位字母或数字',
    en: 'Merchant number: 6 to 32 letters or digits',
  },
  lotId: { zh: '请选择停车场', en: 'Please choose the lot' },
} as const;

export const MERCHANT_NO = /^[A-Za-z0-9]{6,32}$/;

export type PaySettingField = keyof typeof PAY_SETTING_RULES;

/** Fen of a money field's yuan value, or undefined when it is not one within its bounds. */
export function paySettingFen(field: Exclude<PaySettingField, 'freeMinutes'>, value: unknown) {
  const fen = parseYuan(value);
  const { min, max } = PAY_SETTING_RULES[field];
  return fen !== undefined && fen >= min && fen <= max ? fen : undefined;
}

/**
 * The first refusal of a setting as the form holds it ([field, zh/en message]), or undefined:
 * the dialog checks before sending, the server checks again with the same rules.
 */
export function paySettingRefusal(
  s: Readonly<Record<string, unknown>>,
): [string, { zh: string; en: string }] | undefined {
  const minutes = Number(s.freeMinutes);
  const rule = PAY_SETTING_RULES.freeMinutes;
  if (
    s.freeMinutes === '' ||
    s.freeMinutes === null ||
    !Number.isInteger(minutes) ||
    minutes < rule.min ||
    minutes > rule.max
  )
    return ['freeMinutes', rule.message];
  const fen: Record<string, number> = {};
  for (const field of ['pricePerHour', 'dailyCap', 'monthPrice'] as const) {
    const v = paySettingFen(field, s[field]);
    if (v === undefined) return [field, PAY_SETTING_RULES[field].message];
    fen[field] = v;
  }
  if (fen.dailyCap! > 0 && fen.dailyCap! < fen.pricePerHour!)
    return ['dailyCap', PAY_SETTING_REFUSALS.capBelowPrice];
  const channels = s.channels;
  if (
    !Array.isArray(channels) ||
    channels.length === 0 ||
    channels.some((c) => typeof c !== 'string' || !(c in PAY_CHANNELS)) ||
    new Set(channels).size !== channels.length
  )
    return ['channels', PAY_SETTING_REFUSALS.channels];
  if (typeof s.merchantNo !== 'string' || !MERCHANT_NO.test(s.merchantNo.trim()))
    return ['merchantNo', PAY_SETTING_REFUSALS.merchantNo];
  return undefined;
}

/** The setting of a lot that has none yet (version 0): free 15 minutes, nothing priced. */
export const DEFAULT_PAY_SETTING = (lotId: string): ParkPaySetting => ({
  lotId,
  freeMinutes: 15,
  pricePerHour: fenToYuan(0),
  dailyCap: 0,
  monthPrice: 0,
  channels: ['wechat'],
  merchantNo: '',
  version: 0,
});

knownMessages(
  ...Object.values(PAY_SETTING_RULES).map((r) => r.message),
  ...Object.values(PAY_SETTING_REFUSALS),
);
