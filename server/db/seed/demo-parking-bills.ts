import type { Insertable, Kysely } from 'kysely';
import type { DB, ParkBillRefundTable, ParkBillTable, ParkPayFlowTable } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { billRow, flowRow } from '../../services/platform-parking/bill/load.js';
import { sandboxBill } from '../../services/platform-parking/driver/sandbox.js';
import { demoScale } from './demo-supplier.js';

/** Days of demo bills, ending today. */
export const DEMO_BILL_DAYS = 90;
/** Bills per demo order (config.demoOrders 20,000: ~50,000 bills in tenant 000000). */
const BILLS_PER_ORDER = 2.5;
const BATCH = 500;

/**
 * Parking bills of the demo lots over the last 90 days (issue 28 item 1), the sandbox operator's
 * own bills (the same numbers a load finds, so a load adds nothing twice), about one in twelve a
 * month ticket; about one paid bill in 40 refunded (every other one in part), the smart-pay ones
 * with their flows. Volume follows config.demoOrders and DEMO_SCALE; the demo tenant gets a tenth.
 * Call after seedDemoParkLots.
 */
export async function seedDemoParkBills(
  db: Kysely<DB>,
  { orders = 20_000, now = Date.now() }: { orders?: number; now?: number } = {},
): Promise<void> {
  const nowText = formatDateTime(new Date(now));
  for (const [tenantId, share] of [
    ['000000', 1],
    ['100001', 0.1],
  ] as const) {
    const lots = await db
      .selectFrom('bladeParkLot')
      .select(['id', 'lotCode', 'supId'])
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .orderBy('lotCode')
      .execute();
    if (lots.length === 0) continue;
    const total = Math.round(orders * BILLS_PER_ORDER * demoScale() * share);
    const perLotDay = total / (lots.length * DEMO_BILL_DAYS);
    const bills: Insertable<ParkBillTable>[] = [];
    const flows: Insertable<ParkPayFlowTable>[] = [];
    const refunds: Insertable<ParkBillRefundTable>[] = [];
    const flush = async (force: boolean) => {
      for (const [table, rows] of [
        ['bladeParkBill', bills],
        ['bladeParkPayFlow', flows],
        ['bladeParkBillRefund', refunds],
      ] as const)
        if (rows.length >= BATCH || (force && rows.length > 0))
          await db
            .insertInto(table)
            .values(rows.splice(0) as never)
            .execute();
    };
    let seq = 0;
    for (let d = DEMO_BILL_DAYS - 1; d >= 0; d--) {
      const date = new Date(now - d * 86_400_000);
      const day = formatDateTime(date).slice(0, 10);
      for (const [l, lot] of lots.entries()) {
        // Spread the fraction: lot l gets one more bill on the days its share adds up.
        const count =
          Math.floor(perLotDay * (d + 1) + l / lots.length) -
          Math.floor(perLotDay * d + l / lots.length);
        for (let i = 0; i < count; i++) {
          const monthTicket = (seq + i) % 12 === 11;
          const b = sandboxBill(lot.lotCode, day, i, monthTicket ? 'monthTicket' : 'temporary');
          if (b.billTime > nowText) continue;
          const row = billRow(tenantId, lot.id, lot.supId, b, b.billTime, null);
          if (b.smartPay) flows.push(flowRow(tenantId, lot.id, b, b.billTime, null));
          seq++;
          if (row.state === 'paid' && Number(row.paidAmount) > 1 && seq % 40 === 0) {
            const whole = seq % 80 === 0;
            const amount = whole ? Number(row.paidAmount) : Math.floor(Number(row.paidAmount) / 2);
            row.refundedAmount = amount;
            row.state = whole ? 'refunded' : 'partRefunded';
            const id = nextId();
            if (b.smartPay)
              flows.push({
                ...flowRow(tenantId, lot.id, b, b.billTime, null),
                flowNo: `FR${id}`,
                flowType: 'refund',
                amount,
              });
            refunds.push({
              id,
              tenantId,
              refundNo: `PR${day.replaceAll('-', '')}${id}`,
              billId: row.id,
              billNo: row.billNo,
              amount,
              reason: whole ? '车主申诉，全额退款' : '计费异常，部分退款',
              state: 'refunded',
              operatorRefundNo: `SBR${row.billNo}`,
              createUser: null,
              createDept: null,
              createTime: b.billTime,
              updateUser: null,
              updateTime: null,
              status: 1,
              isDeleted: 0,
            });
          }
          bills.push(row);
        }
        await flush(false);
      }
    }
    await flush(true);
  }
}
