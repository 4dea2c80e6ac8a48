import { rmSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { nextId } from '../../server/lib/ids';
import { nowText } from '../../server/lib/time';
import { insertApp, insertClient } from '../../server/services/platform-client/test-fixtures';
import { feedPlans } from '../../server/services/platform-supplier/advert/events/feed-driver';
import { rollUpAdEvents } from '../../server/services/platform-supplier/advert/events/rollup';
import { adRollupWorker } from '../../server/services/platform-supplier/advert/events/worker';
import { argValue, emptyBenchApp, mb } from './bench-kit';
import { quantile } from './harness';
import type { AdClientsJob, AdClientsResult } from './ad-events-clients';

const TENANT = '000000';
const PLANS = 10;
const CLIENTS = 4;
const TARGET_RATE = 20_000;

/**
 * `npm run bench -- --ad-events [--events N]` (issue 28 item 3): N delivery events (default
 * 1,000,000) from the sandbox feed ingested through the real signed HTTP call (batches of 1,000,
 * 4 keep-alive clients in a worker thread), the server listening on loopback in this process on
 * the embedded SQLite database (a file under a temp DATA_DIR). Prints events/s (target >= 20,000),
 * the process's RSS at the start, every 200,000 events and at the end, then the roll-up's
 * events/s over everything ingested (the roll-up job is held during the ingestion, so each figure
 * is its own) and the check that the day roll-up counts every event.
 */
export async function benchAdEvents(): Promise<void> {
  const events = argValue('--events', 1_000_000);
  const { app, dataDir } = await emptyBenchApp('adev');
  try {
    const { db } = app.ctx;
    const audit = {
      createUser: null,
      createDept: null,
      createTime: nowText(),
      updateUser: null,
      updateTime: null,
      status: 1,
      isDeleted: 0,
    };
    for (let i = 0; i < PLANS; i++) {
      const positionId = nextId();
      await db
        .insertInto('bladeAdPlan')
        .values({
          id: nextId(),
          tenantId: TENANT,
          planName: `压测计划${String(i)}`,
          advertiserId: nextId(),
          materialIds: nextId(),
          positionIds: positionId,
          lotIds: null,
          startDate: nowText().slice(0, 10),
          endDate: '2099-12-31',
          dailyBudget: 1e12,
          totalBudget: 1e13,
          bid: 100 + i * 10,
          state: 'running',
          pauseFlag: 0,
          remark: null,
          ...audit,
        })
        .execute();
      await db
        .insertInto('bladeFlowMaster')
        .values({
          id: nextId(),
          tenantId: TENANT,
          masterName: `压测流量主${String(i)}`,
          contactName: null,
          contactPhone: null,
          positionIds: positionId,
          shareRate: 3000,
          settleAccount: null,
          enabled: 1,
          ...audit,
        })
        .execute();
    }
    const caller = await insertApp(app.ctx, TENANT, await insertClient(db, TENANT, 'ADFEED'), {
      rateLimit: 100_000_000,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    // Held during the ingestion: the roll-up is measured on its own afterwards.
    await adRollupWorker(app.ctx).stop();
    const address = app.server.address();
    const url = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
    const plans = await feedPlans(db, TENANT);
    const now = Date.now();
    const from = now - 6 * 86_400_000;
    const to = now - 60_000;
    // Impressions per plan and day so that the whole feed is about `events` (4% more follow).
    const impressionsPerDay = Math.ceil((events / (plans.length * 6)) * 1.02);
    console.log(
      `## Ad delivery events: ${events.toLocaleString('en')} events through the signed ingest call, ` +
        `${String(CLIENTS)} keep-alive clients, batches of 1,000, embedded SQLite`,
    );
    const rss = [`start ${mb(process.memoryUsage().rss)}`];
    const heap = [`start ${mb(process.memoryUsage().heapUsed)}`];
    const elu0 = performance.eventLoopUtilization();
    const result = await runClients(
      {
        url,
        caller: { appKey: caller.appKey, secret: caller.secret },
        clients: CLIENTS,
        events,
        step: 200_000,
        plans,
        from,
        to,
        impressionsPerDay,
      },
      (n) => {
        rss.push(`${(n / 1000).toFixed(0)}k ${mb(process.memoryUsage().rss)}`);
        heap.push(`${(n / 1000).toFixed(0)}k ${mb(process.memoryUsage().heapUsed)}`);
      },
    );
    const busy = performance.eventLoopUtilization(elu0);
    rss.push(`end ${mb(process.memoryUsage().rss)}`);
    heap.push(`end ${mb(process.memoryUsage().heapUsed)}`);
    if (result.firstRefusal) console.log(`first refusal: ${result.firstRefusal}`);
    const rate = (result.sent * 1000) / result.wallMs;
    console.log(
      `${result.sent.toLocaleString('en')} events (${String(result.calls)} calls, ${String(result.failed)} failed, ` +
        `${result.accepted.toLocaleString('en')} accepted) in ${(result.wallMs / 1000).toFixed(1)} s: ` +
        `${rate.toFixed(0)} events/s (target >= ${TARGET_RATE.toLocaleString('en')}); per call of 1,000 ` +
        `p50 ${quantile(result.samples, 0.5).toFixed(1)} ms, p95 ${quantile(result.samples, 0.95).toFixed(1)} ms`,
    );
    console.log(
      `server thread ${(busy.utilization * 100).toFixed(0)}% busy, clients' thread ${(result.busy * 100).toFixed(0)}%; ` +
        `load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(`RSS of the process (server and the clients' thread): ${rss.join(', ')}`);
    console.log(`server heap used: ${heap.join(', ')}`);

    const r0 = performance.now();
    let rolled = 0;
    for (let n; (n = await rollUpAdEvents(db)) > 0;) rolled += n;
    const rollMs = performance.now() - r0;
    console.log(
      `roll-up: ${rolled.toLocaleString('en')} events in ${(rollMs / 1000).toFixed(1)} s: ` +
        `${((rolled * 1000) / rollMs).toFixed(0)} events/s (batches of 5,000); RSS ${mb(process.memoryUsage().rss)}`,
    );
    const day = await db
      .selectFrom('bladeAdRollupDay')
      .select((eb) => [
        eb.fn.sum<number>('impressions').as('i'),
        eb.fn.sum<number>('clicks').as('c'),
        eb.fn.sum<number>('conversions').as('v'),
      ])
      .executeTakeFirstOrThrow();
    const costs = await db
      .selectFrom('bladeAdEvent')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('eventType', '=', 'cost')
      .executeTakeFirstOrThrow();
    const counted = Number(day.i) + Number(day.c) + Number(day.v) + Number(costs.n);
    console.log(
      `check: day roll-up counts ${counted.toLocaleString('en')} of ${result.accepted.toLocaleString('en')} stored events`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The clients in a worker thread (ad-events-clients.ts). */
function runClients(job: AdClientsJob, onStep: (n: number) => void): Promise<AdClientsResult> {
  // A worker does not get this process's TypeScript loader: it registers tsx, then loads the file.
  const tsx = import.meta.resolve('tsx/esm/api');
  const file = new URL('./ad-events-clients.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(file)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: job });
  return new Promise((resolve, reject) => {
    worker.on('message', (message: { progress?: number; done?: AdClientsResult }) => {
      if (message.progress) onStep(message.progress);
      if (message.done) {
        resolve(message.done);
        void worker.terminate();
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`bench clients exited (${String(code)})`)));
  });
}
