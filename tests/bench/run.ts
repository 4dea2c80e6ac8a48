/**
 * `npm run bench`: prints measured figures (never asserted in tests).
 * - start-up time and resident memory of the built server on an empty data directory
 *   (first start: migrations, key generation, seed and demo data) and on a second start;
 * - API latency on the embedded database: token grant, menu routes, a user page.
 * `--export`: 200,000 posts exported to .xlsx (time, memory growth) and list latency.
 * `--import`: the 1,048,576-row user import attack against a server process (answer, peak RSS
 *   growth, latency of concurrent GETs).
 * `--supplier-goods`: the supplier goods list's latency at 100,000 goods (p95 target 50 ms).
 * `--order-report`: the supplier order reports' pages over the demo orders (order-report.ts).
 * `--store-import`: a store import of 20,000 rows (time, server RSS growth; store-import.ts).
 * `--fulfil`: supplier order fulfilment with 50 concurrent clients on the embedded SQLite
 *   database: orders/s, p50/p95 per fulfilment (targets >= 200/s, p95 <= 100 ms; fulfil.ts).
 * `--code-import`: an import of 100,000 coupon codes (time, server RSS growth; code-import.ts).
 * `--code-list`: the coupon code list at 1,000,000 codes with the encrypted exact couponCode2
 *   filter (p95 target 50 ms; code-list.ts).
 * `--open-api`: the signed open API's place-order with 50 clients (orders/s, p95, RSS over the
 *   run; targets >= 500/s, p95 <= 100 ms) and the client order list at 1M orders (open-api.ts).
 * `--park-bills`: a parking bill list at 1,000,000 bills with a 1-31 day bill-time range (p95
 *   target 50 ms; park-bills.ts).
 * `--ad-events`: 1,000,000 delivery events through the signed ingest call (events/s, target
 *   >= 20,000; RSS every 200,000), then the roll-up's events/s (ad-events.ts).
 * `--ad-report`: 90-day ad reports (history days, plan report) over a filled day roll-up (p95
 *   target 100 ms; ad-report.ts).
 * `--workflow`: 1,000 leave processes started and finished by 20 clients (rates, p50/p95, RSS,
 *   end-state check; also on PostgreSQL with TEST_DATABASE_URL or --pg), the modeller page's JS
 *   (gzip) and time to an editable diagram in Chromium (workflow.ts).
 * `--navigation`: moving around the console in Chromium: switching to an open tab, opening a
 *   list screen, reloading to rows, /system/menu to rows (navigation.ts).
 * `--load`: the console's list mix under autocannon at 50 and 200 connections with WORKERS=1 and
 *   `auto` against the built server: req/s, p50, p97.5, server CPU per request, and each call
 *   alone (targets: CPU/req <= 0.5 ms, menu/routes <= 1 ms, p97.5 <= 150 ms at 200 with `auto`;
 *   also on PostgreSQL with TEST_DATABASE_URL or --pg; load.ts). With `--profile`: one server
 *   process under --cpu-prof over the mix, its CPU by package and function (cpu-profile.ts).
 */
import { execSync } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { startServer } from '../e2e/server-process';
import { benchConsole } from './console';
import { benchExport } from './export';
import { benchImport } from './import';
import { benchSupplierGoods } from './supplier-goods';
import { benchOrderReport } from './order-report';
import { benchFulfil } from './fulfil';
import { benchOpenApi } from './open-api';
import { benchStoreImport } from './store-import';
import { benchCodeImport } from './code-import';
import { benchCodeList } from './code-list';
import { benchNavigation } from './navigation';
import { benchParkBills } from './park-bills';
import { benchWorkflow } from './workflow';
import { benchLoad } from './load';
import { benchAdEvents } from './ad-events';
import { benchAdReport } from './ad-report';
import { benchPalettePaint } from './palette-paint';
import { benchPaletteRanking } from './palette-ranking';
import { benchTablePaint } from './table-paint';
import { quantile } from './harness';

const RUNS = 3;
const REQUESTS = 200;

function summary(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  return `median ${quantile(s, 0.5).toFixed(1)} ms, p95 ${quantile(s, 0.95).toFixed(1)} ms (n=${s.length})`;
}

async function timed(fn: () => Promise<unknown>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

async function main(): Promise<void> {
  if (process.argv.includes('--table')) {
    // `npm run bench -- --table`: the resource table at 500 rows (builds its own harness page).
    await benchTablePaint();
    return;
  }
  if (process.argv.includes('--export')) {
    // `npm run bench -- --export`: the export engine and list latency (server in this process).
    await benchExport();
    return;
  }
  if (process.argv.includes('--order-report')) {
    // `npm run bench -- --order-report`: the supplier order reports over the demo orders.
    await benchOrderReport();
    return;
  }
  if (process.argv.includes('--supplier-goods')) {
    // `npm run bench -- --supplier-goods`: the goods list at 100,000 goods (server in this process).
    await benchSupplierGoods();
    return;
  }
  if (process.argv.includes('--open-api')) {
    // `npm run bench -- --open-api`: signed place-order and the client order list (open-api.ts).
    await benchOpenApi();
    return;
  }
  if (process.argv.includes('--fulfil')) {
    // `npm run bench -- --fulfil`: supplier order fulfilment, 50 concurrent clients (fulfil.ts).
    await benchFulfil();
    return;
  }
  if (process.argv.includes('--code-import')) {
    // `npm run bench -- --code-import`: 100,000 codes imported (a server process from the sources).
    await benchCodeImport();
    return;
  }
  if (process.argv.includes('--code-list')) {
    // `npm run bench -- --code-list`: the code list at 1,000,000 codes (server in this process).
    await benchCodeList();
    return;
  }
  if (process.argv.includes('--ad-events')) {
    // `npm run bench -- --ad-events [--events N]`: signed ingestion and roll-up (ad-events.ts).
    await benchAdEvents();
    return;
  }
  if (process.argv.includes('--ad-report')) {
    // `npm run bench -- --ad-report`: 90-day ad reports over 54,000 day roll-up rows (in process).
    await benchAdReport();
    return;
  }
  if (process.argv.includes('--workflow')) {
    // `npm run bench -- --workflow [--pg [url]]`: 1,000 leave processes and the modeller page (workflow.ts).
    await benchWorkflow();
    return;
  }
  if (process.argv.includes('--load')) {
    // `npm run bench -- --load [--pg [url]] [--duration S]`: the list mix under load (load.ts).
    await benchLoad();
    return;
  }
  if (process.argv.includes('--park-bills')) {
    // `npm run bench -- --park-bills`: the bill lists at 1,000,000 bills (server in this process).
    await benchParkBills();
    return;
  }
  if (process.argv.includes('--store-import')) {
    // `npm run bench -- --store-import`: 20,000 stores imported (a server process from the sources).
    await benchStoreImport();
    return;
  }
  if (process.argv.includes('--import')) {
    // `npm run bench -- --import`: the import attack (a server process from the sources).
    await benchImport();
    return;
  }
  // Always measure the current sources.
  execSync('npm run build', { stdio: 'inherit' });
  if (process.argv.includes('--palette')) {
    // `npm run bench -- --palette`: the palette figures only.
    await benchPaletteRanking();
    await benchPalettePaint();
    return;
  }
  if (process.argv.includes('--navigation')) {
    // `npm run bench -- --navigation`: the navigation figures only.
    const server = await startServer({ LIST_RATE_LIMIT: '0' });
    try {
      await benchNavigation(server);
    } finally {
      await server.stop();
    }
    return;
  }
  if (process.argv.includes('--console')) {
    // `npm run bench -- --console`: the console figures only.
    const server = await startServer();
    try {
      await benchConsole(server);
    } finally {
      await server.stop();
    }
    return;
  }

  console.log('## Server start-up (npm start on an empty data directory)');
  for (let i = 0; i < RUNS; i++) {
    const first = await startServer();
    const firstReady = first.ready;
    await first.stop();
    const second = await startServer({}, first.dataDir);
    console.log(
      `run ${i + 1}: empty data dir ${String(firstReady.wallMs)} ms from spawn to listening ` +
        `(${String(firstReady.startupMs)} ms in main), RSS ${String(firstReady.rssMb)} MB; ` +
        `restart on that data ${String(second.ready.wallMs)} ms (${String(second.ready.startupMs)} ms in main), RSS ${String(second.ready.rssMb)} MB`,
    );
    await second.stop();
  }

  console.log('\n## API latency on the embedded SQLite database (loopback, one client)');
  const server = await startServer({ TOKEN_RATE_LIMIT: '100000', LIST_RATE_LIMIT: '0' });
  try {
    const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
    const key = (
      (await (await fetch(`${server.url}/api/blade-auth/oauth/public-key`)).json()) as {
        data: { pem: string };
      }
    ).data.pem;
    const enc = (p: string) =>
      publicEncrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(p),
      ).toString('base64');
    const login = async () => {
      const q = new URLSearchParams({
        tenantId: '000000',
        username: 'operator',
        password: enc('Demo@2026'),
        grant_type: 'password',
      });
      const res = await fetch(`${server.url}/api/blade-auth/oauth/token`, {
        method: 'POST',
        body: q,
        headers: { Authorization: basic },
      });
      return ((await res.json()) as { access_token: string }).access_token;
    };
    console.log(`token (password grant, scrypt): ${summary(await timed(login, 30))}`);
    const token = await login();
    const get = (path: string) => async () => {
      const res = await fetch(`${server.url}${path}`, {
        headers: { 'Blade-Auth': `bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      await res.arrayBuffer();
    };
    console.log(
      `GET menu/routes: ${summary(await timed(get('/api/blade-system/menu/routes'), REQUESTS))}`,
    );
    console.log(
      `GET menu/buttons: ${summary(await timed(get('/api/blade-system/menu/buttons'), REQUESTS))}`,
    );
    const adminToken = await (async () => {
      const q = new URLSearchParams({
        tenantId: '100001',
        username: 'admin',
        password: enc('Demo@2026'),
        grant_type: 'password',
      });
      const res = await fetch(`${server.url}/api/blade-auth/oauth/token`, {
        method: 'POST',
        body: q,
        headers: { Authorization: basic },
      });
      return ((await res.json()) as { access_token: string }).access_token;
    })();
    const page = async () => {
      const res = await fetch(`${server.url}/api/blade-user/page?current=1&size=30&realName=周`, {
        headers: { 'Blade-Auth': `bearer ${adminToken}` },
      });
      if (res.status !== 200) throw new Error(`user page: ${res.status}`);
      await res.arrayBuffer();
    };
    console.log(`GET blade-user/page (filtered): ${summary(await timed(page, REQUESTS))}`);

    console.log('\n## Console in Chromium (loopback)');
    await benchConsole(server);
    console.log('\n## Moving around the console (tenant 100001 administrator)');
    await benchNavigation(server);
    console.log('\n## Command palette');
    await benchPaletteRanking();
    await benchPalettePaint();
    console.log('\n## Resource table');
    await benchTablePaint();
  } finally {
    await server.stop();
  }
  console.log('');
  await benchExport();
  console.log('');
  await benchImport();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
