import { knownMessages } from '../server-messages';

/**
 * How a supplier is paid and what its balance is (issue 25 item 8; ARCHITECTURE "Supplier money
 * core"): the supplier's settlement type (dictionary sup_settlement_type) decides its balance's
 * type (sup_balance_type), and only a credit line may be overdrawn.
 *
 * - 预付 (settlement 1): the platform pays in first; the balance (type 1 预付) is that money and
 *   is never overdrawn: its overdraft limit is 0.
 * - 后付 (settlement 2): the supplier delivers on credit and is paid afterwards; the balance
 *   (type 2 授信) starts at 0, runs below it as orders are charged and comes back as the platform
 *   pays; its overdraft limit is the credit line (授信额度), 0 while none is granted.
 *
 * A good's own quota follows its supplier: it may have an overdraft limit only under a postpaid
 * supplier. The server refuses a contradiction (`SETTLEMENT_REFUSALS`) and answers a supplier
 * balance's type from its supplier's settlement type.
 */
export const SETTLEMENT_PREPAID = 1;
export const SETTLEMENT_POSTPAID = 2;
export const BALANCE_PREPAID = 1;
export const BALANCE_CREDIT = 2;

/** The balance type a supplier of this settlement type has. */
export const balanceTypeOf = (settlementType: unknown): number =>
  Number(settlementType) === SETTLEMENT_POSTPAID ? BALANCE_CREDIT : BALANCE_PREPAID;

/** The refusals of a contradiction (the server answers `<field>:<zh>`). */
export const SETTLEMENT_REFUSALS = {
  balanceType: {
    zh: '余额类型须与供应商的结算方式一致：预付结算为预付，后付结算为授信',
    en: "The balance type follows the supplier's settlement: prepaid for prepaid, credit for postpaid",
  },
  prepaidOverdraft: {
    zh: '预付结算的供应商不能设置透支额度（透支额度是后付结算供应商的授信额度）',
    en: "A prepaid supplier cannot have an overdraft limit (it is a postpaid supplier's credit line)",
  },
  creditLeft: {
    zh: '该供应商的余额或商品额度设有透支额度，请先将透支额度改为0，再改为预付结算',
    en: "This supplier's balance or a good's quota has an overdraft limit: set it to 0 before changing to prepaid",
  },
} as const;
knownMessages(...Object.values(SETTLEMENT_REFUSALS));
