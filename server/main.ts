import { buildApp } from './app.js';
import { loadConfig } from './config.js';

/** `npm start`: the console and the API on one port, with graceful shutdown. */
async function main(): Promise<void> {
  const started = process.hrtime.bigint();
  const config = loadConfig();
  const app = await buildApp({ logger: { level: config.logLevel } });
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
  app.log.info(
    { startupMs: Math.round(ms), rssMb: rss, database: app.ctx.dialect, captcha: config.captcha },
    `Quanyi Console ready on http://${config.host}:${config.port}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
