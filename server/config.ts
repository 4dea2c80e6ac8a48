import { availableParallelism } from 'node:os';
import path from 'node:path';
import { passwordRuleViolation } from './lib/password.js';
import type { S3Config } from './lib/storage/s3.js';
import { parseOutboundAllowlist, type OutboundAllowlist } from './lib/outbound.js';

/** Runtime configuration, read once from the environment (documented in README.md). */
export interface ServerConfig {
  port: number;
  /**
   * WORKERS: server processes on one port (server/cluster.ts); 1 (the default) runs without a
   * cluster, `auto` one per core.
   */
  workers: number;
  host: string;
  /** Folder for the SQLite file, generated keys and uploaded files. */
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded SQLite database is used. */
  databaseUrl: string | undefined;
  /** HS256 signing secret; generated on first start and kept in dataDir when absent. */
  jwtSecret: string | undefined;
  /** PEM of the RSA private key used for password transport; generated when absent. */
  rsaPrivateKey: string | undefined;
  /** The organisation segment of business service names (blade-{org}-platform-supplier). */
  org: string;
  /** Captcha mode (spec section 9: on). Off lets scripted clients use the password grant. */
  captcha: boolean;
  /** Seed the demo tenant, departments and users on an empty database. */
  demoData: boolean;
  /** DEMO_ORDERS: supplier orders the demo seeds over the last 90 days (times DEMO_SCALE). */
  demoOrders: number;
  /** DEMO_CLIENT_ORDERS: client orders the demo places through the open API path (default DEMO_ORDERS). */
  demoClientOrders: number;
  /** Built console to serve; absent or missing folder means API only. */
  staticDir: string | undefined;
  logLevel: string;
  /** Requests per minute per client address on the token and captcha endpoints. */
  tokenRateLimit: number;
  captchaRateLimit: number;
  /** LIST_RATE_LIMIT: list and page reads per minute per signed-in user (0: no limit). */
  listRateLimit: number;
  /** ANSWER_CACHE_MB: bytes of list answers each process keeps (lib/answer-cache.ts; 0: off). */
  answerCacheMb: number;
  /** Uploaded files go to this S3-compatible bucket when S3_ENDPOINT is set; else DATA_DIR/files. */
  s3: S3Config | undefined;
  /** Largest upload in MB (avatars: 500 KB whatever this says). */
  uploadMaxMb: number;
  /**
   * SESSION_IDLE_HOURS: a session (refresh-token family) whose last sign-in or refresh is older
   * than this ends; default 24 h (README explains the choice). In seconds here.
   */
  sessionIdleSeconds: number;
  /**
   * OUTBOUND_ALLOWLIST: hosts, addresses and CIDR ranges (comma-separated) that settings may
   * point at although they are loopback, private or link-local (lib/outbound.ts).
   */
  outboundAllowlist: OutboundAllowlist;
  /**
   * SUPPLIER_TIMEOUT_MS: how long one call of a supplier's interface may take (driver `http`,
   * and the sandbox's configured latency) before it fails as 供应商接口超时; default 10 s.
   */
  supplierTimeoutMs: number;
  /**
   * The parking operator (services/platform-parking/driver): PARKING_SANDBOX tunes the embedded
   * operator (`sandbox://?latency=200&failureRate=0.1&refuse=1`: latency, unanswered calls,
   * refused refunds); PARKING_HTTP_ENDPOINT, _KEY and _SECRET are the real one's interface, used
   * by lots whose operator is `http` (the lot table keeps no credentials).
   */
  parking: ParkingConfig;
  /**
   * TRUST_PROXY: Fastify's trustProxy. Off by default; `on` trusts any proxy, anything else is
   * a comma-separated list of the proxies' addresses or CIDRs. Decides whether
   * X-Forwarded-Proto/-For count (HSTS, client address).
   */
  trustProxy: boolean | string[];
  /**
   * The first administrator's password (admin, tenant 000000) on an empty database; must meet
   * the password rule. Absent: admin/admin with a forced change at the first login.
   */
  adminPassword: string | undefined;
  /**
   * WECHAT_*: the real WeChat OAuth endpoints for the social grant (issue 16 item 17). Absent
   * (no WECHAT_APPID): the embedded sandbox provider (services/blade-auth/social.ts).
   */
  wechat?: WechatConfig | undefined;
  /**
   * FILE_RETENTION_DAYS: import result files and export files older than this many days are
   * deleted by the retention job (lib/file-retention.ts); default 7.
   */
  fileRetentionDays: number;
}

/** FILE_RETENTION_DAYS when unset. */
export const DEFAULT_FILE_RETENTION_DAYS = 7;
/** The longest retention accepted (ten years): beyond it dates would stop meaning anything. */
export const MAX_FILE_RETENTION_DAYS = 3650;

/**
 * FILE_RETENTION_DAYS: a whole number of days from 1 to MAX_FILE_RETENTION_DAYS; unset or empty
 * is the default. Anything else refuses to start (a typo must not keep or drop files silently).
 */
function retentionDays(value: string | undefined): number {
  const v = value?.trim() ?? '';
  if (v === '') return DEFAULT_FILE_RETENTION_DAYS;
  const n = /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_FILE_RETENTION_DAYS)
    throw new Error(
      `FILE_RETENTION_DAYS must be a whole number of days from 1 to ${MAX_FILE_RETENTION_DAYS}`,
    );
  return n;
}

/** WeChat website login: app id and secret, the console's /wx-login address, the endpoints. */
export interface WechatConfig {
  appId: string;
  secret: string;
  /** The console's /wx-login, absolute (registered with WeChat). */
  redirectUri: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export interface ParkingConfig {
  sandbox: string | undefined;
  endpoint: string | undefined;
  key: string | undefined;
  secret: string | undefined;
}

/** WECHAT_APPID with WECHAT_SECRET and WECHAT_REDIRECT_URI, or none (the sandbox). */
function wechatConfig(env: NodeJS.ProcessEnv): WechatConfig | undefined {
  if (!env.WECHAT_APPID) return undefined;
  const { WECHAT_APPID, WECHAT_SECRET, WECHAT_REDIRECT_URI } = env;
  if (!WECHAT_SECRET || !WECHAT_REDIRECT_URI)
    throw new Error('WECHAT_APPID needs WECHAT_SECRET and WECHAT_REDIRECT_URI');
  return {
    appId: WECHAT_APPID,
    secret: WECHAT_SECRET,
    redirectUri: WECHAT_REDIRECT_URI,
    authorizeUrl: env.WECHAT_AUTHORIZE_URL || 'https://open.weixin.qq.com/connect/qrconnect',
    tokenUrl: env.WECHAT_TOKEN_URL || 'https://api.weixin.qq.com/sns/oauth2/access_token',
    userInfoUrl: env.WECHAT_USERINFO_URL || 'https://api.weixin.qq.com/sns/userinfo',
  };
}

/**
 * Start-up refuses an ADMIN_PASSWORD that breaks the password rule (the message names the rule,
 * never the value).
 */
export function assertUsableAdminPassword(password: string | undefined): void {
  if (password === undefined) return;
  const violation = passwordRuleViolation(password);
  if (violation)
    throw new Error(
      `ADMIN_PASSWORD does not meet the password rule (6-10 characters with at least 3 of ` +
        `uppercase, lowercase, digit, symbol): ${violation}`,
    );
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'off', 'false', 'no'].includes(value.trim().toLowerCase());
}

/** S3_* variables: all of endpoint, bucket, access key and secret, or none. */
function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  if (!env.S3_ENDPOINT) return undefined;
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY } = env;
  if (!S3_BUCKET || !S3_ACCESS_KEY || !S3_SECRET_KEY)
    throw new Error('S3_ENDPOINT needs S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY');
  return {
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    accessKey: S3_ACCESS_KEY,
    secretKey: S3_SECRET_KEY,
    region: env.S3_REGION || 'us-east-1',
    pathStyle: flag(env.S3_PATH_STYLE, true),
  };
}

function trustProxy(value: string | undefined): boolean | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || !flag(v, true)) return false;
  if (['1', 'on', 'true', 'yes'].includes(v.toLowerCase())) return true;
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: int(env.PORT, 8080),
    workers: workerCount(env.WORKERS),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    rsaPrivateKey: env.RSA_PRIVATE_KEY || undefined,
    org: env.BLADE_ORG || 'quanyi',
    captcha: flag(env.CAPTCHA, true),
    demoData: flag(env.DEMO_DATA, true),
    demoOrders: wholeNumber(env.DEMO_ORDERS) ?? 20_000,
    demoClientOrders: wholeNumber(env.DEMO_CLIENT_ORDERS) ?? wholeNumber(env.DEMO_ORDERS) ?? 20_000,
    staticDir: env.STATIC_DIR ? path.resolve(env.STATIC_DIR) : path.resolve('dist/client'),
    logLevel: env.LOG_LEVEL || 'info',
    tokenRateLimit: int(env.TOKEN_RATE_LIMIT, 30),
    captchaRateLimit: int(env.CAPTCHA_RATE_LIMIT, 60),
    // 0 turns it off (README), so a plain positive-int parse would not do.
    listRateLimit: wholeNumber(env.LIST_RATE_LIMIT) ?? 600,
    answerCacheMb: wholeNumber(env.ANSWER_CACHE_MB) ?? 32,
    s3: s3Config(env),
    uploadMaxMb: int(env.UPLOAD_MAX_MB, 10),
    sessionIdleSeconds: int(env.SESSION_IDLE_HOURS, 24) * 3600,
    outboundAllowlist: parseOutboundAllowlist(env.OUTBOUND_ALLOWLIST),
    supplierTimeoutMs: int(env.SUPPLIER_TIMEOUT_MS, 10_000),
    parking: {
      sandbox: env.PARKING_SANDBOX || undefined,
      endpoint: env.PARKING_HTTP_ENDPOINT || undefined,
      key: env.PARKING_HTTP_KEY || undefined,
      secret: env.PARKING_HTTP_SECRET || undefined,
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    wechat: wechatConfig(env),
    fileRetentionDays: retentionDays(env.FILE_RETENTION_DAYS),
  };
}

/** The most WORKERS accepted: more processes than this only share the same cores and database. */
export const MAX_WORKERS = 64;

/**
 * WORKERS: unset or empty is 1, `auto` one per core (os.availableParallelism), else a whole
 * number from 1 to MAX_WORKERS; anything else refuses to start.
 */
function workerCount(value: string | undefined): number {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '') return 1;
  if (v === 'auto') return Math.min(MAX_WORKERS, availableParallelism());
  const n = /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS)
    throw new Error(`WORKERS must be auto or a whole number from 1 to ${MAX_WORKERS}`);
  return n;
}

/** A whole number of at least 0 from the environment; undefined when absent or not one. */
function wholeNumber(value: string | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
