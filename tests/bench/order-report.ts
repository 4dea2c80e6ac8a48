import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { quantile } from './harness';
import { benchApp } from './in-process';

const REQUESTS = 50;

function summary(samples: number[]): string {
  return (
    `median ${quantile(samples, 0.5).toFixed(1)} ms, ` +
    `p95 ${quantile(samples, 0.95).toFixed(1)} ms (n=${String(samples.length)})`
  );
}

/**
 * `npm run bench -- --order-report`: the supplier order reports (issue 18 item 5) over the demo
 * data (DEMO_ORDERS supplier orders over 90 days, times DEMO_SCALE; tenant 000000) on the
 * embedded SQLite database: each report page (sums, charts and the page, all in SQL) over
 * loopback HTTP as `finance` with the default ranges (sale reports: the last 30 days; project
 * report: 12 months), and with a supplier filter. Figures only.
 */
export async function benchOrderReport(): Promise<void> {
  const bench = await benchApp('report');
  const { app } = bench;
  try {
    const db = app.ctx.db;
    const orders = await db
      .selectFrom('bladeSupOrder')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenantId', '=', '000000')
      .executeTakeFirst();
    const sup = await db
      .selectFrom('bladeSupOrder')
      .select('supId')
      .where('tenantId', '=', '000000')
      .limit(1)
      .executeTakeFirst();
    console.log(
      `## Supplier order reports: ${Number(orders?.n ?? 0).toLocaleString('en')} orders in tenant 000000, embedded SQLite`,
    );
    const { url, headers } = await bench.listenAs('finance', DEMO_PASSWORD, '000000');
    const base = `${url}/api/blade-quanyi-platform-supplier/sup-order-report`;
    const supFilter = sup ? `&supId=${sup.supId}` : '';
    for (const call of [
      'list',
      'saleReportPage',
      'saleReturnReportPage',
      'saleDetailReportPage',
      'saleReturnDetailReportPage',
    ])
      for (const [label, query] of [
        ['default range', 'current=1&size=10'],
        ['one supplier', `current=1&size=10${supFilter}`],
      ] as const) {
        const samples: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const start = performance.now();
          const res = await fetch(`${base}/${call}?${query}`, { headers });
          if (res.status !== 200) throw new Error(`${call}: ${String(res.status)}`);
          await res.arrayBuffer();
          samples.push(performance.now() - start);
        }
        console.log(`GET sup-order-report/${call} ${label}: ${summary(samples)}`);
      }
  } finally {
    await bench.close();
  }
}
