import type { Insertable } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { ParkBillTable, ParkPayFlowTable } from '../../../db/schema.js';
import { chunks } from '../../../lib/chunks.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import { DriverError, parkingDriver, type DriverBill } from '../driver/index.js';

/** How many days back a load asks the operator for (today included). */
export const LOAD_DAYS = 7;

export interface LoadOutcome {
  /** Lots loaded. */
  lots: number;
  /** Lots the operator listed that the tenant lacked, added (a load of every lot only). */
  lotsAdded: number;
  /** Bills recorded now (a bill already recorded is not recorded again). */
  billsAdded: number;
  flowsAdded: number;
  /** Lots whose operator did not answer, with its message. */
  failed: { lotCode: string; message: string }[];
}

const audit = (userId: string | null, now: string) => ({
  createUser: userId,
  createDept: null,
  createTime: now,
  updateUser: null,
  updateTime: null,
  status: 1,
  isDeleted: 0,
});

const dayOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A driver's bill as a row of the tenant's lot. */
export function billRow(
  tenantId: string,
  lotId: string,
  supId: string | null,
  b: DriverBill,
  now: string,
  userId: string | null,
): Insertable<ParkBillTable> {
  const right = b.rightDeduction > 0 || !!b.rightCode;
  const minutes =
    b.enterTime && b.leaveTime
      ? Math.max(
          0,
          Math.round(
            (Date.parse(b.leaveTime.replace(' ', 'T')) -
              Date.parse(b.enterTime.replace(' ', 'T'))) /
              60000,
          ),
        )
      : null;
  return {
    id: nextId(),
    tenantId,
    billNo: b.billNo,
    billType: b.billType,
    lotId,
    plateNo: b.plateNo,
    enterTime: b.enterTime ?? null,
    leaveTime: b.leaveTime ?? null,
    parkMinutes: b.billType === 'temporary' ? minutes : null,
    ticketStart: b.ticketStart ?? null,
    ticketEnd: b.ticketEnd ?? null,
    amountDue: b.amountDue,
    discountAmount: b.discountAmount,
    rightDeduction: b.rightDeduction,
    paidAmount: b.paidAmount,
    refundedAmount: 0,
    payChannel: b.payChannel ?? null,
    payTime: b.payTime ?? null,
    payMode: right ? 'right' : 'normal',
    supId: right ? supId : null,
    rightCode: b.rightCode ?? null,
    providerCode: b.providerCode ?? null,
    providerName: b.providerName ?? null,
    state: b.state,
    billTime: b.billTime,
    ...audit(userId, now),
  };
}

/** A smart-pay bill's deduction flow (flow number from the bill's: a reload finds it). */
export function flowRow(
  tenantId: string,
  lotId: string,
  b: DriverBill,
  now: string,
  userId: string | null,
): Insertable<ParkPayFlowTable> {
  return {
    id: nextId(),
    tenantId,
    flowNo: `F${b.billNo}`,
    billNo: b.billNo,
    lotId,
    plateNo: b.plateNo,
    flowType: 'deduct',
    amount: b.paidAmount,
    payChannel: b.payChannel ?? 'wechat',
    flowState: 'success',
    failReason: null,
    flowTime: b.payTime ?? b.billTime,
    ...audit(userId, now),
  };
}

/**
 * loadingParkData (issue 28 item 1): the named lots (none: every enabled lot) loaded from their
 * operator's driver: the operator's lot list updates their spaces (and, for a load of every lot,
 * adds the lots the tenant lacks), then each lot's bills of the last LOAD_DAYS days are recorded,
 * each bill number once per tenant (a reload adds nothing twice), with the smart-pay flows.
 * A lot whose operator fails is reported and the others go on; all failing is a 400.
 */
export async function loadParkData(
  ctx: Pick<AppContext, 'db' | 'config'>,
  a: { tenantId: string; lotIds: readonly string[]; userId: string | null },
): Promise<LoadOutcome> {
  const { db } = ctx;
  const all = a.lotIds.length === 0;
  const lotQuery = db
    .selectFrom('bladeParkLot')
    .select(['id', 'lotCode', 'operator', 'supId'])
    .where('tenantId', '=', a.tenantId)
    .where('isDeleted', '=', 0);
  const lots = all
    ? await lotQuery.where('enabled', '=', 1).orderBy('lotCode').execute()
    : await lotQuery
        .where('id', 'in', [...a.lotIds])
        .orderBy('lotCode')
        .execute();
  if (!all && lots.length !== new Set(a.lotIds).size) throw notFound();

  const out: LoadOutcome = { lots: 0, lotsAdded: 0, billsAdded: 0, flowsAdded: 0, failed: [] };
  const now = nowText();
  const failedOperators = new Map<string, string>();
  for (const operator of [...new Set(lots.map((l) => l.operator || 'sandbox'))]) {
    try {
      const listed = await parkingDriver(ctx, operator).listLots();
      const mine = new Map(lots.map((l) => [l.lotCode, l]));
      const known = new Set(
        (
          await db
            .selectFrom('bladeParkLot')
            .select('lotCode')
            .where('tenantId', '=', a.tenantId)
            .where('isDeleted', '=', 0)
            .execute()
        ).map((l) => l.lotCode),
      );
      for (const l of listed) {
        if (mine.has(l.lotCode))
          await db
            .updateTable('bladeParkLot')
            .set({ spaces: l.spaces, updateTime: now, updateUser: a.userId })
            .where('tenantId', '=', a.tenantId)
            .where('id', '=', mine.get(l.lotCode)!.id)
            .execute();
        else if (all && !known.has(l.lotCode)) {
          const id = nextId();
          await db
            .insertInto('bladeParkLot')
            .values({
              id,
              tenantId: a.tenantId,
              lotCode: l.lotCode,
              lotName: l.lotName,
              provinceCode: null,
              cityCode: null,
              districtCode: null,
              address: l.address ?? null,
              spaces: l.spaces,
              operator,
              supId: null,
              enabled: 1,
              ...audit(a.userId, now),
            })
            .execute();
          lots.push({ id, lotCode: l.lotCode, operator, supId: null });
          out.lotsAdded++;
        }
      }
    } catch (error) {
      if (!(error instanceof DriverError)) throw error;
      failedOperators.set(operator, error.message);
    }
  }

  const today = new Date();
  const from = new Date(today);
  from.setDate(from.getDate() - (LOAD_DAYS - 1));
  for (const lot of lots) {
    const operator = lot.operator || 'sandbox';
    const down = failedOperators.get(operator);
    if (down) {
      out.failed.push({ lotCode: lot.lotCode, message: down });
      continue;
    }
    let bills: DriverBill[];
    try {
      bills = await parkingDriver(ctx, operator).listBills(lot.lotCode, dayOf(from), dayOf(today));
    } catch (error) {
      if (!(error instanceof DriverError)) throw error;
      out.failed.push({ lotCode: lot.lotCode, message: error.message });
      continue;
    }
    out.lots++;
    await db.transaction().execute(async (trx) => {
      for (const part of chunks(bills, 200)) {
        const have = new Set(
          (
            await trx
              .selectFrom('bladeParkBill')
              .select('billNo')
              .where('tenantId', '=', a.tenantId)
              .where(
                'billNo',
                'in',
                part.map((b) => b.billNo),
              )
              .where('isDeleted', '=', 0)
              .execute()
          ).map((b) => b.billNo),
        );
        const fresh = part.filter((b) => !have.has(b.billNo));
        if (fresh.length === 0) continue;
        await trx
          .insertInto('bladeParkBill')
          .values(fresh.map((b) => billRow(a.tenantId, lot.id, lot.supId, b, now, a.userId)))
          .execute();
        out.billsAdded += fresh.length;
        const flows = fresh.filter((b) => b.smartPay);
        if (flows.length > 0) {
          await trx
            .insertInto('bladeParkPayFlow')
            .values(flows.map((b) => flowRow(a.tenantId, lot.id, b, now, a.userId)))
            .execute();
          out.flowsAdded += flows.length;
        }
      }
    });
  }
  if (out.lots === 0 && out.failed.length > 0) throw badRequest(out.failed[0]!.message);
  return out;
}
