import { sql, type Kysely } from 'kysely';
import { prepared, preparedInsert } from '../../../db/prepared.js';
import type { DB } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import {
  amountWithinBound,
  BALANCE_BOUND_FEN,
  balanceWithinBound,
  formatYuan,
  MONEY_BOUND_MESSAGES,
} from '../../../../src/contracts/money.js';
import { PREPAY_NOT_OPENED } from '../../../../src/contracts/platform-client/client-messages.js';
import { fillText, TEXT_SHAPES } from '../../../../src/contracts/server-texts.js';

/**
 * Every change of an app's prepay goes through here, as every change of a supplier balance goes
 * through the supplier ledger (platform-supplier/balance/ledger.ts, whose reasoning holds here):
 * one conditional UPDATE moves the balance and refuses a debit that would take it below
 * `-creditLimit` (0 for a prepaid app), then one ledger row (blade_prepay_record) records the
 * change with the balance after it. Call it inside the transaction of the work that causes the
 * change (an order's charge, a failure's or a return's credit, a top-up), so both commit or roll
 * back together. The UPDATE is atomic on both databases, so concurrent debits never pass the
 * limit and each ledger row's `balanceAfter` is exact.
 */

/** Why a prepay moved (ledger `change_type`): top-ups and adjustments are change orders, the rest
 * follow orders (use orders: `order`; refunds: `fail`, `return`, `cancel`). */
export type PrepayChangeType = 'topup' | 'adjust' | 'order' | 'return' | 'fail' | 'cancel';

export interface PrepayChange {
  tenantId: string;
  appId: string;
  /** Signed fen: positive credits, negative debits. */
  amount: number;
  changeType: PrepayChangeType;
  reason?: string | null;
  sourceId?: string | null;
  sourceNo?: string | null;
  attachId?: string | null;
  fileName?: string | null;
  userId?: string | null;
}

export { PREPAY_NOT_OPENED } from '../../../../src/contracts/platform-client/client-messages.js';

/** The zh refusal of a debit past the credit line, with the figures in yuan. */
export const insufficientPrepay = (balanceFen: number, limitFen: number, amountFen: number) =>
  fillText(TEXT_SHAPES.insufficientPrepay.zh, {
    balance: formatYuan(balanceFen),
    limit: formatYuan(limitFen),
    amount: formatYuan(-amountFen),
  });

/** What a change left: the balance after it and whether it crossed the warning threshold. */
export interface PrepayMoved {
  balanceAfter: number;
  warningAmount: number | null;
}

// The balance's move, as a debit (never past the credit line) or a credit, and the ledger row:
// every order runs them (db/prepared.ts: built once).
type Move = { tenantId: string; appId: string; amount: number; now: string; userId: string | null };
const movePrepay = (guarded: 'debit' | 'credit') =>
  prepared<Move>()((db, arg) => {
    const amount = arg('amount');
    const update = db
      .updateTable('bladePsclientAppPrepay')
      .set({
        balance: sql<number>`balance + ${amount}`,
        version: sql<number>`version + 1`,
        updateTime: arg('now'),
        updateUser: arg('userId'),
      })
      .where('tenantId', '=', arg('tenantId'))
      .where('appId', '=', arg('appId'))
      .where('isDeleted', '=', 0);
    return (
      guarded === 'debit'
        ? update
            .where(sql<boolean>`balance + ${amount} >= -credit_limit`)
            .where(sql<boolean>`balance + ${amount} >= ${-BALANCE_BOUND_FEN}`)
        : update.where(sql<boolean>`balance + ${amount} <= ${BALANCE_BOUND_FEN}`)
    ).returning(['balance', 'clientId', 'warningAmount']);
  });
const debit = movePrepay('debit');
const credit = movePrepay('credit');
const insertRecord = preparedInsert('bladePrepayRecord');

/**
 * Applies a change and writes its ledger row. Throws 400 (nothing written) when the amount is
 * over the bound of one amount, the app has no prepay account, a debit would pass the credit line
 * or the balance after would leave ±BALANCE_BOUND_FEN.
 */
export async function changePrepay(db: Kysely<DB>, change: PrepayChange): Promise<PrepayMoved> {
  if (!Number.isSafeInteger(change.amount)) throw new Error('prepay change: amount not in fen');
  if (!amountWithinBound(change.amount)) throw badRequest(MONEY_BOUND_MESSAGES.amountTooLarge.zh);
  const now = nowText();
  const { tenantId, appId, amount } = change;
  const moved = await (amount < 0 ? debit : credit).first(db, {
    tenantId,
    appId,
    amount,
    now,
    userId: change.userId ?? null,
  });
  if (!moved) {
    const row = await db
      .selectFrom('bladePsclientAppPrepay')
      .select(['balance', 'creditLimit'])
      .where('tenantId', '=', tenantId)
      .where('appId', '=', appId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw badRequest(PREPAY_NOT_OPENED.zh);
    const balance = Number(row.balance);
    if (!balanceWithinBound(balance + amount))
      throw badRequest(MONEY_BOUND_MESSAGES.balanceOutOfRange.zh);
    throw badRequest(insufficientPrepay(balance, Number(row.creditLimit), amount));
  }
  const balanceAfter = Number(moved.balance);
  await insertRecord.run(db, {
    id: nextId(),
    tenantId,
    appId,
    clientId: moved.clientId,
    changeType: change.changeType,
    amount,
    balanceAfter,
    reason: change.reason ?? null,
    sourceId: change.sourceId ?? null,
    sourceNo: change.sourceNo ?? null,
    attachId: change.attachId ?? null,
    fileName: change.fileName ?? null,
    createUser: change.userId ?? null,
    createTime: now,
  });
  return {
    balanceAfter,
    warningAmount: moved.warningAmount === null ? null : Number(moved.warningAmount),
  };
}

/**
 * Whether every prepay of the tenant equals the sum of its ledger: the rows that do not (empty
 * when all agree), for the tests after concurrent work and the nightly check.
 */
export async function prepayMismatches(db: Kysely<DB>, tenantId: string) {
  const rows = await db
    .selectFrom('bladePsclientAppPrepay as p')
    .leftJoin('bladePrepayRecord as r', (j) =>
      j.onRef('r.appId', '=', 'p.appId').onRef('r.tenantId', '=', 'p.tenantId'),
    )
    .select(['p.appId', 'p.balance', sql<number>`coalesce(sum(r.amount), 0)`.as('ledger')])
    .where('p.tenantId', '=', tenantId)
    .groupBy(['p.appId', 'p.balance'])
    .execute();
  return rows
    .map((r) => ({ appId: r.appId, balance: Number(r.balance), ledger: Number(r.ledger) }))
    .filter((r) => r.balance !== r.ledger);
}
