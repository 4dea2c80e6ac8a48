import { CLIENT_SERVICE } from '../business-services';
import { AMOUNT_MAX_FEN, parseYuan } from '../money';
import { defineContract, type Choice, type FieldSpec } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * App prepay (issue 27 item 2, spec section 7 psclient-appPrepay): one account per app, in fen at
 * rest and yuan on the wire, moved only by the prepay ledger (server prepay/ledger.ts
 * `changePrepay`): top-ups (addRecord, with a voucher) and adjustments (saveRecord) here, order
 * charges and refunds by the order paths. Two screens show the same rows: /access/advance (money)
 * and /access/openplatform-app/advance (warning threshold and prepay type).
 */
export const APP_PREPAY = `${CLIENT_SERVICE}/psclient-appPrepay`;
/** GET ?clientId=: an access party's prepay, summed over its apps and per app. */
export const PSCLIENT_PREPAY = `${CLIENT_SERVICE}/psclient-prepay`;
/** Vouchers of top-ups and adjustments: POST multipart `file` (pdf, jpg, png; 10 MB). */
export const PREPAY_FILE_SIGN = `${CLIENT_SERVICE}/prepay-file/file-sign`;
/** GET ?size=: apps whose balance is below their warning amount (the notices). */
export const APP_PREPAY_WARNINGS = `${APP_PREPAY}/warnings`;
/** Who is asked about low balances: the holders of the prepay screen's view button. */
export const APP_PREPAY_WARNING_CODES = ['app_prepay_view'] as const;
export const APP_PREPAY_ROUTE = '/access/advance';
export const VOUCHER_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
export const VOUCHER_MAX_BYTES = 10 * 1024 * 1024;
export const REASON_MAX = 200;

/** One app's prepay account. */
export interface AppPrepay {
  id: string;
  appId: string;
  appName: string;
  appKey: string;
  clientId: string;
  clientName: string;
  /** Yuan; negative while a credit line is used. */
  balance: number;
  /** How far below 0 the balance may go, yuan (0 for a prepaid app). */
  creditLimit: number;
  /** balance + creditLimit: what orders may still spend, yuan. */
  available: number;
  /** Below this the app is warned of, yuan; null: no warning. */
  warningAmount: number | null;
  /** 1 prepaid, 2 credit line. */
  prepayType: number;
  /** 1 when a warning amount is set and the balance is below it. */
  belowWarning: number;
  createTime: string;
  updateTime: string | null;
  version: number;
}

export const PREPAY_TYPES = {
  1: { zh: '预付', en: 'Prepaid', color: 'blue' },
  2: { zh: '授信', en: 'Credit line', color: 'grape' },
} as const satisfies Record<string, Choice>;

export const BELOW_WARNING = {
  0: { zh: '正常', en: 'Normal', color: 'green' },
  1: { zh: '低于预警', en: 'Below warning', color: 'red' },
} as const satisfies Record<string, Choice>;

const money = (zh: string, en: string, more: Partial<FieldSpec> = {}) =>
  ({ label: { zh, en }, kind: 'money', readOnly: true, export: { width: 14 }, ...more }) as const;

/** The fields both prepay screens show, in the order of the sheet. */
const fields = {
  appId: { label: { zh: '应用', en: 'App' }, ref: 'psclientApp', readOnly: true, filter: 'equal' },
  appName: {
    label: { zh: '应用名称', en: 'App' },
    nameOf: 'appId',
    readOnly: true,
    sortable: true,
    export: { width: 20 },
  },
  appKey: { label: { zh: 'AppKey', en: 'App key' }, readOnly: true, export: { width: 22 } },
  clientId: {
    label: { zh: '接入方', en: 'Access party' },
    ref: 'psclient',
    readOnly: true,
    filter: 'equal',
  },
  clientName: {
    label: { zh: '接入方名称', en: 'Access party' },
    nameOf: 'clientId',
    readOnly: true,
    export: { width: 20 },
  },
  balance: money('余额', 'Balance', { sortable: true }),
  creditLimit: money('授信额度', 'Credit line'),
  available: money('可用额度', 'Available'),
  warningAmount: money('预警金额', 'Warning amount'),
  prepayType: {
    label: { zh: '预存类型', en: 'Prepay type' },
    kind: 'integer',
    choices: PREPAY_TYPES,
    readOnly: true,
    filter: 'equal',
    export: { width: 10 },
  },
  belowWarning: {
    label: { zh: '预警状态', en: 'Warning' },
    kind: 'integer',
    choices: BELOW_WARNING,
    readOnly: true,
    export: { width: 10 },
  },
  createTime: { label: { zh: '创建时间', en: 'Created' }, kind: 'dateTime', readOnly: true },
  updateTime: {
    label: { zh: '更新时间', en: 'Updated' },
    kind: 'dateTime',
    readOnly: true,
    sortable: true,
  },
} as const;

/** Below the warning amount or not: worked out by the server (`narrow`), not a column. */
const filterAliases = {
  belowWarning: {
    label: { zh: '预警状态', en: 'Warning' },
    field: 'belowWarning',
    filter: 'equal',
    byServer: true,
  },
} as const;

/** 应用预存 (/access/advance): balances, top-ups and adjustments (app_prepay_recharge), export. */
export const appPrepayContract = defineContract<AppPrepay>()({
  service: APP_PREPAY,
  route: APP_PREPAY_ROUTE,
  title: { zh: '应用预存', en: 'App prepay' },
  menu: 'app_prepay',
  buttons: ['view', 'export'],
  calls: { list: 'list', detail: 'get', export: 'export' },
  export: { excelType: 'psclient-app-prepay', fileName: '应用预存' },
  filterAliases,
  fields,
});

/** 应用预存设置 (/access/openplatform-app/advance): the same rows, warning and type settings. */
export const appPrepaySettingContract = defineContract<AppPrepay>()({
  service: APP_PREPAY,
  route: '/access/openplatform-app/advance',
  title: { zh: '应用预存设置', en: 'App prepay settings' },
  menu: 'app_prepay_setting',
  buttons: ['view'],
  calls: { list: 'list', detail: 'get' },
  filterAliases,
  fields,
});

/** The screens' own button codes (menu-tree extraButtons). */
export const PREPAY_CODES = {
  recharge: 'app_prepay_recharge',
  warn: 'app_prepay_setting_warn_setting',
  type: 'app_prepay_setting_prepay_type',
} as const;

/** The prepay calls' refusals: the server answers the zh, the console shows zh or en. */
export const PREPAY_REFUSALS = {
  app: { zh: '请选择应用', en: 'Please choose an app' },
  client: { zh: '请选择接入方', en: 'Please choose an access party' },
  amount: {
    zh: '请输入大于0且不超过两位小数的金额',
    en: 'Enter an amount above 0 with at most 2 decimals',
  },
  signedAmount: {
    zh: '请输入不为0且不超过两位小数的金额',
    en: 'Enter a non-zero amount with at most 2 decimals',
  },
  money: {
    zh: '请输入不超过两位小数的非负金额',
    en: 'Enter a non-negative amount with at most 2 decimals',
  },
  reason: { zh: '请输入调整原因', en: 'Please enter the reason' },
  reasonLength: { zh: '原因不能超过200个字符', en: 'At most 200 characters' },
  voucher: { zh: '请上传充值凭证', en: 'Please upload the top-up voucher' },
  attachMissing: { zh: '凭证文件不存在', en: 'The voucher file does not exist' },
  attachType: { zh: '凭证只能是pdf、jpg或png文件', en: 'The voucher must be a pdf, jpg or png' },
  attachSize: { zh: '凭证不能超过10MB', en: 'The voucher may not exceed 10 MB' },
  warning: { zh: '请输入预警金额', en: 'Please enter the warning amount' },
  prepayType: { zh: '请选择预存类型', en: 'Please choose the prepay type' },
  creditLimit: {
    zh: '授信类型须设置大于0的授信额度',
    en: 'A credit line needs a limit above 0',
  },
  limitBelowDebt: {
    zh: '当前余额已低于新授信额度允许的下限，不能修改',
    en: 'The balance is already below what the new credit line allows',
  },
} as const;
knownMessages(...Object.values(PREPAY_REFUSALS));

/** A yuan amount above 0 within one amount's bound, as fen; else undefined. */
export function positiveFen(value: unknown): number | undefined {
  const fen = parseYuan(value);
  return fen !== undefined && fen > 0 && fen <= AMOUNT_MAX_FEN ? fen : undefined;
}

/** A yuan amount of 0 or more within the bound, as fen; else undefined. */
export function moneyFen(value: unknown): number | undefined {
  const fen = parseYuan(value);
  return fen !== undefined && fen >= 0 && fen <= AMOUNT_MAX_FEN ? fen : undefined;
}

/** A non-zero yuan amount of either sign within the bound, as fen; else undefined. */
export function signedFen(value: unknown): number | undefined {
  const fen = parseYuan(value);
  return fen !== undefined && fen !== 0 && Math.abs(fen) <= AMOUNT_MAX_FEN ? fen : undefined;
}

/** One app below its warning amount (GET warnings). */
export interface PrepayWarning {
  id: string;
  appId: string;
  appName: string;
  clientName: string;
  /** Yuan. */
  balance: number;
  warningAmount: number;
}

export interface PrepayWarnings {
  total: number;
  /** The first `size`, the furthest below their warning first. */
  records: PrepayWarning[];
}

/** psclient-prepay get: an access party's prepay over its apps (yuan). */
export interface ClientPrepay {
  clientId: string;
  clientName: string;
  balance: number;
  creditLimit: number;
  available: number;
  apps: AppPrepay[];
}
