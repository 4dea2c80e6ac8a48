import { createHash } from 'node:crypto';
import { PARKING_DRIVER_TEXTS as T } from '../../../../src/contracts/platform-parking/park-bill.js';
import { sandboxSettings } from '../../platform-supplier/driver/sandbox.js';
import { DriverError, type DriverBill, type DriverLot, type ParkingDriver } from './types.js';

/**
 * The embedded parking operator (driver `sandbox`): lots and bills drawn from the lot code and
 * the day, the same every time, so a reload finds the same bill numbers. Latency and failures
 * on request: PARKING_SANDBOX=`sandbox://?latency=200&failureRate=1&refuse=1` (config.parking.
 * sandbox); a failure is DriverError `unavailable` (no answer), a latency beyond the timeout
 * `timeout`, `refuse=1` refuses every refund (`refused`). A refund number is the operator's
 * answer to our number, the same each time it is asked.
 */

const PLATES = '京沪粤苏浙川鄂湘';
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXY';
const CHANNELS = ['wechat', 'alipay', 'unionpay', 'etc'] as const;
export const SANDBOX_PROVIDERS = [
  { code: 'SP001', name: '畅行权益服务商' },
  { code: 'SP002', name: '车主无忧服务商' },
] as const;

const draw = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\n')).digest().readUInt32BE(0);
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const at = (day: string, minutes: number) =>
  `${day} ${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}:00`;

/** How many temporary bills a lot has on a day (3 to 8) and whether a month ticket sold. */
export const billsOfDay = (lotCode: string, day: string) => ({
  temporary: 3 + (draw(lotCode, day, 'n') % 6),
  monthTicket: draw(lotCode, day, 'm') % 4 === 0 ? 1 : 0,
});

/** The `i`th bill of a lot on a day (deterministic; the demo seeds the same ones). */
export function sandboxBill(
  lotCode: string,
  day: string,
  i: number,
  billType: DriverBill['billType'],
): DriverBill {
  const n = draw(lotCode, day, billType, String(i));
  const plateNo = `${PLATES[n % PLATES.length]}${LETTERS[(n >>> 4) % LETTERS.length]}${pad(n % 100000, 5)}`;
  const right = n % 5 === 0;
  const provider = SANDBOX_PROVIDERS[(n >>> 8) % SANDBOX_PROVIDERS.length]!;
  const unpaid = n % 23 === 0;
  const start = 6 * 60 + ((n >>> 6) % (14 * 60));
  const minutes = 15 + ((n >>> 12) % 300);
  const due =
    billType === 'temporary' ? 500 * Math.ceil(minutes / 60) : 30000 + ((n >>> 3) % 3) * 10000;
  const discount = n % 7 === 0 ? 200 : 0;
  const deduction = right ? Math.min(due - discount, billType === 'temporary' ? 1000 : 10000) : 0;
  const paid = unpaid ? 0 : due - discount - deduction;
  const leave = Math.min(start + minutes, 23 * 60 + 59);
  const billTime = at(day, billType === 'temporary' ? leave : start);
  const no = `${billType === 'temporary' ? 'T' : 'M'}${lotCode}${day.replaceAll('-', '')}${pad(i, 3)}`;
  return {
    billNo: no,
    billType,
    plateNo,
    ...(billType === 'temporary'
      ? { enterTime: at(day, start), leaveTime: billTime }
      : { ticketStart: `${day} 00:00:00`, ticketEnd: endOfTicket(day) }),
    amountDue: due,
    discountAmount: discount,
    rightDeduction: deduction,
    paidAmount: paid,
    payChannel: unpaid ? null : paid === 0 ? 'right' : CHANNELS[(n >>> 2) % CHANNELS.length]!,
    payTime: unpaid ? null : billTime,
    rightCode: right ? `R${pad(n % 1_000_000, 8)}` : null,
    providerCode: right ? provider.code : null,
    providerName: right ? provider.name : null,
    state: unpaid ? 'unpaid' : 'paid',
    billTime,
    smartPay: !unpaid && paid > 0 && n % 3 === 0,
  };
}

/** A month ticket from `day`: to the day before the same day next month, 23:59:59. */
function endOfTicket(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(d.getUTCDate() - 1);
  return `${d.toISOString().slice(0, 10)} 23:59:59`;
}

/** Every day from `from` to `to` ('yyyy-MM-dd'), at most 92. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (d <= end && out.length < 92) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/** The sandbox operator's own lots (a load of every lot adds those the tenant lacks). */
export const SANDBOX_LOTS: DriverLot[] = Array.from({ length: 3 }, (_, i) => ({
  lotCode: `SBX${pad(i + 1)}`,
  lotName: `沙箱停车场${i + 1}`,
  spaces: 100 + i * 50,
}));

export function sandboxParkingDriver(options: {
  timeoutMs: number;
  /** PARKING_SANDBOX: `sandbox://?latency=..&failureRate=..&refuse=1`. */
  settings?: string | undefined;
  random?: () => number;
}): ParkingDriver {
  const random = options.random ?? Math.random;
  async function behave() {
    const { latencyMs, failureRate } = sandboxSettings(options.settings);
    if (latencyMs > 0) {
      await new Promise((r) => setTimeout(r, Math.min(latencyMs, options.timeoutMs)));
      if (latencyMs > options.timeoutMs) throw new DriverError('timeout', T.timeout.zh);
    }
    if (failureRate >= 1 || (failureRate > 0 && random() < failureRate))
      throw new DriverError('unavailable', T.unavailable.zh);
  }
  return {
    name: 'sandbox',
    async listLots() {
      await behave();
      return SANDBOX_LOTS.map((l) => ({ ...l }));
    },
    async listBills(lotCode, from, to) {
      await behave();
      return daysBetween(from, to).flatMap((day) => {
        const n = billsOfDay(lotCode, day);
        return [
          ...Array.from({ length: n.temporary }, (_, i) =>
            sandboxBill(lotCode, day, i, 'temporary'),
          ),
          ...Array.from({ length: n.monthTicket }, (_, i) =>
            sandboxBill(lotCode, day, i, 'monthTicket'),
          ),
        ];
      });
    },
    async refund(bill, fen, outRefundNo) {
      await behave();
      if (/[?&]refuse=1(&|$)/.test(options.settings ?? ''))
        throw new DriverError('refused', T.refused.zh);
      const digest = createHash('sha256').update(`${bill.billNo}\n${fen}\n${outRefundNo}`);
      return { refundNo: `SBR${digest.digest('hex').slice(0, 20)}` };
    },
  };
}
