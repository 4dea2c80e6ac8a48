import cluster, { type Worker } from 'node:cluster';
import { hostname } from 'node:os';
import path from 'node:path';
import { prepareDatabase } from './app.js';
import { assertUsableAdminPassword, type ServerConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { assertUsableJwtSecret, loadSecrets } from './lib/secrets.js';

/**
 * WORKERS > 1 (issue 30): this process becomes a node:cluster primary that serves no request.
 * It runs what must happen once per start (migrations, seeds, generated keys) before any worker
 * exists, then forks the workers, which share the port (the primary hands connections round
 * robin). Each worker is server/main.ts again, built with `databasePrepared`; everything they
 * share (sessions, limits, captchas, jobs, files on S3) lives in the database or the store, so
 * which worker answers never matters. A worker that dies is logged and replaced; SIGTERM or
 * SIGINT asks every worker to drain (finish its requests, stop its jobs) and then exits.
 */

/** Environment a worker reads: its index (0 places the demo's client orders). */
export const WORKER_INDEX_ENV = 'QUANYI_WORKER_INDEX';

/** Workers that die before they listen, one after another, mean a broken start: give up. */
const MAX_FAILED_STARTS = 3;
/** A worker that died less than this after its start is replaced after a pause, not at once. */
const QUICK_DEATH_MS = 10_000;
const REPLACE_PAUSE_MS = 1_000;
/** Workers that have not drained by then are killed (main.ts forces its own exit at 10 s). */
const DRAIN_LIMIT_MS = 15_000;

const LEVELS = { info: 30, warn: 40, error: 50 } as const;
type Level = keyof typeof LEVELS;

/** Log lines in the workers' (pino's) JSON format, so one log reader takes all of them. */
function primaryLog(logLevel: string) {
  const threshold = (LEVELS as Record<string, number>)[logLevel] ?? 30;
  return (level: Level, msg: string, fields: Record<string, unknown> = {}) => {
    if (LEVELS[level] < threshold) return;
    const line = { level: LEVELS[level], time: Date.now(), pid: process.pid, hostname: hostname() };
    process.stdout.write(`${JSON.stringify({ ...line, role: 'primary', ...fields, msg })}\n`);
  };
}

export async function runPrimary(config: ServerConfig): Promise<void> {
  const started = process.hrtime.bigint();
  const log = primaryLog(config.logLevel);
  assertUsableAdminPassword(config.adminPassword);
  // Keys generated on a first start are written before any worker reads them.
  const secrets = loadSecrets(config.dataDir, {
    jwtSecret: config.jwtSecret,
    rsaPrivateKey: config.rsaPrivateKey,
  });
  assertUsableJwtSecret(secrets.jwtSecret);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'quanyi.db'),
  });
  try {
    await prepareDatabase(database, secrets, config);
  } finally {
    await database.close();
  }

  const slots = new Map<Worker, { index: number; forkedAt: number; listening: boolean }>();
  let failedStarts = 0;
  let announced = false;
  let closing = false;

  const fork = (index: number) => {
    const worker = cluster.fork({ [WORKER_INDEX_ENV]: String(index) });
    slots.set(worker, { index, forkedAt: Date.now(), listening: false });
    log('info', 'worker started', { workerIndex: index, workerPid: worker.process.pid });
  };

  cluster.on('listening', (worker) => {
    const slot = slots.get(worker);
    if (!slot) return;
    slot.listening = true;
    failedStarts = 0;
    // The rest start once the first listens: the first places the demo's inline client orders
    // before it listens, with backdated times another worker's order recovery would take for
    // abandoned ones.
    if (slot.index === 0 && !announced && slots.size === 1)
      for (let index = 1; index < config.workers; index += 1) fork(index);
    const listening = [...slots.values()].filter((s) => s.listening).length;
    if (!announced && listening === config.workers) {
      announced = true;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log('info', `Quanyi Console ready on http://${config.host}:${config.port}`, {
        startupMs: Math.round(ms),
        rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
        workers: config.workers,
        database: config.databaseUrl ? 'postgres' : 'sqlite',
        captcha: config.captcha,
      });
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker);
    slots.delete(worker);
    if (!slot || closing) {
      if (closing && slots.size === 0) process.exit(); // exitCode: 1 after failed starts
      return;
    }
    log('error', 'worker died; starting another', {
      workerIndex: slot.index,
      workerPid: worker.process.pid,
      code,
      signal,
    });
    if (!slot.listening && ++failedStarts >= MAX_FAILED_STARTS) {
      log('error', `${MAX_FAILED_STARTS} workers died before listening; stopping`);
      closing = true;
      for (const other of slots.keys()) other.process.kill('SIGTERM');
      process.exitCode = 1;
      if (slots.size === 0) process.exit(1);
      return;
    }
    const quick = Date.now() - slot.forkedAt < QUICK_DEATH_MS;
    setTimeout(
      () => {
        if (!closing) fork(slot.index);
      },
      quick ? REPLACE_PAUSE_MS : 0,
    );
  });

  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log('info', 'shutting down: draining the workers', { signal });
    if (slots.size === 0) process.exit();
    for (const worker of slots.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of slots.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, DRAIN_LIMIT_MS).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  fork(0);
}
