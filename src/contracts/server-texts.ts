import { MONEY_BOUND_MESSAGES } from './money';
import { knownMessages, shapePattern, type MessagePair } from './server-messages';

/**
 * Texts the server writes into records that the console shows as data (issue 25 item 15): the
 * reason of a ledger row the server makes itself, why a supplier order or a batch task failed
 * (`lastError`, an error order's `errorMsg`, a task's `error`), and the names the seed gives roles, departments, posts and
 * tenants. The wire and the database keep the zh text, as BladeX does (a BladeX client and every
 * stored row read the same); the console shows the en one through `serverTextIn`, so an
 * en console never shows these in Chinese. A text not in the catalogue (what an operator typed,
 * a name changed after seeding) is shown as it is.
 *
 * The catalogue is the one place such a text is added: the server's producers use these
 * entries (or the tests in server/services/platform-supplier/server-texts.test.ts fail on a text
 * the catalogue lacks, walking the seeded and demo rows and the server's own constants).
 */

/** Reasons of the ledger rows the server writes itself (orders, reissues, openings). */
export const LEDGER_REASONS = {
  order: { zh: '订单扣款', en: 'Order charge' },
  reissue: { zh: '补发扣款', en: 'Reissue charge' },
  refund: { zh: '订单退款', en: 'Order refund' },
  init: { zh: '初始化', en: 'Opening balance' },
  openingBalance: { zh: '期初余额', en: 'Opening balance' },
  openingQuota: { zh: '期初额度', en: 'Opening quota' },
  // The demo's own top-ups and settlements (db/seed/demo-money-core.ts).
  prepaidTopUp: { zh: '预付充值', en: 'Prepayment top-up' },
  quotaTopUp: { zh: '额度充值', en: 'Quota top-up' },
  monthlySettlement: { zh: '月结付款', en: 'Monthly settlement payment' },
  // The client service's prepay ledger (issue 27).
  clientOrder: { zh: '下单扣款', en: 'Order charge' },
  clientReissue: { zh: '补发扣款', en: 'Reissue charge' },
  clientOrderFailed: { zh: '下单失败退回', en: 'Failed order returned' },
  clientReturn: { zh: '退货退款', en: 'Order return' },
  clientCancel: { zh: '取消订单退款', en: 'Cancelled order returned' },
  prepayOpening: { zh: '期初预存', en: 'Opening prepay' },
  prepayTopUp: { zh: '预存充值', en: 'Prepay top-up' },
} as const satisfies Record<string, MessagePair>;

/** Why a supplier order failed: the supplier interface's and fulfilment's own texts. */
export const FAILURE_REASONS = {
  timeout: { zh: '供应商接口超时', en: 'The supplier interface timed out' },
  unavailable: {
    zh: '供应商接口暂不可用，请稍后重试',
    en: 'The supplier interface is unavailable, please try again later',
  },
  refused: { zh: '供应商接口拒绝请求', en: 'The supplier interface refused the request' },
  notConfigured: { zh: '供应商接口未配置', en: 'The supplier interface is not configured' },
  badAnswer: {
    zh: '供应商接口返回格式错误',
    en: 'The supplier interface answered in an unknown format',
  },
  httpsOnly: {
    zh: '供应商接口地址须使用 HTTPS',
    en: 'The supplier interface address must use HTTPS',
  },
  outOfStock: { zh: '库存不足', en: 'Out of stock' },
  offShelf: { zh: '商品已下架', en: 'The good is off the shelf' },
  cardTaken: {
    zh: '供应商接口返回的券码已在库中，未发放',
    en: 'The code the supplier interface returned is already in stock; nothing was issued',
  },
  balanceNotInitialised: {
    zh: '供应商余额未初始化，请先初始化余额',
    en: 'The supplier balance is not initialised; initialise it first',
  },
  goodQuotaNotSet: {
    zh: '商品额度未设置，请先设置商品额度',
    en: 'The good has no quota yet; set its quota first',
  },
  noGoodMapped: {
    zh: '产品无可售商品或库存不足',
    en: 'No good of the product is on sale with enough stock',
  },
  fulfilInterrupted: {
    zh: '订单处理中断，已退回预存',
    en: 'The order was interrupted; the prepay was returned',
  },
  taskInterrupted: {
    zh: '任务进程中断',
    en: 'The process running the task stopped; start the task again',
  },
  addressRefused: {
    zh: '供应商接口地址不能指向本机、内网或云元数据地址（可由管理员加入 OUTBOUND_ALLOWLIST）',
    en: 'The supplier interface address may not point at this machine, a private network or cloud metadata (an administrator may add it to OUTBOUND_ALLOWLIST)',
  },
} as const satisfies Record<string, MessagePair>;

/**
 * Texts with parts the server fills in, `{name}` in both languages (each part a run of anything
 * but the text around it): the zh is matched as a whole and the parts carried over.
 */
export const TEXT_SHAPES = {
  notEnoughCodes: {
    zh: '券码库存不足：可用{available}张，需要{wanted}张',
    en: 'Not enough codes in stock: {available} available, {wanted} needed',
  },
  insufficientBalance: {
    zh: '余额不足：当前余额{balance}元，透支额度{limit}元，本次扣减{amount}元',
    en: 'Balance too low: balance {balance} yuan, overdraft limit {limit} yuan, this charge {amount} yuan',
  },
  insufficientPrepay: {
    zh: '预存余额不足：当前余额{balance}元，授信额度{limit}元，本次扣减{amount}元',
    en: 'Prepay too low: balance {balance} yuan, credit line {limit} yuan, this charge {amount} yuan',
  },
  supplierFailed: {
    zh: '供应商返回失败：{detail}',
    en: 'The supplier answered a failure: {detail}',
  },
  taskFailed: {
    zh: '任务执行失败（参考编号 {ref}）',
    en: 'The task failed (reference {ref})',
  },
  payRefundOver: {
    zh: '退款金额不能超过可退金额{rest}元',
    en: 'The refund may not exceed the refundable {rest} yuan',
  },
} as const satisfies Record<string, MessagePair>;

/**
 * Names the seed gives (system seed and demo data): roles, departments, posts, tenants. Shown in
 * English in the en console while they keep the seeded name; a renamed one shows as named.
 */
export const SEEDED_NAMES = {
  superAdmin: { zh: '超级管理员', en: 'Super administrator' },
  user: { zh: '用户', en: 'User' },
  operator: { zh: '运营专员', en: 'Operations specialist' },
  supplierManager: { zh: '供应商经理', en: 'Supplier manager' },
  finance: { zh: '财务', en: 'Finance' },
  tenantAdmin: { zh: '租户管理员', en: 'Tenant administrator' },
  staff: { zh: '员工', en: 'Staff' },
  platform: { zh: '数字权益平台', en: 'Digital benefits platform' },
  platformCentre: { zh: '数字权益平台运营中心', en: 'Digital benefits platform operations centre' },
  operations: { zh: '运营部', en: 'Operations' },
  supplyChain: { zh: '供应链部', en: 'Supply chain' },
  financeDept: { zh: '财务部', en: 'Finance department' },
  demoHq: { zh: '演示总部', en: 'Demo headquarters' },
  sales: { zh: '销售部', en: 'Sales' },
  service: { zh: '客服部', en: 'Customer service' },
  ceo: { zh: '首席执行官', en: 'Chief executive officer' },
  adminGroup: { zh: '管理组', en: 'Administration group' },
  demoTenant: { zh: '演示租户', en: 'Demo tenant' },
} as const satisfies Record<string, MessagePair>;

const EXACT = new Map<string, string>();
// A charge past the money bounds fails an order with the bound's text (contracts/money.ts).
for (const group of [LEDGER_REASONS, FAILURE_REASONS, SEEDED_NAMES, MONEY_BOUND_MESSAGES])
  for (const { zh, en } of Object.values(group)) EXACT.set(zh, en);

/** A shape's zh as a whole-text pattern whose groups are its parts, in order. */
const SHAPES = Object.values(TEXT_SHAPES).map(({ zh, en }) => ({ ...shapePattern(zh), en }));

/** Fills a shape's `{name}` parts: the zh the server writes, or the en. */
export function fillText(shape: string, parts: Readonly<Record<string, string | number>>): string {
  return shape.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in parts ? String(parts[name]) : whole,
  );
}

/** Longest text looked up: longer ones are an operator's, never the server's. */
const MAX_LOOKUP = 300;
const CJK = /[\u2e80-\u9fff]/;

/**
 * A server-made text in `lang`: its en when the catalogue knows it (whole, a shape, or each
 * part of a comma-joined list such as a user's roles), else the text as it is.
 */
export function serverTextIn(lang: 'zh' | 'en', text: string): string {
  if (lang === 'zh' || text.length > MAX_LOOKUP || !CJK.test(text)) return text;
  const trimmed = text.trim();
  const exact = EXACT.get(trimmed);
  if (exact !== undefined) return exact;
  for (const { pattern, names, en } of SHAPES) {
    const match = pattern.exec(trimmed);
    if (match)
      return fillText(
        en,
        Object.fromEntries(names.map((name, i) => [name, serverTextIn(lang, match[i + 1]!)])),
      );
  }
  if (/[,，]/.test(trimmed)) {
    const parts = trimmed.split(/\s*[,，]\s*/);
    if (parts.every((part) => EXACT.has(part)))
      return parts.map((part) => EXACT.get(part)!).join(', ');
  }
  return text;
}

// Failure reasons also come back as refusals (a driver error answers 400 with its text).
knownMessages(...Object.values(FAILURE_REASONS));
