import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { isDatabaseBusy } from './availability.js';

/**
 * SQLite shared by several server processes (issue 24): each process has one connection, and
 * SQLite lets one connection at a time write. Two rules make the processes wait for each other
 * instead of failing:
 *
 * - A transaction starts with `BEGIN IMMEDIATE` (Kysely's driver says `BEGIN`, a deferred
 *   transaction): it takes the write lock before its first read, so the read-check-write of a
 *   state change, an allocation or a debit runs against data no other process can change
 *   meanwhile. A deferred transaction that has read and then writes while another process holds
 *   the lock gets SQLITE_BUSY at once (SQLite does not wait there: the wait could deadlock), or
 *   SQLITE_BUSY_SNAPSHOT when the other process committed since its read; that was the 500
 *   "database is locked". A `read only` transaction (Kysely's setAccessMode) stays deferred: in
 *   WAL mode a reader never waits.
 * - Waiting for the lock is bounded, and mostly asynchronous. better-sqlite3 is synchronous:
 *   while SQLite's busy handler waits (`busy_timeout`), the whole process stops: no other
 *   request, timer or health check runs. So SQLite waits in short slices
 *   (`SQLITE_BUSY_SLICE_MS`, enough for the usual holder, a transaction of a few milliseconds),
 *   and between slices the process sleeps on a timer and serves other work, until
 *   `SQLITE_BUSY_WAIT_MS` have passed. Only a statement outside a transaction is tried again
 *   (`BEGIN IMMEDIATE` itself, or a single autocommit statement such as a job claim or a log
 *   insert): one that failed busy wrote nothing. Inside a transaction nothing is tried again:
 *   a write transaction already holds the lock, and one statement again would not redo those
 *   before it.
 *
 * Past the bound the SQLITE_BUSY error surfaces and the request answers 503 with Retry-After
 * (`isDatabaseBusy`, plugins/errors.ts), as when the database is away: a lock held that long
 * is not a normal transaction (a very large import, an `sqlite3` shell left in a transaction),
 * and a client does better to retry than to hold its connection.
 */

/** SQLite's own busy wait (busy_timeout), synchronous: the longest the process stops at once. */
export const SQLITE_BUSY_SLICE_MS = 100;
/**
 * The longest a statement waits for another process's write lock in all: the 5 s a request
 * waits for a PostgreSQL connection (database.ts) and the busy_timeout this replaces.
 */
export const SQLITE_BUSY_WAIT_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Kysely's connection, with statements outside a transaction retried while the lock is busy. */
class WaitingConnection implements DatabaseConnection {
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly sqlite: SQLite.Database,
    private readonly waitMs: number,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      try {
        return await this.inner.executeQuery<R>(query);
      } catch (error) {
        if (!isDatabaseBusy(error) || this.sqlite.inTransaction || Date.now() >= deadline)
          throw error;
      }
      // Jittered, so two waiting processes do not retry in step.
      await sleep(5 + Math.random() * 20);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** Prepared statements kept per SQL text (the least recently used go first). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely's driver sees it, with `prepare` answered from a cache: Kysely prepares
 * every query it runs, and preparing (parsing and planning the SQL) cost about as much as
 * running it on the order path (issue 27: 1.3 ms of a 5 ms order). A query's SQL text is the
 * same each time its shape is (values are parameters), so most queries hit. A statement still
 * busy (iterated by a stream) is not shared: that prepare gets a fresh one. SQLite re-prepares a
 * cached statement itself after a schema change.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  size = STATEMENT_CACHE_SIZE,
): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      // Most recently used last.
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = sqlite.prepare(source);
    if (!cached) {
      cache.set(source, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
    }
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

class WaitingSqliteDriver extends SqliteDriver {
  private connection: WaitingConnection | undefined;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly waitMs: number,
  ) {
    super({ database: withStatementCache(sqlite) });
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    // Kysely's SQLite driver has one connection behind a mutex; acquiring it takes the mutex.
    const inner = await super.acquireConnection();
    this.connection ??= new WaitingConnection(inner, this.sqlite, this.waitMs);
    return this.connection;
  }

  override async beginTransaction(
    connection: DatabaseConnection,
    settings?: TransactionSettings,
  ): Promise<void> {
    const begin = settings?.accessMode === 'read only' ? 'begin' : 'begin immediate';
    await connection.executeQuery(CompiledQuery.raw(begin));
  }
}

/** Kysely's SqliteDialect with immediate write transactions and a bounded, mostly async wait. */
export class WaitingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly waitMs: number = SQLITE_BUSY_WAIT_MS,
  ) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new WaitingSqliteDriver(this.sqlite, this.waitMs);
  }
}
