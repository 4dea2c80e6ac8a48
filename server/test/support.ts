import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import type { ServerConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { RsaTransport } from '../lib/rsa.js';
import { hashPassword } from '../lib/password.js';
import { copyOfTemplate } from './template-database.js';
import { ownDatabase } from './pg-admin.js';
import { DEMO_PASSWORD, DEMO_TENANT } from '../db/seed/demo.js';

/**
 * Server tests run against a fresh database through buildApp() and app.inject (design.md
 * convention 9): in-memory SQLite by default, a throw-away PostgreSQL database when
 * TEST_DATABASE_URL is set (.ci/run runs the server suite both ways).
 */
let rsaPem: string | undefined;
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const ADMIN_PASSWORD = 'Admin@123';
export { DEMO_PASSWORD, DEMO_TENANT, BASIC };

export interface TestOptions {
  captcha?: boolean;
  demo?: boolean;
  tokenRateLimit?: number;
  captchaRateLimit?: number;
  /** A built console to serve (dist/client's layout); none by default. */
  staticDir?: string;
  /** Where the server's own log goes (pino's JSON lines, level debug); no log by default. */
  logStream?: NodeJS.WritableStream;
  /** Any other configuration (OUTBOUND_ALLOWLIST, TRUST_PROXY, ...), applied last. */
  config?: Partial<ServerConfig>;
  /** ADMIN_PASSWORD: the first administrator's password; admin/admin by default. */
  adminPassword?: string;
  /**
   * Another server process on `other`'s database, with its secrets: PostgreSQL through its own
   * pool on the same database, SQLite through the same connection (an in-memory database has
   * one). Close it before `other` (which drops the database).
   */
  sameDatabaseAs?: TestApp;
  /**
   * SQLite even in a PostgreSQL run: for a test that reads the statements the process runs
   * (better-sqlite3 runs them in this thread; PostgreSQL's pool also serves the background jobs).
   */
  sqlite?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** PostgreSQL: where this app's database is (a second app on it opens its own pool). */
  databaseUrl: string | undefined;
  /** Moves the server clock (seconds). */
  advance(seconds: number): void;
  /** The next captcha text the server will draw. */
  nextCaptcha: string;
  encrypt(plain: string): string;
  /** POST oauth/token with the password grant. */
  tokenRequest(
    account: string,
    password: string,
    tenantId?: string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** A signed-in access token (fails the test when login fails). */
  login(account: string, password: string, tenantId?: string): Promise<string>;
  /** The super administrator, with the forced password change already done. */
  adminToken(): Promise<string>;
  /** The demo tenant's administrator. */
  tenantAdminToken(): Promise<string>;
  get(url: string, token?: string, query?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(
    url: string,
    token?: string,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(options: TestOptions = {}): Promise<TestApp> {
  rsaPem ??= RsaTransport.generatePrivateKeyPem();
  const url = options.sqlite ? undefined : process.env.TEST_DATABASE_URL;
  const other = options.sameDatabaseAs;
  const config: Partial<ServerConfig> = {
    captcha: options.captcha ?? false,
    demoData: options.demo ?? true,
    // The money core's demo orders: enough for the lists to have rows, quick to seed per test app.
    demoOrders: 200,
    // Client orders go through the live order path (slower per order): a handful.
    demoClientOrders: 40,
    staticDir: options.staticDir,
    adminPassword: options.adminPassword,
    // A second process on the same database shares the first one's files (one machine).
    dataDir: other?.app.ctx.config.dataDir ?? mkdtempSync(path.join(tmpdir(), 'quanyi-test-')),
    tokenRateLimit: options.tokenRateLimit ?? 10_000,
    captchaRateLimit: options.captchaRateLimit ?? 10_000,
    ...options.config,
  };
  // Another app on `other`'s database (same connection on SQLite, its own pool on PostgreSQL);
  // otherwise a copy of the run's seeded template.
  const copy = other
    ? undefined
    : await copyOfTemplate(
        {
          demoData: config.demoData!,
          demoOrders: config.demoOrders!,
          adminPassword: config.adminPassword,
        },
        rsaPem,
        url,
      );
  // Without a template (a file run outside the server project): a database of its own, seeded.
  const own = other || copy || !url ? undefined : await ownDatabase(url);
  const databaseUrl = other ? other.databaseUrl : (copy?.databaseUrl ?? own?.url);
  const database =
    copy?.database ??
    (other && !url
      ? other.database
      : await openDatabase({
          databaseUrl,
          sqliteFile: ':memory:',
          ...(databaseUrl ? { pgSchema: 'public' } : {}),
        }));
  let offset = 0;
  const state = { nextCaptcha: 'abcde' };
  const app = await buildApp({
    database,
    databasePrepared: Boolean(copy),
    secrets: {
      jwtSecret: other?.app.ctx.jwtSecret ?? copy?.jwtSecret ?? randomBytes(32).toString('hex'),
      rsaPrivateKeyPem: rsaPem,
    },
    config,
    now: () => Math.floor(Date.now() / 1000) + offset,
    captchaText: () => state.nextCaptcha,
    ...(options.logStream ? { logger: { level: 'debug', stream: options.logStream } } : {}),
  });
  const rsa = app.ctx.rsa;

  const inject = (o: InjectOptions) => app.inject(o);
  const authHeaders = (token?: string): Record<string, string> =>
    token ? { 'blade-auth': `bearer ${token}` } : {};

  const tokenRequest = (
    account: string,
    password: string,
    tenantId = '000000',
    headers: Record<string, string> = {},
  ) =>
    inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: BASIC, ...headers },
      query: {
        tenantId,
        username: account,
        password: rsa.encrypt(password),
        grant_type: 'password',
        scope: 'all',
      },
    });

  const login = async (account: string, password: string, tenantId = '000000') => {
    const res = await tokenRequest(account, password, tenantId);
    if (res.statusCode !== 200)
      throw new Error(`login ${account} failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { access_token: string }).access_token;
  };

  let adminReady = false;
  const t: TestApp = {
    app,
    database,
    databaseUrl,
    advance: (s) => {
      offset += s;
    },
    get nextCaptcha() {
      return state.nextCaptcha;
    },
    set nextCaptcha(v: string) {
      state.nextCaptcha = v;
    },
    encrypt: (plain) => rsa.encrypt(plain),
    tokenRequest,
    login,
    adminToken: async () => {
      if (!adminReady) {
        await app.ctx.db
          .updateTable('bladeUser')
          .set({ password: await hashPassword(ADMIN_PASSWORD), mustChangePassword: 0 })
          .where('tenantId', '=', '000000')
          .where('account', '=', 'admin')
          .execute();
        adminReady = true;
      }
      return login('admin', ADMIN_PASSWORD);
    },
    tenantAdminToken: () => login('admin', DEMO_PASSWORD, DEMO_TENANT),
    get: (url, token, query) =>
      inject({ method: 'GET', url, headers: authHeaders(token), ...(query ? { query } : {}) }),
    post: (url, token, body, query) =>
      inject({
        method: 'POST',
        url,
        headers: authHeaders(token),
        ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
        ...(query ? { query } : {}),
      }),
    inject,
    close: async () => {
      await app.close();
      if (database === other?.database) return;
      await database.close();
      await copy?.drop();
      await own?.drop();
    },
  };
  return t;
}

/** The `data` of an enveloped answer, asserting success. */
export function data<T = unknown>(res: LightMyRequestResponse): T {
  const body = res.json() as { code: number; success: boolean; data: T; msg: string };
  if (res.statusCode !== 200 || body.code !== 200 || !body.success) {
    throw new Error(`expected success, got HTTP ${res.statusCode}: ${res.body}`);
  }
  return body.data;
}
