import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { nextId } from '../../server/lib/ids';
import { formatDateTime } from '../../server/lib/time';
import { prepayMismatches } from '../../server/services/platform-client/prepay/ledger';
import {
  insertApp,
  insertClient,
  insertProduct,
} from '../../server/services/platform-client/test-fixtures';
import { ledgerMismatches } from '../../server/services/platform-supplier/balance/ledger';
import { orderMismatches } from '../../server/services/platform-supplier/order/invariants';
import {
  insertBalance,
  insertCodes,
  insertGood,
  insertSupplier,
} from '../../server/services/platform-supplier/test-fixtures';
import { argValue, BENCH_ADMIN_PASSWORD, emptyBenchApp, mb } from './bench-kit';
import { quantile } from './harness';
import type { ClientsJob, ClientsResult } from './open-api-clients';

const CLIENTS = 50;
const WARMUP = 200;
const TARGET_RATE = 500;
const TARGET_P95_MS = 100;
const LIST_TARGET_P95_MS = 50;
const TENANT = '000000';

/**
 * `npm run bench -- --open-api [--orders N] [--list-orders N]` (issue 27): the signed open API
 * on the embedded SQLite database (a file under a temp DATA_DIR), the server listening on
 * loopback in this process. 50 clients each sign and POST /open/v1/orders (one code) back to
 * back until `--orders` (default 100,000) are placed: orders/s, p50/p95 of one call, the
 * server's RSS every 10% (flat or growing), and the checks (every order succeeded, no code twice,
 * every ledger sums). Then the client order list at `--list-orders` (default 1,000,000) rows,
 * written straight to the table, with the app and state filters: p95 of 200 pages.
 */
export async function benchOpenApi(): Promise<void> {
  const orders = argValue('--orders', 100_000);
  const listRows = argValue('--list-orders', 1_000_000);
  const { app, dataDir } = await emptyBenchApp('open');
  try {
    const ctx = app.ctx;
    const supId = await insertSupplier(ctx.db, TENANT, 'BENCHOPEN');
    const goodId = await insertGood(ctx.db, TENANT, supId, 'BENCHOPEN-G', { costPrice: 900 });
    const t0 = performance.now();
    await insertCodes(ctx, TENANT, supId, goodId, orders + WARMUP);
    await insertBalance(ctx.db, TENANT, supId, (orders + WARMUP) * 900);
    const clientId = await insertClient(ctx.db, TENANT, 'BENCH');
    const caller = await insertApp(ctx, TENANT, clientId, {
      prepay: (orders + WARMUP) * 1000,
      rateLimit: 100_000_000,
    });
    await insertProduct(ctx.db, TENANT, 'P-BENCH', {
      salePrice: 1000,
      goodIds: [goodId],
      appIds: [caller.id],
    });
    // How long the server held each call (request in to response out), apart from the queue.
    const started = new WeakMap<object, number>();
    const held: number[] = [];
    app.addHook('onRequest', async (request) => {
      started.set(request, performance.now());
    });
    app.addHook('onResponse', async (request) => {
      held.push(performance.now() - (started.get(request) ?? performance.now()));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
    console.log(
      `## Open API place-order: ${String(CLIENTS)} signed clients, ${orders.toLocaleString('en')} orders of one code, embedded SQLite ` +
        `(stock written in ${(performance.now() - t0).toFixed(0)} ms)`,
    );
    const rss: string[] = [];
    // The server thread's busy time over the measured run (process.cpuUsage counts every thread).
    let elu0 = performance.eventLoopUtilization();
    const {
      samples,
      failed,
      busy: clientsBusy,
      wallMs: wall,
      firstRefusal,
    } = await runClients(
      {
        url,
        caller: { appKey: caller.appKey, secret: caller.secret },
        clients: CLIENTS,
        orders,
        warmup: WARMUP,
        productCode: 'P-BENCH',
      },
      {
        onWarm: () => (elu0 = performance.eventLoopUtilization()),
        onTenth: () => rss.push(mb(process.memoryUsage().rss)),
      },
    );
    const busy = performance.eventLoopUtilization(elu0);
    const step = Math.max(1, Math.floor(orders / 10));
    if (firstRefusal) console.log(`first refusal: ${firstRefusal}`);
    const rate = (samples.length * 1000) / wall;
    console.log(
      `${String(samples.length)} orders in ${(wall / 1000).toFixed(1)} s: ${rate.toFixed(0)} orders/s ` +
        `(target >= ${String(TARGET_RATE)}); per call p50 ${quantile(samples, 0.5).toFixed(1)} ms, ` +
        `p95 ${quantile(samples, 0.95).toFixed(1)} ms (target <= ${String(TARGET_P95_MS)}), ` +
        `p99 ${quantile(samples, 0.99).toFixed(1)} ms; failed ${String(failed)}`,
    );
    const serverHeld = held.slice(WARMUP);
    console.log(
      `the server held a call p50 ${quantile(serverHeld, 0.5).toFixed(2)} ms, p95 ${quantile(serverHeld, 0.95).toFixed(2)} ms ` +
        `(the rest is the queue behind the other ${String(CLIENTS - 1)}); the clients' thread ${(clientsBusy * 100).toFixed(0)}% busy`,
    );
    console.log(
      `server thread busy per order ${(busy.active / samples.length).toFixed(2)} ms ` +
        `(event loop ${(busy.utilization * 100).toFixed(0)}% busy; the clients sign in a worker thread); ` +
        `load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(`RSS of the process every ${step.toLocaleString('en')} orders: ${rss.join(', ')}`);
    const issued = await ctx.db
      .selectFrom('bladeSupCouponCode')
      .select(({ fn }) => [
        fn.countAll<number>().as('codes'),
        fn.count<number>('orderId').distinct().as('orders'),
      ])
      .where('goodId', '=', goodId)
      .where('state', '=', 'issued')
      .executeTakeFirstOrThrow();
    console.log(
      `check: ${String(issued.codes)} codes issued to ${String(issued.orders)} orders; mismatches: prepay ` +
        `${String((await prepayMismatches(ctx.db, TENANT)).length)}, supplier ledger ${String((await ledgerMismatches(ctx.db, TENANT)).length)}, ` +
        `orders ${String((await orderMismatches(ctx.db, TENANT)).length)}`,
    );

    await benchClientOrderList(app, url, caller.id, clientId, listRows);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The clients in a worker thread (open-api-clients.ts). */
function runClients(
  job: ClientsJob,
  on: { onWarm: () => void; onTenth: () => void },
): Promise<ClientsResult> {
  // A worker does not get this process's TypeScript loader: it registers tsx, then loads the file.
  const tsx = import.meta.resolve('tsx/esm/api');
  const file = new URL('./open-api-clients.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(file)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: job });
  return new Promise((resolve, reject) => {
    worker.on('message', (message: { warm?: true; progress?: number; done?: ClientsResult }) => {
      if (message.warm) on.onWarm();
      if (message.progress) on.onTenth();
      if (message.done) {
        resolve(message.done);
        void worker.terminate();
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`bench clients exited (${String(code)})`)));
  });
}

/** The client order list at `rows` orders (written straight, spread over 12 apps and 90 days). */
async function benchClientOrderList(
  app: FastifyInstance,
  url: string,
  appId: string,
  clientId: string,
  rows: number,
) {
  const { db } = app.ctx;
  const have = Number(
    (
      await db
        .selectFrom('bladeClientProductOrder')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const template = await db
    .selectFrom('bladeClientProductOrder')
    .selectAll()
    .executeTakeFirstOrThrow();
  const apps = [appId, ...Array.from({ length: 11 }, () => nextId())];
  const states = ['success', 'success', 'success', 'success', 'failed', 'returned', 'partReturned'];
  let t0 = performance.now();
  const now = Date.now();
  for (let i = have; i < rows; i += 1000) {
    const batch = [];
    for (let k = i; k < Math.min(rows, i + 1000); k++) {
      const id = nextId();
      batch.push({
        ...template,
        id,
        orderNo: `CO${id}`,
        outOrderNo: `L${String(k)}`,
        appId: apps[k % apps.length]!,
        clientId,
        state: states[k % states.length]!,
        createTime: formatDateTime(new Date(now - ((k * 7919) % (90 * 86_400)) * 1000)),
        version: 1,
      });
    }
    await db.insertInto('bladeClientProductOrder').values(batch).execute();
  }
  console.log(
    `## Client order list at ${rows.toLocaleString('en')} orders (written in ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
  const token = await signIn(app, url);
  const query = new URLSearchParams({ current: '1', size: '20', appId, state: 'success' });
  const samples: number[] = [];
  for (let i = 0; i < 220; i++) {
    t0 = performance.now();
    const res = await fetch(
      `${url}/api/blade-quanyi-platform-client/client-product-order/list?${query.toString()}`,
      {
        headers: { 'Blade-Auth': `bearer ${token}` },
      },
    );
    const page = (await res.json()) as { data: { total: number } };
    if (i >= 20) samples.push(performance.now() - t0);
    if (i === 0)
      console.log(`filter app + state: ${page.data.total.toLocaleString('en')} matching orders`);
  }
  console.log(
    `list page p50 ${quantile(samples, 0.5).toFixed(1)} ms, p95 ${quantile(samples, 0.95).toFixed(1)} ms ` +
      `(target <= ${String(LIST_TARGET_P95_MS)}; n=${String(samples.length)})`,
  );
}

async function signIn(app: FastifyInstance, url: string): Promise<string> {
  // A pooled connection left idle while the rows were written may be closed by now: a fresh one.
  const res = await fetchFresh(`${url}/api/blade-auth/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      tenantId: TENANT,
      username: 'admin',
      password: app.ctx.rsa.encrypt(BENCH_ADMIN_PASSWORD),
      grant_type: 'password',
    }),
    headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** fetch, once more on a connection reset (an idle keep-alive socket the server closed). */
async function fetchFresh(input: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch {
    return fetch(input, init);
  }
}
