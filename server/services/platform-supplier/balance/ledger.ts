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
import { FAILURE_REASONS, fillText, TEXT_SHAPES } from '../../../../src/contracts/server-texts.js';

/**
 * Every change of a balance goes through here (domain.md "Money", "No overselling, no double
 * spending", "Bounded money"): one conditional UPDATE moves the balance and refuses a debit that
 * would take it below `-overdraftLimit`, and any change that would take it out of
 * ±BALANCE_BOUND_FEN (so balances, ledger sums and every sum of a balance and one amount stay
 * exact integers in a JavaScript number, on SQLite too), then one ledger row records the change
 * with the balance after it. An amount above the bound of one amount is refused first. Call
 * it inside the transaction of the work that causes the change (an order's charge, a refund's
 * credit), so the balance, its ledger and the work commit or roll back together.
 *
 * Concurrency: the UPDATE is atomic on both databases. On PostgreSQL it takes the row's lock
 * until the transaction ends, so concurrent debits queue on the row and each sees the balance the
 * previous one left (the condition is re-checked on the new row version); on SQLite a write
 * transaction holds the database. The ledger's `balance_after` is therefore exact.
 */

/** Which balance: a supplier's (`sup-balance-total`) or a good's own quota (`sup-good-balance-total`). */
export type BalanceOwner =
  { kind: 'supplier'; supId: string } | { kind: 'good'; supId: string; goodId: string };

/** Why a balance moved (ledger `change_type`). */
export type ChangeType = 'init' | 'add' | 'deduct' | 'order' | 'refund' | 'reissue' | 'cancel';

export interface BalanceChange {
  tenantId: string;
  owner: BalanceOwner;
  /** Signed fen: positive credits, negative debits. */
  amount: number;
  changeType: ChangeType;
  reason?: string | null;
  /** The document that caused it (order, refund, record id) and its number. */
  sourceId?: string | null;
  sourceNo?: string | null;
  attachId?: string | null;
  fileName?: string | null;
  userId?: string | null;
}

export const BALANCE_NOT_INITIALISED = FAILURE_REASONS.balanceNotInitialised.zh;
/** The refusal of a change whose balance after would leave ±BALANCE_BOUND_FEN. */
export const BALANCE_OUT_OF_RANGE = MONEY_BOUND_MESSAGES.balanceOutOfRange.zh;
/** The refusal of a change of more than one amount's bound (AMOUNT_MAX_FEN) either way. */
export const AMOUNT_TOO_LARGE = MONEY_BOUND_MESSAGES.amountTooLarge.zh;
export const GOOD_QUOTA_NOT_SET = FAILURE_REASONS.goodQuotaNotSet.zh;

/** The zh refusal of a debit past the overdraft limit, with the figures in yuan. */
export const insufficientBalance = (balanceFen: number, limitFen: number, amountFen: number) =>
  fillText(TEXT_SHAPES.insufficientBalance.zh, {
    balance: formatYuan(balanceFen),
    limit: formatYuan(limitFen),
    amount: formatYuan(-amountFen),
  });

// The balance's move by owner (a supplier's balance, a good's quota) and direction: a debit may
// not pass the limit; a credit lands even on a balance already below it. Neither may take the
// balance out of the bound (a limit set before the bound cannot pass it either). Every order runs
// one, and the ledger row (db/prepared.ts: built once).
type Move = {
  tenantId: string;
  ownerId: string;
  amount: number;
  now: string;
  userId: string | null;
};
const moveBalance = (owner: BalanceOwner['kind'], direction: 'debit' | 'credit') =>
  prepared<Move>()((db, arg) => {
    const amount = arg('amount');
    const set = {
      balance: sql<number>`balance + ${amount}`,
      version: sql<number>`version + 1`,
      updateTime: arg('now'),
      updateUser: arg('userId'),
    };
    const guard =
      direction === 'debit'
        ? sql<boolean>`balance + ${amount} >= -overdraft_limit and balance + ${amount} >= ${-BALANCE_BOUND_FEN}`
        : sql<boolean>`balance + ${amount} <= ${BALANCE_BOUND_FEN}`;
    return owner === 'supplier'
      ? db
          .updateTable('bladeSupBalanceTotal')
          .set(set)
          .where('tenantId', '=', arg('tenantId'))
          .where('isDeleted', '=', 0)
          .where('supId', '=', arg('ownerId'))
          .where(guard)
          .returning(['balance'])
      : db
          .updateTable('bladeSupGoodBalanceTotal')
          .set(set)
          .where('tenantId', '=', arg('tenantId'))
          .where('isDeleted', '=', 0)
          .where('goodId', '=', arg('ownerId'))
          .where(guard)
          .returning(['balance']);
  });
const MOVES = {
  supplier: { debit: moveBalance('supplier', 'debit'), credit: moveBalance('supplier', 'credit') },
  good: { debit: moveBalance('good', 'debit'), credit: moveBalance('good', 'credit') },
};
const insertSupRecord = preparedInsert('bladeSupBalanceRecord');
const balanceTypeOf = prepared<{ tenantId: string; goodId: string }>()((db, arg) =>
  db
    .selectFrom('bladeSupGoodBalanceTotal')
    .select('balanceType')
    .where('tenantId', '=', arg('tenantId'))
    .where('goodId', '=', arg('goodId'))
    .where('isDeleted', '=', 0),
);

/**
 * Applies a change and writes its ledger row; answers the balance after it (fen). Throws 400 when
 * the amount is over the bound of one amount, the balance does not exist, a debit would pass the
 * overdraft limit or the balance after would leave ±BALANCE_BOUND_FEN: nothing is written then.
 */
export async function changeBalance(db: Kysely<DB>, change: BalanceChange): Promise<number> {
  if (!Number.isSafeInteger(change.amount)) throw new Error('balance change: amount not in fen');
  if (!amountWithinBound(change.amount)) throw badRequest(AMOUNT_TOO_LARGE);
  const now = nowText();
  const { owner, tenantId, amount } = change;
  const table = owner.kind === 'supplier' ? 'bladeSupBalanceTotal' : 'bladeSupGoodBalanceTotal';
  const moved = await MOVES[owner.kind][amount < 0 ? 'debit' : 'credit'].first(db, {
    tenantId,
    ownerId: owner.kind === 'supplier' ? owner.supId : owner.goodId,
    amount,
    now,
    userId: change.userId ?? null,
  });
  if (!moved) {
    let found = db
      .selectFrom(table)
      .select(['balance', 'overdraftLimit'])
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0);
    found =
      owner.kind === 'supplier'
        ? found.where('supId', '=', owner.supId)
        : found.where('goodId', '=', owner.goodId);
    const row = await found.executeTakeFirst();
    if (!row)
      throw badRequest(owner.kind === 'supplier' ? BALANCE_NOT_INITIALISED : GOOD_QUOTA_NOT_SET);
    const balance = Number(row.balance);
    if (!balanceWithinBound(balance + amount)) throw badRequest(BALANCE_OUT_OF_RANGE);
    throw badRequest(insufficientBalance(balance, Number(row.overdraftLimit), amount));
  }
  const balanceAfter = Number(moved.balance);
  const record = {
    id: nextId(),
    tenantId,
    supId: owner.supId,
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
  };
  if (owner.kind === 'supplier') await insertSupRecord.run(db, record);
  else
    await db
      .insertInto('bladeSupGoodBalanceRecord')
      .values({ ...record, goodId: owner.goodId })
      .execute();
  return balanceAfter;
}

/**
 * Which balance an order of the good is charged to: the good's own quota when its balance type is
 * 2 (sup-good-balance-total/set-balance-type), else its supplier's balance.
 */
export async function chargedBalance(
  db: Kysely<DB>,
  tenantId: string,
  supId: string,
  goodId: string,
): Promise<BalanceOwner> {
  const good = await balanceTypeOf.first(db, { tenantId, goodId });
  return good?.balanceType === 2 ? { kind: 'good', supId, goodId } : { kind: 'supplier', supId };
}

/**
 * Whether every balance of the tenant equals the sum of its ledger: the rows that do not, for the
 * tests and the nightly check (empty when all agree).
 */
export async function ledgerMismatches(db: Kysely<DB>, tenantId: string) {
  const sup = await db
    .selectFrom('bladeSupBalanceTotal as t')
    .leftJoin('bladeSupBalanceRecord as r', (j) =>
      j.onRef('r.supId', '=', 't.supId').onRef('r.tenantId', '=', 't.tenantId'),
    )
    .select(['t.supId as id', 't.balance', sql<number>`coalesce(sum(r.amount), 0)`.as('ledger')])
    .where('t.tenantId', '=', tenantId)
    .groupBy(['t.supId', 't.balance'])
    .execute();
  const good = await db
    .selectFrom('bladeSupGoodBalanceTotal as t')
    .leftJoin('bladeSupGoodBalanceRecord as r', (j) =>
      j.onRef('r.goodId', '=', 't.goodId').onRef('r.tenantId', '=', 't.tenantId'),
    )
    .select(['t.goodId as id', 't.balance', sql<number>`coalesce(sum(r.amount), 0)`.as('ledger')])
    .where('t.tenantId', '=', tenantId)
    .groupBy(['t.goodId', 't.balance'])
    .execute();
  return [
    ...sup.map((r) => ({ kind: 'supplier' as const, ...r })),
    ...good.map((r) => ({ kind: 'good' as const, ...r })),
  ]
    .map((r) => ({ ...r, balance: Number(r.balance), ledger: Number(r.ledger) }))
    .filter((r) => r.balance !== r.ledger);
}
