import type { Insertable, Kysely } from 'kysely';
import { usccCheckChar } from '../../../src/contracts/platform-parking/park-invoice-setting.js';
import { PLATE_PROVINCES } from '../../../src/contracts/platform-parking/plate.js';
import { nextId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { ownerPhone } from '../../services/platform-parking/car/table.js';
import type {
  DB,
  ParkCarSubscribeTable,
  ParkCarTable,
  ParkInvoiceSettingTable,
  ParkPaySettingTable,
} from '../schema.js';
import { demoScale } from './demo-supplier.js';
import { audit } from './system.js';

/** Cars at full scale (issue 28 item 7: 500), for the money core's full demo volume. */
const FULL_CARS = 500;
const FULL_ORDERS = 20_000;

/**
 * Demo cars of tenant 000000 for a demo volume of `orders` (the money core's, config
 * demoOrders): 500 at the full 20,000, at least 40 (a test app's 200 orders), times DEMO_SCALE.
 * The demo tenant gets a tenth (at least 5). Subscriptions: one car in four.
 */
export function demoCarCounts(orders = FULL_ORDERS, scale = demoScale()) {
  const platform = Math.max(40, Math.round((FULL_CARS * orders) / FULL_ORDERS)) * scale;
  return { '000000': platform, '100001': Math.max(5, Math.round(platform / 10)) } as const;
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const ALNUM = `0123456789${LETTERS}`;
const SURNAMES = '王李张刘陈杨赵黄周吴徐孙马朱胡郭何林罗高';
const GIVEN = ['伟', '芳', '娜', '敏', '静', '强', '磊', '洋', '艳', '杰', '军', '勇'];
const CHANNELS = ['wechat', 'alipay', 'app', 'right'] as const;
const DAY = 86_400_000;

/** A plate for car `i`: every fifth a new-energy (8, green), every seventh yellow, else blue. */
function plateOf(i: number): { plateNo: string; plateType: string } {
  const province = PLATE_PROVINCES[i % 7 === 0 ? (i * 13) % PLATE_PROVINCES.length : 25]!;
  const letter = LETTERS[(i * 7) % 12]!;
  const n = String((i * 7919) % 100_000).padStart(5, '0');
  if (i % 5 === 0)
    return { plateNo: `${province}${letter}${i % 2 ? 'F' : 'D'}${n}`, plateType: 'green' };
  const tail = `${ALNUM[(i * 31) % ALNUM.length]}${n.slice(1)}`;
  return { plateNo: `${province}${letter}${tail}`, plateType: i % 7 === 3 ? 'yellow' : 'blue' };
}

/** A valid unified social credit code (its check character computed) for lot `i`. */
function taxNoOf(i: number): string {
  const body = `91440300${String(7_000_000 + i * 7717).padStart(9, '0')}`.slice(0, 17);
  return body + usccCheckChar(body);
}

/**
 * Cars bound to the demo lots (owner phones sealed when the server's secret is given),
 * subscriptions (some active, some expired, every channel), a pay setting for every lot but the
 * last of each tenant (its dialog shows the defaults) and an invoice setting for two lots in
 * three. Call after seedDemoParkLots.
 */
export async function seedDemoParkingCars(
  db: Kysely<DB>,
  secrets: { jwtSecret: string } | undefined,
  { orders = FULL_ORDERS, now = Date.now() }: { orders?: number; now?: number } = {},
): Promise<void> {
  const counts = demoCarCounts(orders);
  for (const [tenantId, count] of Object.entries(counts)) {
    const lots = await db
      .selectFrom('bladeParkLot')
      .select(['id', 'lotName'])
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .orderBy('lotCode')
      .execute();
    if (lots.length === 0) continue;
    const cars: Insertable<ParkCarTable>[] = [];
    const subs: Insertable<ParkCarSubscribeTable>[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < count; i++) {
      const { plateNo, plateType } = plateOf(i);
      const lot = lots[i % lots.length]!;
      if (seen.has(`${lot.id}\n${plateNo}`)) continue;
      seen.add(`${lot.id}\n${plateNo}`);
      const phone = `139${String(10_000_000 + ((i * 104_729) % 90_000_000)).slice(0, 8)}`;
      const bound = now - ((i * 37) % 180) * DAY - (i % 24) * 3_600_000;
      cars.push({
        id: nextId(),
        tenantId,
        plateNo,
        plateType,
        ownerName: `${SURNAMES[i % SURNAMES.length]}${GIVEN[i % GIVEN.length]}`,
        ownerPhone: secrets ? ownerPhone.seal(secrets, phone) : null,
        lotId: lot.id,
        bindTime: formatDateTime(new Date(bound)),
        enabled: i % 9 === 8 ? 0 : 1,
        ...audit(),
        createTime: formatDateTime(new Date(bound)),
        version: 1,
      });
      if (i % 4 === 0) {
        // Half still running (started a month ago, a year long), half ended last month.
        const start = now - (i % 8 === 0 ? 30 : 400) * DAY;
        subs.push({
          id: nextId(),
          tenantId,
          plateNo,
          lotId: lot.id,
          startTime: formatDateTime(new Date(start)),
          endTime: formatDateTime(new Date(start + 365 * DAY)),
          channel: CHANNELS[(i / 4) % CHANNELS.length]!,
          ...audit(),
          createTime: formatDateTime(new Date(start)),
        });
      }
    }
    for (let i = 0; i < cars.length; i += 200)
      await db
        .insertInto('bladeParkCar')
        .values(cars.slice(i, i + 200))
        .execute();
    for (let i = 0; i < subs.length; i += 200)
      await db
        .insertInto('bladeParkCarSubscribe')
        .values(subs.slice(i, i + 200))
        .execute();

    const pays: Insertable<ParkPaySettingTable>[] = lots.slice(0, -1).map((lot, i) => ({
      id: nextId(),
      tenantId,
      lotId: lot.id,
      freeMinutes: [15, 30, 0][i % 3]!,
      pricePerHour: [500, 800, 1000, 600][i % 4]!,
      dailyCap: [5000, 6000, 0][i % 3]!,
      monthPrice: [30_000, 45_000, 60_000][i % 3]!,
      channels: ['wechat,alipay', 'wechat', 'wechat,alipay,unionpay', 'alipay,etc'][i % 4]!,
      merchantNo: `1600${String(100_000 + i * 37).padStart(6, '0')}`,
      ...audit(),
      version: 1,
    }));
    if (pays.length > 0) await db.insertInto('bladeParkPaySetting').values(pays).execute();
    const invoices: Insertable<ParkInvoiceSettingTable>[] = lots
      .filter((_, i) => i % 3 !== 2)
      .map((lot, i) => ({
        id: nextId(),
        tenantId,
        lotId: lot.id,
        sellerName: `${lot.lotName.replace(/停车场\d*$/, '')}停车管理有限公司`,
        taxNo: taxNoOf(i),
        invoiceType: i % 4 === 3 ? 'special' : 'normal',
        provider: ['platform', 'baiwang', 'nuonuo'][i % 3]!,
        contactName: `${SURNAMES[i % SURNAMES.length]}经理`,
        contactPhone: `0755-8${String(1_000_000 + i * 4711).slice(-7)}`,
        enabled: i % 5 === 4 ? 0 : 1,
        ...audit(),
        version: 1,
      }));
    if (invoices.length > 0)
      await db.insertInto('bladeParkInvoiceSetting').values(invoices).execute();
  }
}
