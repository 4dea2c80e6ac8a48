import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent } from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/db/seed/demo';
import { launchBrowser, newPage } from '../e2e/browser';
import { signedIn } from '../e2e/session';
import { argValue, keepAlivePost, mb } from './bench-kit';
import { quantile } from './harness';

/** `--instances N`, `--clients N` override the issue's figures (a quick look). */
const INSTANCES = argValue('--instances', 1_000);
const CLIENTS = argValue('--clients', 20);
const RUNS = 5;
/** Tenant 100001: its administrator starts the requests and, as role `admin`, is HR. */
const TENANT = DEMO_TENANT;
const APPLICANT = 'admin';
/** The one approver of every request (deptApprove's assignee `${taskUser}`). */
const APPROVER = 'sales';
const LOCK = '/tmp/e2e.lock';
const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENT_DIR = path.join(ROOT, 'dist/client');

const ms = (v: number) => `${v.toFixed(1)} ms`;
const pcts = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return `p50 ${ms(quantile(s, 0.5))}, p95 ${ms(quantile(s, 0.95))}`;
};
const median = (samples: number[]) =>
  quantile(
    [...samples].sort((a, b) => a - b),
    0.5,
  );
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

interface BenchServer {
  app: FastifyInstance;
  url: string;
  /** Signs `account` of tenant 100001 in: the auth header. */
  login(account: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * The server in this process with the demo data (small order volumes: the bench measures the
 * workflow, not the demo seed), no export worker, no rate limits, listening on a free loopback
 * port: embedded SQLite in a temp DATA_DIR, or a throw-away schema of `pgUrl`.
 */
async function workflowServer(
  name: string,
  options: { pgUrl?: string; staticDir?: string } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `quanyi-bench-${name}-`));
  const schema = options.pgUrl ? `bench_wf_${randomBytes(5).toString('hex')}` : undefined;
  let database: Database | undefined;
  const dropSchema = async () => {
    if (!options.pgUrl || !schema) return;
    const client = new pg.Client({ connectionString: options.pgUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  };
  let app: FastifyInstance;
  try {
    if (options.pgUrl)
      database = await openDatabase({ databaseUrl: options.pgUrl, pgSchema: schema });
    app = await buildApp({
      ...(database ? { database } : {}),
      config: {
        dataDir,
        databaseUrl: undefined,
        captcha: false,
        demoData: true,
        demoOrders: 200,
        demoClientOrders: 40,
        staticDir: options.staticDir,
        tokenRateLimit: 100_000,
        listRateLimit: 0,
      },
      exportWorker: false,
      fileRetention: false,
    });
  } catch (error) {
    await database?.close();
    await dropSchema();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
  return {
    app,
    url,
    async login(account) {
      const res = await fetch(`${url}/api/blade-auth/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          tenantId: TENANT,
          username: account,
          password: app.ctx.rsa.encrypt(DEMO_PASSWORD),
          grant_type: 'password',
        }),
        headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
      });
      const token = ((await res.json()) as { access_token?: string }).access_token;
      if (!token) throw new Error(`${account} could not sign in (${String(res.status)})`);
      return { 'Blade-Auth': `bearer ${token}` };
    },
    async close() {
      await app.close();
      await database?.close();
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET on the API as `headers`: the envelope's data (throws on a refusal). */
async function apiGet<T>(server: BenchServer, path: string, headers: Record<string, string>) {
  const res = await fetch(`${server.url}/api/${path}`, { headers });
  const body = (await res.json()) as { success?: boolean; data: T; msg?: string };
  if (!res.ok || body.success === false)
    throw new Error(`GET ${path}: ${String(res.status)} ${body.msg ?? ''}`);
  return body.data;
}

/** `count` jobs run by `clients` concurrent workers; each job's own failures throw. */
async function pool(count: number, clients: number, job: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await job(next++);
  };
  await Promise.all(Array.from({ length: Math.min(clients, count) }, worker));
}

/** Splits `ids` for `in (...)` lists well under SQLite's and PostgreSQL's parameter bounds. */
const chunks = <T>(ids: T[], size = 500) =>
  Array.from({ length: Math.ceil(ids.length / size) }, (_, i) =>
    ids.slice(i * size, (i + 1) * size),
  );

/**
 * One database's leave run: INSTANCES leave requests started by the demo administrator of tenant
 * 100001 (blade-desk/process/leave/start-process, the leave definition from work/start-list),
 * CLIENTS at a time, all for the approver `sales`; then every instance finished, CLIENTS at a time:
 * deptApprove completed by `sales`, hrApprove (candidate group `admin`) claimed and completed by
 * the administrator. Each call over loopback HTTP on kept-alive connections; the task ids between
 * calls are read from the database (not timed). Prints the rates, per-call p50/p95, the process's
 * RSS (server and clients: one process) at start, peak and end, and checks that every request is
 * `approved`, every instance `ended` and no task of theirs is open (throws if not).
 */
async function leaveRun(label: string, server: BenchServer): Promise<void> {
  const { db } = server.app.ctx;
  const admin = await server.login(APPLICANT);
  const approver = await server.login(APPROVER);
  const approverId = (
    await db
      .selectFrom('bladeUser')
      .select('id')
      .where('tenantId', '=', TENANT)
      .where('account', '=', APPROVER)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow()
  ).id;
  const startList = await apiGet<{ records: { id: string; processKey: string }[] }>(
    server,
    'blade-flow/work/start-list?current=1&size=100',
    admin,
  );
  const leave = startList.records.find((r) => r.processKey === 'leave');
  if (!leave) throw new Error('work/start-list offers no leave process to the demo admin');

  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const json = { 'content-type': 'application/json' };
  const post = async (
    call: string,
    headers: Record<string, string>,
    body: unknown,
    samples: number[],
  ) => {
    const t0 = performance.now();
    const res = await keepAlivePost(
      agent,
      `${server.url}/api/${call}`,
      body === undefined ? '' : JSON.stringify(body),
      body === undefined ? headers : { ...headers, ...json },
    );
    samples.push(performance.now() - t0);
    const answer = JSON.parse(res.text) as { success?: boolean; data: unknown; msg?: string };
    if (res.status !== 200 || answer.success === false)
      throw new Error(`${call}: ${String(res.status)} ${answer.msg ?? res.text.slice(0, 200)}`);
    return answer.data;
  };
  const openTask = async (instanceId: string, activityId: string, state: string) =>
    (
      await db
        .selectFrom('bladeFlowTask')
        .select('id')
        .where('instanceId', '=', instanceId)
        .where('activityId', '=', activityId)
        .where('state', '=', state)
        .executeTakeFirstOrThrow(
          () => new Error(`instance ${instanceId}: no ${state} ${activityId} task`),
        )
    ).id;

  const rss = { start: process.memoryUsage().rss, peak: 0, end: 0 };
  rss.peak = rss.start;
  const sampler = setInterval(() => {
    rss.peak = Math.max(rss.peak, process.memoryUsage().rss);
  }, 25);
  const cpu0 = process.cpuUsage();
  try {
    console.log(
      `### ${label}: ${INSTANCES.toLocaleString('en')} leave requests, ${String(CLIENTS)} concurrent clients ` +
        `(tenant ${TENANT}: ${APPLICANT} applies, ${APPROVER} approves, ${APPLICANT} claims and approves as HR)`,
    );
    const starts: number[] = [];
    const started: { businessId: string; processInstanceId: string }[] = [];
    let t0 = performance.now();
    await pool(INSTANCES, CLIENTS, async (i) => {
      const answer = (await post(
        'blade-desk/process/leave/start-process',
        admin,
        {
          processDefinitionId: leave.id,
          leaveType: 'annual',
          startTime: '2026-12-01 09:00:00',
          endTime: '2026-12-02 18:00:00',
          days: 1.5,
          reason: `基准请假 ${String(i + 1)}`,
          taskUser: approverId,
        },
        starts,
      )) as { businessId: string; processInstanceId: string };
      started.push(answer);
    });
    const startWall = performance.now() - t0;
    console.log(
      `start-process: ${String(starts.length)} in ${(startWall / 1000).toFixed(2)} s = ` +
        `${((starts.length * 1000) / startWall).toFixed(0)} starts/s; per call ${pcts(starts)}`,
    );

    const dept: number[] = [];
    const claim: number[] = [];
    const hr: number[] = [];
    t0 = performance.now();
    await pool(started.length, CLIENTS, async (i) => {
      const instanceId = started[i]!.processInstanceId;
      const deptTask = await openTask(instanceId, 'deptApprove', 'assigned');
      await post(
        'blade-flow/work/complete-task',
        approver,
        { taskId: deptTask, flag: 'ok', comment: '同意' },
        dept,
      );
      const hrTask = await openTask(instanceId, 'hrApprove', 'candidate');
      await post(`blade-flow/work/claim-task?taskId=${hrTask}`, admin, undefined, claim);
      await post(
        'blade-flow/work/complete-task',
        admin,
        { taskId: hrTask, flag: 'ok', comment: '人事同意' },
        hr,
      );
    });
    const doneWall = performance.now() - t0;
    const steps = dept.length + claim.length + hr.length;
    console.log(
      `finish (complete deptApprove -> claim hrApprove -> complete hrApprove): ${String(started.length)} instances ` +
        `in ${(doneWall / 1000).toFixed(2)} s = ${((started.length * 1000) / doneWall).toFixed(0)} instances/s, ` +
        `${((steps * 1000) / doneWall).toFixed(0)} steps/s (calls)`,
    );
    console.log(
      `  per call: complete deptApprove ${pcts(dept)}; claim hrApprove ${pcts(claim)}; ` +
        `complete hrApprove ${pcts(hr)}; all completes ${pcts([...dept, ...hr])}`,
    );
    rss.end = process.memoryUsage().rss;
    rss.peak = Math.max(rss.peak, rss.end);
    const cpu = process.cpuUsage(cpu0);
    const calls = starts.length + steps;
    console.log(
      `RSS of the process (server and clients): start ${mb(rss.start)}, peak ${mb(rss.peak)}, end ${mb(rss.end)}; ` +
        `CPU ${((cpu.user + cpu.system) / 1000 / calls).toFixed(1)} ms per call; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );

    // The check: every request approved, every instance ended, none of their tasks open.
    let approved = 0;
    let ended = 0;
    let open = 0;
    for (const ids of chunks(started.map((s) => s.businessId))) {
      const row = await db
        .selectFrom('bladeProcessLeave')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('id', 'in', ids)
        .where('leaveState', '=', 'approved')
        .executeTakeFirstOrThrow();
      approved += Number(row.n);
    }
    for (const ids of chunks(started.map((s) => s.processInstanceId))) {
      const row = await db
        .selectFrom('bladeFlowInstance')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('id', 'in', ids)
        .where('state', '=', 'ended')
        .executeTakeFirstOrThrow();
      ended += Number(row.n);
      const tasks = await db
        .selectFrom('bladeFlowTask')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('instanceId', 'in', ids)
        .where('state', 'in', ['candidate', 'assigned'])
        .executeTakeFirstOrThrow();
      open += Number(tasks.n);
    }
    const holds = approved === INSTANCES && ended === INSTANCES && open === 0;
    console.log(
      `check: ${String(approved)}/${String(INSTANCES)} leave rows approved, ${String(ended)}/${String(INSTANCES)} ` +
        `instances ended, ${String(open)} tasks open: ${holds ? 'OK' : 'FAILED'}`,
    );
    if (!holds) throw new Error(`${label}: the end state does not hold`);
  } finally {
    clearInterval(sampler);
    agent.destroy();
  }
}

/** Holds the build lock other sessions' e2e runs take (flock(1) in a child) while `run` runs. */
async function withBuildLock<T>(run: () => Promise<T>): Promise<T> {
  const holder = spawn('flock', [LOCK, 'sh', '-c', 'echo locked; read _'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting = setTimeout(() => console.log(`(waiting for ${LOCK})`), 2_000);
  try {
    await new Promise<void>((resolve, reject) => {
      holder.stdout.once('data', () => resolve());
      holder.once('error', reject);
      holder.once('exit', (code) => reject(new Error(`flock ${LOCK} exited with ${String(code)}`)));
    });
  } finally {
    clearTimeout(waiting);
  }
  try {
    return await run();
  } finally {
    const exited = new Promise((r) => holder.once('exit', r));
    holder.stdin.end();
    await exited;
  }
}

/** The newest modification time of the files the build reads (sources and build scripts). */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ['src', 'server', 'scripts', 'public']) {
    if (existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir));
  }
  for (const file of ['index.html', 'vite.config.ts', 'package.json']) {
    if (existsSync(path.join(ROOT, file)))
      newest = Math.max(newest, statSync(path.join(ROOT, file)).mtimeMs);
  }
  return newest;
}

/** Runs `npm run build` when dist is missing or older than the sources (under the lock). */
function buildIfStale(): void {
  const stamp = path.join(ROOT, 'dist/.build-stamp');
  const built = existsSync(stamp) && existsSync(path.join(CLIENT_DIR, 'index.html'));
  if (built && statSync(stamp).mtimeMs >= newestSource()) {
    console.log('dist is up to date with the sources: not rebuilt');
    return;
  }
  const t0 = performance.now();
  const out = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`npm run build failed:\n${out.stdout}\n${out.stderr}`);
  console.log(
    `dist ${built ? 'was older than the sources' : 'was missing'}: npm run build took ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["'`]\.\/([^"'`]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;
/** Vite's preload list of a chunk's dynamic imports (scripts and styles). */
const PRELOAD_LIST = /m\.f\s*=\s*\[([^\]]*)\]/;
const MODELER_PRELOAD =
  /import\(\s*["'`]\.\/bpmn-modeler-[\w-]+\.js["'`]\s*\)\s*,\s*__vite__mapDeps\(\[([\d,]+)\]\)/;

/**
 * The modeller page's code in the build: the page chunk (a lazy route of the router), its static
 * imports and the dynamic import of the bpmn-js modeller (bpmn-modeler-*.js) with its static
 * imports (other dynamic imports load on demand: named, not counted). Split into what the signed-in
 * console (the entry of index.html and the layout, main-layout-*.js, with their static imports)
 * has already loaded and what opening the page fetches; each with its size and gzip size (the .gz
 * the server sends, else gzip -9 here), and the styles preloaded with the modeller.
 */
function modellerChunks(): void {
  const assets = path.join(CLIENT_DIR, 'assets');
  const files = readdirSync(assets);
  const html = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const code = (file: string) => readFileSync(path.join(assets, file), 'utf8');
  const lazy = new Set<string>();
  /** Static closure of `roots` (not entering `stop`); dynamic imports matching `follow` too. */
  const reach = (roots: string[], stop: Set<string>, follow?: RegExp) => {
    const seen = new Set<string>();
    const queue = [...roots];
    for (let file = queue.shift(); file; file = queue.shift()) {
      if (seen.has(file) || stop.has(file)) continue;
      seen.add(file);
      const text = code(file);
      for (const m of text.matchAll(STATIC_IMPORT)) queue.push(m[1]!);
      if (follow)
        for (const m of text.matchAll(DYNAMIC_IMPORT))
          if (follow.test(m[1]!)) queue.push(m[1]!);
          else lazy.add(m[1]!);
    }
    return seen;
  };
  const layoutChunk = files.find((f) => /^main-layout-[\w-]+\.js$/.test(f));
  const page = files.find((f) => /^model-design-page-[\w-]+\.js$/.test(f));
  if (!page || !layoutChunk) throw new Error('no model-design-page / main-layout chunk in dist');
  const shell = reach(entry, new Set());
  const loaded = new Set([...shell, ...reach([layoutChunk], shell)]);
  const needed = reach([page], shell, /^bpmn-modeler-/);
  for (const f of needed) lazy.delete(f);
  const size = (file: string) => {
    const raw = readFileSync(path.join(assets, file));
    const gz = path.join(assets, `${file}.gz`);
    return {
      raw: raw.length,
      gzip: existsSync(gz) ? statSync(gz).size : gzipSync(raw, { level: 9 }).length,
    };
  };
  const sum = (rows: { raw: number; gzip: number }[]) =>
    rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }), { raw: 0, gzip: 0 });
  const rows = [...needed].map((file) => ({ file, ...size(file) }));
  rows.sort((a, b) => b.gzip - a.gzip);
  const fetched = rows.filter((r) => !loaded.has(r.file));
  const shared = rows.filter((r) => loaded.has(r.file));
  const all = sum(rows);
  const own = sum(fetched);
  const layout = sum(shared);
  console.log(
    `modeller page JS: ${String(rows.length)} chunks beyond the entry, ${kb(all.gzip)} gzip (${kb(all.raw)}); ` +
      `fetched on opening it in the signed-in console (${String(fetched.length)} chunks):`,
  );
  for (const r of fetched) console.log(`  ${r.file}: ${kb(r.gzip)} gzip (${kb(r.raw)})`);
  console.log(
    `  total fetched: ${kb(own.gzip)} gzip (${kb(own.raw)}); already loaded by the layout: ` +
      `${String(shared.length)} chunks, ${kb(layout.gzip)} gzip`,
  );
  // The styles Vite preloads with the modeller's dynamic import (its __vite__mapDeps indices).
  const styles = new Set<string>();
  for (const file of needed) {
    const text = code(file);
    const list = [...(PRELOAD_LIST.exec(text)?.[1] ?? '').matchAll(/["'`]assets\/([^"'`]+)["'`]/g)];
    const call = MODELER_PRELOAD.exec(text)?.[1] ?? '';
    for (const i of call.split(',').filter(Boolean)) {
      const dep = list[Number(i)]?.[1];
      if (dep?.endsWith('.css') && !html.includes(dep)) styles.add(dep);
    }
  }
  const css = [...styles].map((file) => ({ file, ...size(file) }));
  if (css.length)
    console.log(
      `  styles preloaded with it: ${css.map((c) => `${c.file} ${kb(c.gzip)} gzip`).join(', ')}`,
    );
  if (lazy.size)
    console.log(`  on demand only (dialogs), not counted: ${[...lazy].sort().join(', ')}`);
}

/*
 * Kept as source text: tsx would wrap named functions in a helper the page does not have.
 * Without `push`: resolves with performance.now() (ms since this document's navigation start) in
 * the first frame showing the modeller's palette entries and the diagram's start event. With
 * `push` (a path): opens it inside the running console (history.pushState and the popstate the
 * router listens to) and resolves with the time from there. Rejects at once on /403.
 */
const EDITABLE = `(startId, push) => new Promise((resolve, reject) => {
  const ready = () =>
    document.querySelector('.djs-palette .entry') &&
    document.querySelector('.djs-element[data-element-id="' + startId + '"]');
  let t0 = 0;
  if (push) {
    t0 = performance.now();
    history.pushState(null, '', push);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }
  const deadline = performance.now() + 30000;
  const frame = () => {
    if (location.pathname === '/403') return reject(new Error('redirected to /403'));
    if (ready()) {
      setTimeout(() => resolve(performance.now() - t0), 0);
      return;
    }
    if (performance.now() > deadline) return reject(new Error('no editable diagram within 30 s'));
    requestAnimationFrame(frame);
  };
  frame();
})`;

const runsText = (samples: number[], refused: number) =>
  (samples.length
    ? `median ${median(samples).toFixed(0)} ms (runs: ${samples.map((v) => v.toFixed(0)).join(', ')} ms)`
    : 'no run reached the diagram') +
  (refused ? `; ${String(refused)} of ${String(RUNS)} loads redirected to /403` : '');

/**
 * Time to an editable diagram in Chromium as tenant 100001's administrator, for a new model
 * (/flow/model/design/new) and the demo leave model (its id from the model list), RUNS times each:
 * - a full load of the page's URL: navigation start -> the frame showing the bpmn-js palette and
 *   the start event (the first load of each fetches the modeller's code, the others find it in the
 *   browser's cache);
 * - opened inside the signed-in console (a fresh /wel/index load with its menu and buttons
 *   answered, then the route pushed): push -> the same frame.
 */
async function modellerInBrowser(): Promise<void> {
  const server = await workflowServer('modeller', { staticDir: CLIENT_DIR });
  const browser = await launchBrowser();
  try {
    const admin = await server.login(APPLICANT);
    const models = await apiGet<{ records: { id: string; modelKey: string }[] }>(
      server,
      'blade-flow/model/list?current=1&size=20&modelKey=leave',
      admin,
    );
    const leave = models.records.find((r) => r.modelKey === 'leave');
    if (!leave) throw new Error('the model list has no demo leave model');
    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, APPLICANT, DEMO_PASSWORD, TENANT);
    const cases = [
      ['new model (/flow/model/design/new)', '/flow/model/design/new', 'StartEvent_1'],
      ['demo leave model (/flow/model/design/<id>)', `/flow/model/design/${leave.id}`, 'start'],
    ] as const;
    const measure = async (url: string, startId: string, push: string | null) => {
      try {
        return (await page.evaluate(
          `(${EDITABLE})(${JSON.stringify(startId)}, ${JSON.stringify(push)})`,
        )) as number;
      } catch (error) {
        if (String(error).includes('redirected to /403')) return null;
        throw new Error(`${url}: ${String(error)}`);
      }
    };
    for (const [label, url, startId] of cases) {
      const samples: number[] = [];
      let refused = 0;
      for (let i = 0; i < RUNS; i++) {
        await page.goto(url, { waitUntil: 'commit' });
        const t = await measure(url, startId, null);
        if (t === null) refused++;
        else samples.push(t);
      }
      console.log(
        `time to an editable diagram, full load of ${label}: ${runsText(samples, refused)}`,
      );
    }
    for (const [label, url, startId] of cases) {
      const samples: number[] = [];
      let refused = 0;
      for (let i = 0; i < RUNS; i++) {
        const buttons = page.waitForResponse((r) => r.url().includes('/blade-system/menu/buttons'));
        await page.goto('/wel/index', { waitUntil: 'commit' });
        await buttons;
        await page.getByRole('navigation', { name: /侧边菜单|Side menu/ }).waitFor();
        const t = await measure(url, startId, url);
        if (t === null) refused++;
        else samples.push(t);
      }
      console.log(
        `time to an editable diagram, ${label} opened in the signed-in console: ${runsText(samples, refused)}`,
      );
    }
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * `npm run bench -- --workflow [--pg [url]] [--instances N] [--clients N]` (issue 29): the leave
 * process at volume on the embedded SQLite database, then on PostgreSQL when TEST_DATABASE_URL is
 * set or `--pg` is given (a throw-away schema, dropped after), then the modeller page's code
 * (gzip) and the time to an editable diagram in Chromium on the current build (rebuilt first when
 * older than the sources; both under /tmp/e2e.lock, the lock e2e runs take around their build).
 */
export async function benchWorkflow(): Promise<void> {
  const t0 = performance.now();
  // Holds the event loop: a server's close (and the lock wait) awaits only unref'd timers and
  // handles, and Node would otherwise end the process quietly in the middle of the bench.
  const alive = setInterval(() => {}, 60_000);
  try {
    await runAll();
  } finally {
    clearInterval(alive);
  }
  console.log(`\n(workflow bench: ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}

async function runAll(): Promise<void> {
  console.log('## Workflow: the leave process at volume');
  const sqlite = await workflowServer('workflow');
  try {
    await leaveRun('embedded SQLite (a file in a temp DATA_DIR, in-process server)', sqlite);
  } finally {
    await sqlite.close();
  }
  const pgFlag = process.argv.indexOf('--pg');
  const pgArg = pgFlag >= 0 ? process.argv[pgFlag + 1] : undefined;
  const pgUrl = pgArg?.startsWith('postgres') ? pgArg : process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const onPg = await workflowServer('workflow-pg', { pgUrl });
    try {
      await leaveRun('PostgreSQL (a throw-away schema, in-process server)', onPg);
    } finally {
      await onPg.close();
    }
  } else if (pgFlag >= 0) {
    throw new Error('--pg needs a URL: `--pg postgres://...` or TEST_DATABASE_URL');
  } else {
    console.log(
      '### PostgreSQL: skipped (set TEST_DATABASE_URL=postgres://... or pass --pg <url> to run the same there)',
    );
  }

  console.log('\n## Workflow: the modeller page (dist/client)');
  await withBuildLock(async () => {
    buildIfStale();
    modellerChunks();
    await modellerInBrowser();
  });
}
