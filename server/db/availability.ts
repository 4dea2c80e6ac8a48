/**
 * Whether the database is away (server stopped or restarting, network gone) rather than a query
 * being wrong. Such a failure answers 503 with `DATABASE_UNAVAILABLE_MESSAGE` (plugins/errors.ts)
 * instead of a 500: the server stays up, and the pool opens fresh connections once the database
 * is back, so requests succeed again without a restart.
 */
export const DATABASE_UNAVAILABLE_MESSAGE = '服务暂不可用，请稍后重试';

/** Node's socket errors when the database cannot be reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** pg's messages for a connection that died or could not be made (they carry no code). */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (SOCKET_CODES.has(code)) return true;
      // SQLSTATE class 08 (connection exception); 57P01-57P03 (admin shutdown, crash
      // shutdown, cannot connect now: the server is stopping or starting).
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code)) return true;
    }
    if (typeof message === 'string' && PG_CONNECTION_MESSAGES.includes(message)) return true;
    // AggregateError (a host with several addresses) and wrapped causes.
    const inner = (e as { errors?: unknown[] }).errors?.[0] ?? (e as { cause?: unknown }).cause;
    e = inner;
  }
  return false;
}

/**
 * Whether another SQLite connection (another server process on the same file) held the write
 * lock longer than this one waits for it (db/sqlite-dialect.ts): SQLITE_BUSY and its extended
 * codes (SQLITE_BUSY_SNAPSHOT, _RECOVERY, _TIMEOUT). The request answers 503 with
 * `DATABASE_UNAVAILABLE_MESSAGE` and Retry-After, like a database that is away: trying again
 * later succeeds, and nothing was written.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^SQLITE_BUSY(_[A-Z]+)?$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
