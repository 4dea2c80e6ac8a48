import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/db/seed/demo';
import { nextId } from '../../server/lib/ids';
import { formatDateTime } from '../../server/lib/time';
import { quantile } from './harness';
import { benchApp } from './in-process';

const ROWS = 100_000;
const INSERT_CHUNK = 500;
const REQUESTS = 200;
/** The target for the list's p95. */
const TARGET_MS = 50;

function summary(samples: number[]): string {
  return (
    `median ${quantile(samples, 0.5).toFixed(1)} ms, ` +
    `p95 ${quantile(samples, 0.95).toFixed(1)} ms (n=${String(samples.length)})`
  );
}

/**
 * `npm run bench -- --supplier-goods`: the server in this process on the embedded SQLite database
 * (a file under a temp DATA_DIR), 100,000 supplier goods of the demo tenant's 8 suppliers seeded
 * directly. Prints the goods list's latency over loopback HTTP (median, p95 of 200 requests) for
 * the screen's usual queries, against the target (p95 <= 50 ms). Figures only.
 */
export async function benchSupplierGoods(): Promise<void> {
  const bench = await benchApp('goods');
  const { app } = bench;
  try {
    const db = app.ctx.db;
    const suppliers = await db
      .selectFrom('bladeSup')
      .select(['id', 'supCode'])
      .where('tenantId', '=', DEMO_TENANT)
      .where('isDeleted', '=', 0)
      .execute();
    if (suppliers.length === 0) throw new Error('no demo suppliers');
    console.log(
      `## Supplier goods list: ${ROWS.toLocaleString('en')} goods of ${String(suppliers.length)} suppliers, embedded SQLite`,
    );
    let t0 = performance.now();
    // Created over the last 90 days, so the default order (newest first) has work to do.
    const since = Date.now() - 90 * 86400_000;
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < ROWS; start += INSERT_CHUNK) {
        const rows = [];
        for (let i = start; i < Math.min(ROWS, start + INSERT_CHUNK); i++) {
          const face = 100 * (5 + (i % 200));
          const time = formatDateTime(new Date(since + Math.floor((i * 90 * 86400_000) / ROWS)));
          rows.push({
            id: nextId(),
            tenantId: DEMO_TENANT,
            supId: suppliers[i % suppliers.length]!.id,
            goodCode: `G${String(i).padStart(6, '0')}`,
            goodName: `商品${String(i % 5000)}号${['券', '卡', '直充'][i % 3]!}`,
            goodType: (i % 3) + 1,
            marketAmount: face,
            costPrice: Math.floor((face * (850 + (i % 140))) / 1000),
            validDays: 365,
            validEnd: null,
            onShelf: i % 4 === 0 ? 0 : 1,
            stockWarn: null,
            validTimeWarn: null,
            interfaceGoodCode: null,
            signMethod: null,
            remark: null,
            createUser: null,
            createDept: null,
            createTime: time,
            updateUser: null,
            updateTime: time,
            status: i % 10 === 0 ? 0 : 1,
            isDeleted: 0,
            version: 1,
          });
        }
        await trx.insertInto('bladeSupGood').values(rows).execute();
      }
    });
    console.log(`seed: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const { url, headers } = await bench.listenAs('admin', DEMO_PASSWORD, DEMO_TENANT);

    const timed = async (query: string) => {
      const out: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const start = performance.now();
        const res = await fetch(
          `${url}/api/blade-quanyi-platform-supplier/sup-good/list?${query}`,
          {
            headers,
          },
        );
        if (res.status !== 200) throw new Error(`${query}: ${String(res.status)}`);
        await res.arrayBuffer();
        out.push(performance.now() - start);
      }
      return out;
    };
    t0 = performance.now();
    const sup = suppliers[0]!.id;
    const cases: [label: string, query: string][] = [
      ['page 1 of 10, no filter (newest first)', 'current=1&size=10'],
      ['page 1 of 50, no filter', 'current=1&size=50'],
      ['page 1000 of 10, no filter', 'current=1000&size=10'],
      ['filtered: supplier (equality)', `current=1&size=10&supId=${sup}`],
      ['filtered: type + on shelf + enabled', 'current=1&size=10&goodType=2&onShelf=1&status=1'],
      ['filtered: goodCode (contains)', 'current=1&size=10&goodCode=G0123'],
      [
        'filtered: goodName (contains) + supplier',
        `current=1&size=10&supId=${sup}&goodName=${encodeURIComponent('商品42')}`,
      ],
      ['sorted: face value desc', 'current=1&size=10&descs=market_amount'],
    ];
    let worst = 0;
    for (const [label, query] of cases) {
      const samples = await timed(query);
      worst = Math.max(worst, quantile(samples, 0.95));
      console.log(`GET sup-good/list ${label}: ${summary(samples)}`);
    }
    console.log(
      `worst p95 ${worst.toFixed(1)} ms (target <= ${String(TARGET_MS)} ms: ${worst <= TARGET_MS ? 'met' : 'NOT met'}); ` +
        `${((performance.now() - t0) / 1000).toFixed(1)} s for all requests`,
    );
  } finally {
    await bench.close();
  }
}
