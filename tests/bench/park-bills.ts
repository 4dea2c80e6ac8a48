import type { Insertable } from 'kysely';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/db/seed/demo';
import type { ParkBillTable } from '../../server/db/schema';
import { nowText } from '../../server/lib/time';
import { billRow } from '../../server/services/platform-parking/bill/load';
import { sandboxBill } from '../../server/services/platform-parking/driver/sandbox';
import { quantile } from './harness';
import { benchApp } from './in-process';

/** BENCH_BILL_ROWS overrides the count (a quick look at the plans); the figure is at 1M. */
const ROWS = Number(process.env.BENCH_BILL_ROWS) || 1_000_000;
/** The demo tenant's lots (6). */
const LOTS = 20;
const DAYS = 180;
/** ~32 columns a row: 1,000 rows stay under SQLite's 32766 bound parameters. */
const INSERT_CHUNK = 1_000;
const REQUESTS = 200;
/** The target for a bill list's p95 with a date filter. */
const TARGET_MS = 50;
const TENANT = DEMO_TENANT;
const API = '/api/blade-quanyi-platform-parking/parking';

const summary = (samples: number[]) =>
  `median ${quantile(samples, 0.5).toFixed(1)} ms, p95 ${quantile(samples, 0.95).toFixed(1)} ms (n=${String(samples.length)})`;
const dayOf = (offset: number) =>
  new Date(Date.now() - offset * 86400_000).toISOString().slice(0, 10);

/**
 * `npm run bench -- --park-bills`: the server in this process on the embedded SQLite database,
 * 1,000,000 parking bills of the demo tenant's lots over 180 days (the sandbox operator's bills, one in ten a
 * month ticket, one in five paid with a right) inserted directly. Prints the temporary bill
 * list's latency over loopback HTTP (median, p95 of 200 requests, first page of 10 with its total)
 * for a random range of 1 to 31 days (the console's clamp) against the target (p95 <= 50
 * ms), the same range on one lot, and the provider (权益) list over a range.
 */
export async function benchParkBills(): Promise<void> {
  const bench = await benchApp('park-bills');
  const { app } = bench;
  try {
    const { db } = app.ctx;
    const lots = await db
      .selectFrom('bladeParkLot')
      .select(['id', 'lotCode', 'supId'])
      .where('tenantId', '=', TENANT)
      .where('isDeleted', '=', 0)
      .orderBy('lotCode')
      .limit(LOTS)
      .execute();
    console.log(
      `## Parking bill list: ${ROWS.toLocaleString('en')} bills of ${String(lots.length)} lots over ${String(DAYS)} days, embedded SQLite`,
    );
    const t0 = performance.now();
    const perLotDay = Math.ceil(ROWS / (lots.length * DAYS));
    const now = nowText();
    let written = 0;
    let chunk: Insertable<ParkBillTable>[] = [];
    const flush = async () => {
      if (chunk.length) await db.insertInto('bladeParkBill').values(chunk).execute();
      chunk = [];
    };
    for (let d = 0; d < DAYS && written < ROWS; d++) {
      const day = dayOf(d);
      for (const lot of lots) {
        for (let i = 0; i < perLotDay && written < ROWS; i++, written++) {
          const b = sandboxBill(
            `B${lot.lotCode}`,
            day,
            100 + i,
            i % 10 === 9 ? 'monthTicket' : 'temporary',
          );
          chunk.push(billRow(TENANT, lot.id, lot.supId ?? null, b, now, null));
          if (chunk.length === INSERT_CHUNK) await flush();
        }
      }
    }
    await flush();
    console.log(
      `seed: ${((performance.now() - t0) / 1000).toFixed(1)} s (${written.toLocaleString('en')} bills)`,
    );

    const { url, headers } = await bench.listenAs('admin', DEMO_PASSWORD, TENANT);
    const timed = async (path: string, query: () => Record<string, string>) => {
      const out: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const q = new URLSearchParams({ current: '1', size: '10', ...query() }).toString();
        const start = performance.now();
        const res = await fetch(`${url}${API}/${path}/list?${q}`, { headers });
        const body = (await res.json()) as { data: { total: number } };
        out.push(performance.now() - start);
        if (!res.ok || typeof body.data?.total !== 'number')
          throw new Error(`unexpected answer ${String(res.status)} ${JSON.stringify(body)}`);
      }
      return out.sort((a, b) => a - b);
    };
    const range = () => {
      const from = Math.floor(Math.random() * (DAYS - 31));
      const span = 1 + Math.floor(Math.random() * 31);
      return {
        billTime_datege: `${dayOf(from + span - 1)} 00:00:00`,
        billTime_datele: `${dayOf(from)} 23:59:59`,
      };
    };
    const ranged = await timed('temporary-bill', range);
    console.log(
      `temporary bills, 1-31 day range: ${summary(ranged)} (target p95 ≤ ${String(TARGET_MS)} ms)`,
    );
    const month = await timed('temporary-bill', () => ({
      billTime_datege: `${dayOf(30)} 00:00:00`,
      billTime_datele: `${dayOf(0)} 23:59:59`,
    }));
    console.log(`temporary bills, the last 31 days: ${summary(month)}`);
    const lot = await timed('temporary-bill', () => ({
      ...range(),
      lotId: lots[Math.floor(Math.random() * lots.length)]!.id,
    }));
    console.log(`one lot, 1-31 day range: ${summary(lot)}`);
    const provider = await timed('right-temporary-bill', range);
    console.log(`provider (权益) temporary bills, 1-31 day range: ${summary(provider)}`);
  } finally {
    await bench.close();
  }
}
