import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { assertUsableAdminPassword, loadConfig, type ServerConfig } from './config.js';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from './context.js';
import type { DB } from './db/schema.js';
import { migrate, openDatabase, type Database } from './db/database.js';
import { seedSystem } from './db/seed/system.js';
import { seedDemo } from './db/seed/demo.js';
import { ExportEngine, type ExportWorkerOptions } from './lib/export/index.js';
import { seedDemoClient } from './db/seed/demo-client.js';

/** Demo client orders placed before the server answers; more are placed in the background. */
const DEMO_INLINE_ORDERS = 300;
/** A hashed asset's Cache-Control: a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
import { FileRetention, type FileRetentionOptions } from './lib/file-retention.js';
import { randomCaptchaText } from './lib/captcha.js';
import { RsaTransport } from './lib/rsa.js';
import { loadSecrets, assertUsableJwtSecret, type Secrets } from './lib/secrets.js';
import { epochSeconds } from './lib/time.js';
import { closeUnreadBodies } from './lib/upload-limit.js';
import { registerApiDocs } from './lib/api-doc/index.js';
import { registerIdempotency } from './lib/idempotency/index.js';
import { registerListRateLimit } from './lib/list-rate-limit.js';
import { registerAnswerCache } from './lib/answer-cache.js';
import { databaseRateLimitStore } from './lib/shared-rate-limit.js';
import { readConsolePages } from './lib/console-pages.js';
import { registerAuth } from './auth/index.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerRoutes } from './routes.js';
import { registerLogRecording } from './services/blade-log/recorder.js';
import { maskedLogSerializers } from './services/blade-log/mask.js';
import { canonicalServicePath } from '../src/contracts/business-services.js';

export interface BuildOptions {
  /** Overrides on top of the environment's configuration. */
  config?: Partial<ServerConfig>;
  /** An open database (tests); otherwise one is opened from the configuration. */
  database?: Database;
  /** Secrets (tests); otherwise from the environment or DATA_DIR/secrets. */
  secrets?: Secrets;
  now?: () => number;
  captchaText?: () => string;
  logger?: FastifyServerOptions['logger'];
  /**
   * The export worker (lib/export): started when the app is ready and stopped on close; `false`
   * leaves it stopped (tests drive it with `app.exportJobs.runOnce()` / `drain()`).
   */
  exportWorker?: false | Omit<ExportWorkerOptions, 'logger'>;
  /**
   * The retention job of result and export files (lib/file-retention.ts): started when the app is
   * ready (hourly unless `pollMs` says otherwise) and stopped on close; `false` leaves it stopped
   * (`app.fileRetention.drain()` runs it once).
   */
  fileRetention?: false | Omit<FileRetentionOptions, 'logger'>;
  /**
   * The database is migrated and seeded already (a WORKERS cluster's primary did it before it
   * started the workers, server/cluster.ts): skip migrations and seeds.
   */
  databasePrepared?: boolean;
  /**
   * Whether this process places the demo's client orders (default yes with demo data); in a
   * cluster only the first worker does, so they are placed once.
   */
  demoClientOrders?: boolean;
}

/** Logger options with the masking serializers, whatever the caller gave. */
function maskedLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const given = logger === true ? {} : logger;
  return { ...given, serializers: { ...given.serializers, ...maskedLogSerializers } };
}

/** Migrations, then the system seed and (DEMO_DATA) the demo: what runs once per start. */
export async function prepareDatabase(
  database: Database,
  secrets: Secrets,
  config: ServerConfig,
): Promise<void> {
  await migrate(database.db, database.schema);
  const seed = async (db: Kysely<DB>) => {
    await seedSystem(db, { adminPassword: config.adminPassword });
    if (config.demoData) await seedDemo(db, secrets, { orders: config.demoOrders });
  };
  if (database.dialect !== 'postgres') return seed(database.db);
  // Machines starting together on an empty PostgreSQL seed one after the other: each seed checks
  // what is there first, so the second finds the first's rows (the migrator has its own lock).
  // The lock is held by a connection of its own; the seeds use the pool as before.
  await database.db.connection().execute(async (lock) => {
    await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(lock);
    try {
      await seed(database.db);
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(lock);
    }
  });
}

/** The advisory lock key of the start-up seeds (any constant no other lock uses). */
const SEED_LOCK = 7_302_030;

/** The whole server, ready for `inject` (tests) or `listen` (main.ts). */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: ServerConfig = { ...loadConfig(), ...options.config };
  assertUsableAdminPassword(config.adminPassword);
  // A weak or published signing key is refused before the database is touched.
  const secrets =
    options.secrets ??
    loadSecrets(config.dataDir, {
      jwtSecret: config.jwtSecret,
      rsaPrivateKey: config.rsaPrivateKey,
    });
  assertUsableJwtSecret(secrets.jwtSecret);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: path.join(config.dataDir, 'quanyi.db'),
    }));

  if (!options.databasePrepared) await prepareDatabase(database, secrets, config);

  const app = Fastify({
    // The access log masks credentials in URLs and errors (issue 15 item 1, blade-log/mask.ts).
    logger: maskedLogger(options.logger ?? false),
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY (config.ts): whether X-Forwarded-Proto/-For from a proxy count.
    trustProxy: config.trustProxy,
    // Ids are strings on the wire; nothing needs prototype keys in JSON bodies.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 200 },
    // Business services answer under BLADE_ORG's names too (src/contracts/business-services.ts).
    rewriteUrl: (req) => canonicalServicePath(req.url ?? '/', config.org),
  });

  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    rsa: new RsaTransport(secrets.rsaPrivateKeyPem),
    jwtSecret: secrets.jwtSecret,
    now: options.now ?? epochSeconds,
    captchaText: options.captchaText ?? (() => randomCaptchaText()),
  };
  app.decorate('ctx', ctx);
  const exportJobs = new ExportEngine(ctx, { ...(options.exportWorker || {}), logger: app.log });
  app.decorate('exportJobs', exportJobs);
  if (options.exportWorker !== false) app.addHook('onReady', async () => exportJobs.start());
  const fileRetention = new FileRetention(ctx, {
    ...(options.fileRetention || {}),
    logger: app.log,
  });
  app.decorate('fileRetention', fileRetention);
  if (options.fileRetention !== false) app.addHook('onReady', async () => fileRetention.start());
  // The client side's demo orders go through the open API's service path (demo-client.ts): a
  // few hundred before the server answers, a real volume in the background once it is ready,
  // so `npm start` is not held up (they appear over the first minutes).
  const demoStop = { requested: false };
  let demoClient: Promise<void> | undefined;
  if (config.demoData && options.demoClientOrders !== false) {
    // A failure of the demo (another process seeding the same database) never stops the server.
    const seed = () =>
      seedDemoClient(ctx, {
        orders: config.demoClientOrders,
        logger: app.log,
        stop: demoStop,
      }).catch((err: unknown) => app.log.warn({ err }, 'demo client orders not placed'));
    if (config.demoClientOrders <= DEMO_INLINE_ORDERS) await seed();
    else
      app.addHook('onReady', async () => {
        demoClient = seed();
      });
  }
  app.addHook('onClose', async () => {
    demoStop.requested = true;
    await demoClient;
    await fileRetention.stop();
    await exportJobs.stop();
    if (!options.database) await database.close();
  });

  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  // JSON, forms and multipart only: a text/plain body is 415, not a string a route misreads.
  app.removeContentTypeParser('text/plain');
  // Uploads and imports: each route reads its file with request.file({limits}) and its own size
  // limit; 10 MB is the default for a route that sets none.
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024 } });
  // A refused upload stops reading its body; its answer closes the connection (upload-limit.ts).
  closeUnreadBodies(app);
  // Every rate limit counts in the database (lib/shared-rate-limit.ts): one count per deployment.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(ctx.db) });
  // Per-user limit on list and page reads (lib/list-rate-limit.ts).
  registerListRateLimit(app, config.listRateLimit);
  const staticDir = config.staticDir;
  const pages = readConsolePages(staticDir, config.captcha);
  registerSecurityHeaders(app, pages?.scriptHashes ?? []);
  if (pages && staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      wildcard: true,
      // build-server.mjs writes .br and .gz copies of pages, scripts and styles.
      preCompressed: true,
      maxAge: '1h',
      // A file under assets/ is named by its content's hash: it never changes, so the browser
      // keeps it without asking again (issue 31). The pages themselves are sent as no-cache.
      setHeaders: (reply, file) => {
        if (path.relative(staticDir, file).startsWith(`assets${path.sep}`))
          reply.header('Cache-Control', IMMUTABLE);
      },
    });
  }
  registerErrorHandling(app, pages);
  registerAuth(app);
  // Idempotency-Key on the routes that opt in (lib/idempotency): after auth, before handlers.
  registerIdempotency(app);
  registerApiDocs(app);
  registerLogRecording(app);
  // Lists read again while their tables stand (lib/answer-cache.ts): after the guard and the
  // list rate limit, which still run on every request.
  registerAnswerCache(app, config.answerCacheMb * 1024 * 1024);
  await registerRoutes(app);

  return app;
}
