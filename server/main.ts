import cluster from 'node:cluster';
import { hostname } from 'node:os';
import { buildApp } from './app.js';
import { runPrimary, WORKER_INDEX_ENV } from './cluster.js';
import { loadConfig } from './config.js';

/**
 * `npm start`: the console and the API on one port, with graceful shutdown. With WORKERS > 1
 * this process is the cluster's primary (cluster.ts) and each worker runs this file again.
 */
async function main(): Promise<void> {
  const started = process.hrtime.bigint();
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  const workerIndex = cluster.isWorker ? Number(process.env[WORKER_INDEX_ENV] ?? 0) : undefined;
  const app = await buildApp({
    logger: {
      level: config.logLevel,
      ...(workerIndex === undefined
        ? {}
        : { base: { pid: process.pid, hostname: hostname(), workerIndex } }),
    },
    // The primary migrated and seeded before it forked; the first worker places the demo's
    // client orders.
    databasePrepared: cluster.isWorker,
    demoClientOrders: !cluster.isWorker || workerIndex === 0,
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const rss = Math.round(process.memoryUsage().rss / 1024 / 1024);
  const ready = { startupMs: Math.round(ms), rssMb: rss, database: app.ctx.dialect };
  // In a cluster the primary says when the whole server is ready, once every worker listens.
  if (cluster.isWorker) app.log.info(ready, 'worker ready');
  else
    app.log.info(
      { ...ready, captcha: config.captcha },
      `Quanyi Console ready on http://${config.host}:${config.port}`,
    );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
