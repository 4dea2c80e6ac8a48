import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { quantile } from './harness';

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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quanyi-bench-report-'));
  const app = await buildApp({
    config: {
      dataDir,
      databaseUrl: undefined,
      captcha: false,
      demoData: true,
      staticDir: undefined,
      tokenRateLimit: 100_000,
      listRateLimit: 0,
    },
    exportWorker: false,
  });
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
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const url = `http://127.0.0.1:${String(port)}`;
    const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
    const q = new URLSearchParams({
      tenantId: '000000',
      username: 'finance',
      password: app.ctx.rsa.encrypt(DEMO_PASSWORD),
      grant_type: 'password',
    });
    const token = (
      (await (
        await fetch(`${url}/api/blade-auth/oauth/token`, {
          method: 'POST',
          body: q,
          headers: { Authorization: basic },
        })
      ).json()) as { access_token: string }
    ).access_token;
    const headers = { 'Blade-Auth': `bearer ${token}` };
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
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
