import { SUPPLIER_SERVICE } from '../business-services';
import { AMOUNT_MAX_FEN, MONEY_BOUND_MESSAGES, parseYuan, parseYuanOrOver } from '../money';
import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * Supplier quotas and balances (issue 18 item 4, spec section 7 "Balances"): money is yuan on the
 * wire and integer fen at rest; a balance only moves through the ledger (server
 * balance/ledger.ts), every change is a row of sup-balance-record / sup-good-balance-record.
 */
export const SUP_BALANCE = `${SUPPLIER_SERVICE}/sup-balance-total`;
export const SUP_BALANCE_RECORD = `${SUPPLIER_SERVICE}/sup-balance-record`;
/** Attachments of a manual change (pdf, jpg, png; 10 MB): POST multipart `file`. */
export const SUP_FILE_SIGN = `${SUPPLIER_SERVICE}/sup-file/file-sign`;
export const BALANCE_FILE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
export const BALANCE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** A supplier's balance (sup-balance-total row). */
export interface SupBalance {
  id: string;
  supId: string;
  supCode: string;
  supName: string;
  /** Yuan. */
  balance: number;
  /** How far below 0 the balance may go, yuan. */
  overdraftLimit: number;
  /** Below this the row is marked, yuan; null: no warning. */
  warningAmount: number | null;
  /** Dictionary sup_balance_type: 1 prepaid, 2 credit. */
  balanceType: number;
  balanceTypeName: string;
  /** 1 when a warning amount is set and the balance is below it. */
  belowWarning: number;
  createTime: string;
  updateTime: string | null;
  version: number;
}

/** Dictionary sup_balance_type: the supplier's settlement type gives it (sup-settlement.ts). */
export const BALANCE_TYPES = [
  { value: '1', label: { zh: '预付', en: 'Prepaid' } },
  { value: '2', label: { zh: '授信', en: 'Credit' } },
] as const;
// Loaded with the quota screens, so the console knows the settlement refusals' en texts too.
export { balanceTypeOf, SETTLEMENT_REFUSALS } from './sup-settlement';

export const BELOW_WARNING = [
  { value: '0', label: { zh: '正常', en: 'Normal' }, color: 'green' },
  { value: '1', label: { zh: '低于预警', en: 'Below warning' }, color: 'red' },
] as const;

export const supBalanceContract = defineContract<SupBalance>()({
  service: SUP_BALANCE,
  route: '/supplier/supplier-quota/list',
  title: { zh: '供应商额度', en: 'Supplier quota' },
  menu: 'supplier_quota',
  buttons: ['view'],
  fields: {
    supCode: {
      label: { zh: '供应商编码', en: 'Supplier code' },
      readOnly: true,
      filter: 'like',
      sortable: true,
    },
    supName: { label: { zh: '供应商', en: 'Supplier' }, readOnly: true, filter: 'like' },
    balance: {
      label: { zh: '余额', en: 'Balance' },
      kind: 'money',
      readOnly: true,
      sortable: true,
    },
    overdraftLimit: {
      label: { zh: '透支额度', en: 'Overdraft limit' },
      kind: 'money',
      readOnly: true,
    },
    warningAmount: {
      label: { zh: '预警金额', en: 'Warning amount' },
      kind: 'money',
      readOnly: true,
    },
    balanceType: {
      label: { zh: '余额类型', en: 'Balance type' },
      kind: 'integer',
      dict: 'sup_balance_type',
      readOnly: true,
      filter: 'equal',
    },
    balanceTypeName: { label: { zh: '余额类型', en: 'Balance type' }, readOnly: true },
    belowWarning: {
      label: { zh: '预警状态', en: 'Warning' },
      kind: 'integer',
      readOnly: true,
    },
    createTime: { label: { zh: '创建时间', en: 'Created' }, kind: 'dateTime', readOnly: true },
    updateTime: {
      label: { zh: '更新时间', en: 'Updated' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});

/** Checks shared by both sides (the server answers the zh text, the console shows zh or en). */
export const AMOUNT_MESSAGES = {
  amount: {
    zh: '请输入大于0且不超过两位小数的金额',
    en: 'Enter an amount above 0 with at most 2 decimals',
  },
  money: {
    zh: '请输入不超过两位小数的非负金额',
    en: 'Enter a non-negative amount with at most 2 decimals',
  },
  reason: { zh: '请输入调整原因', en: 'Please enter the reason' },
  reasonLength: { zh: '调整原因不能超过200个字符', en: 'At most 200 characters' },
  type: { zh: '请选择调整类型', en: 'Please choose add or deduct' },
  /** An amount over the bound of one amount (money.ts AMOUNT_MAX_FEN): the text says it. */
  tooLarge: MONEY_BOUND_MESSAGES.amountTooLarge,
  /** A change whose balance after would leave ±BALANCE_BOUND_FEN (server balance/ledger.ts). */
  balanceOutOfRange: MONEY_BOUND_MESSAGES.balanceOutOfRange,
} as const;

knownMessages(...Object.values(AMOUNT_MESSAGES));

/** The quota calls' other field refusals (the server answers the zh). */
export const BALANCE_REFUSALS = {
  supplier: { zh: '请选择供应商', en: 'Please choose a supplier' },
  opening: { zh: '请输入期初余额', en: 'Please enter the opening balance' },
  balanceType: { zh: '请选择余额类型', en: 'Please choose the balance type' },
  warning: { zh: '请输入预警金额', en: 'Please enter the warning amount' },
  limitBelowDebt: {
    zh: '透支额度不能小于当前已透支的金额',
    en: 'The overdraft limit may not be below what is already overdrawn',
  },
  attachMissing: { zh: '附件不存在', en: 'The attachment does not exist' },
  attachType: { zh: '附件只能是pdf、jpg或png文件', en: 'The attachment must be a pdf, jpg or png' },
  attachSize: { zh: '附件不能超过10MB', en: 'The attachment may not exceed 10 MB' },
} as const;
knownMessages(...Object.values(BALANCE_REFUSALS));

export const REASON_MAX = 200;
/** A yuan amount above 0 as fen, or undefined (text, 3 decimals, negative, 0, too large). */
export function positiveFen(value: unknown): number | undefined {
  const fen = parseYuan(value);
  return fen !== undefined && fen > 0 && fen <= AMOUNT_MAX_FEN ? fen : undefined;
}

/** A yuan amount of 0 or more as fen, or undefined (as positiveFen, 0 allowed). */
export function moneyFen(value: unknown): number | undefined {
  const fen = parseYuan(value);
  return fen !== undefined && fen >= 0 && fen <= AMOUNT_MAX_FEN ? fen : undefined;
}

/**
 * Whether a value is an amount, but above the bound of one amount (9,999,999,999.99 yuan): the
 * refusal is then `AMOUNT_MESSAGES.tooLarge` rather than the format's message.
 */
export function overAmountMax(value: unknown): boolean {
  const fen = parseYuanOrOver(value);
  return fen !== undefined && fen > AMOUNT_MAX_FEN;
}

/** new-record: add to or deduct from a balance by hand. */
export type RecordType = 'add' | 'deduct';
export const RECORD_TYPES = [
  { value: 'add', label: { zh: '增加', en: 'Add' } },
  { value: 'deduct', label: { zh: '扣减', en: 'Deduct' } },
] as const;
