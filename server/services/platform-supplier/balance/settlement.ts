import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { badInput, conflict } from '../../../lib/errors.js';
import { nowText } from '../../../lib/time.js';
import {
  balanceTypeOf,
  SETTLEMENT_POSTPAID,
  SETTLEMENT_PREPAID,
  SETTLEMENT_REFUSALS,
} from '../../../../src/contracts/platform-supplier/sup-settlement.js';

/**
 * The server's half of the settlement rule (src/contracts/platform-supplier/sup-settlement.ts,
 * issue 25 item 8): a supplier's balance has the type its settlement type gives, and only a
 * postpaid supplier's balance or goods' quotas may have an overdraft limit (its credit line).
 * Contradictions are refused, not repaired: the operator sees why and chooses.
 */

async function settlementOf(db: Kysely<DB>, tenantId: string, supId: string) {
  const row = await db
    .selectFrom('bladeSup')
    .select('settlementType')
    .where('tenantId', '=', tenantId)
    .where('id', '=', supId)
    .executeTakeFirst();
  return Number(row?.settlementType ?? SETTLEMENT_PREPAID);
}

/**
 * A new supplier balance's terms against its supplier: the balance type must be the one its
 * settlement type gives and a prepaid supplier's overdraft limit 0 (400 otherwise, input refusals).
 */
export async function checkBalanceTerms(
  db: Kysely<DB>,
  tenantId: string,
  supId: string,
  terms: { balanceType: number; overdraftLimit: number },
): Promise<void> {
  const settlement = await settlementOf(db, tenantId, supId);
  if (terms.balanceType !== balanceTypeOf(settlement))
    throw badInput(`balanceType:${SETTLEMENT_REFUSALS.balanceType.zh}`);
  if (terms.overdraftLimit > 0 && settlement !== SETTLEMENT_POSTPAID)
    throw badInput(`overdraftLimit:${SETTLEMENT_REFUSALS.prepaidOverdraft.zh}`);
}

/** An overdraft limit set on a supplier balance or a good's quota: above 0 only when postpaid. */
export async function checkOverdraftLimit(
  db: Kysely<DB>,
  tenantId: string,
  owner: { balanceId: string } | { goodId: string },
  overdraftLimit: number | null | undefined,
): Promise<void> {
  if (!overdraftLimit || overdraftLimit <= 0) return;
  const row =
    'balanceId' in owner
      ? await db
          .selectFrom('bladeSupBalanceTotal')
          .select('supId')
          .where('tenantId', '=', tenantId)
          .where('id', '=', owner.balanceId)
          .executeTakeFirst()
      : await db
          .selectFrom('bladeSupGood')
          .select('supId')
          .where('tenantId', '=', tenantId)
          .where('id', '=', owner.goodId)
          .executeTakeFirst();
  // A missing row is the caller's 404 to answer.
  if (row && (await settlementOf(db, tenantId, row.supId)) !== SETTLEMENT_POSTPAID)
    throw badInput(`overdraftLimit:${SETTLEMENT_REFUSALS.prepaidOverdraft.zh}`);
}

/**
 * Before a supplier's settlement type is saved (sup submit): a supplier becomes prepaid only
 * without credit left (no overdraft limit on its balance or its goods' quotas: 409 otherwise);
 * then its balance's stored type follows. The answers read the type from the supplier anyway
 * (balance/repository.ts), so a save that fails after this leaves nothing visible.
 */
export async function followSettlement(
  db: Kysely<DB>,
  tenantId: string,
  supId: string,
  settlementType: number | null | undefined,
): Promise<void> {
  if (settlementType === null || settlementType === undefined) return;
  if (Number(settlementType) !== SETTLEMENT_POSTPAID) {
    const credit = async (table: 'bladeSupBalanceTotal' | 'bladeSupGoodBalanceTotal') =>
      db
        .selectFrom(table)
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('supId', '=', supId)
        .where('isDeleted', '=', 0)
        .where('overdraftLimit', '>', 0)
        .executeTakeFirst();
    if ((await credit('bladeSupBalanceTotal')) || (await credit('bladeSupGoodBalanceTotal')))
      throw conflict(`settlementType:${SETTLEMENT_REFUSALS.creditLeft.zh}`);
  }
  const balanceType = balanceTypeOf(settlementType);
  await db
    .updateTable('bladeSupBalanceTotal')
    .set({ balanceType, updateTime: nowText() })
    .where('tenantId', '=', tenantId)
    .where('supId', '=', supId)
    .where('balanceType', '!=', balanceType)
    .execute();
}
