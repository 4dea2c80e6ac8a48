import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import { CamelCaseLiveRowsPlugin } from './live-rows-plugin.js';
import type { DB } from './schema.js';
import { SQLITE_BUSY_SLICE_MS, WaitingSqliteDialect } from './sqlite-dialect.js';
import { FALLBACK_CHECKPOINT_PAGES, startWalCheckpointer } from './wal-checkpointer.js';
import * as m001 from './migrations/001-platform.js';
import * as m002 from './migrations/002-data-export.js';
import * as m003 from './migrations/003-table-set.js';
import * as m004 from './migrations/004-export-jobs.js';
import * as m005 from './migrations/005-imports.js';
import * as m006 from './migrations/006-attach.js';
import * as m008 from './migrations/008-logs.js';
import * as m007 from './migrations/007-system-settings.js';
import * as m009 from './migrations/009-develop.js';
import * as m010 from './migrations/010-media-stock.js';
import * as m011 from './migrations/011-platform-settings.js';
import * as m012 from './migrations/012-list-indexes.js';
import * as m013 from './migrations/013-versions.js';
import * as m014 from './migrations/014-idempotency.js';
import * as m015 from './migrations/015-password-expiry.js';
import * as m016 from './migrations/016-session-idle-grace.js';
import * as m018 from './migrations/018-spent-ciphertexts.js';
import * as m019 from './migrations/019-more-versions.js';
import * as m020 from './migrations/020-profile-verification.js';
import * as m021 from './migrations/021-user-oauth.js';
import * as m022 from './migrations/022-supplier.js';
import * as m027 from './migrations/027-supplier-code-unique.js';
import * as m028 from './migrations/028-supplier-money-core.js';
import * as m031 from './migrations/031-coupon-code-list-indexes.js';
import * as m029 from './migrations/029-sup-order-report-remark.js';
import * as m030 from './migrations/030-coupon-code-expiry.js';
import * as m032 from './migrations/032-sup-file-ticket.js';
import * as m033 from './migrations/033-sup-order-code.js';
import * as m034 from './migrations/034-park-lot.js';
import * as m045 from './migrations/045-client-order-filters.js';
import * as m046 from './migrations/046-park-bills.js';
import * as m047 from './migrations/047-park-master-data.js';
import * as m048 from './migrations/048-advertising.js';
import * as m049 from './migrations/049-finance-service.js';
import * as m050 from './migrations/050-ad-events.js';
import * as m051 from './migrations/051-ad-profit-flow-key.js';
import * as m052 from './migrations/052-workflow.js';
import * as m053 from './migrations/053-park-refund-retry.js';
import * as m054 from './migrations/054-grants-version.js';
import * as m055 from './migrations/055-scope-grants.js';
import * as m056 from './migrations/056-dict-grants.js';
import * as m057 from './migrations/057-data-versions.js';
import * as m037 from './migrations/037-client-core.js';
import * as m038 from './migrations/038-client-parties.js';
import * as m040 from './migrations/040-client-prepay.js';
import * as m043 from './migrations/043-client-content.js';
import * as m041 from './migrations/041-price-plans.js';
import * as m039 from './migrations/039-client-products.js';
import * as m044 from './migrations/044-bulk-orders.js';
import * as m042 from './migrations/042-client-stock-statements.js';
import * as m036 from './migrations/036-system-unique.js';
import * as m035 from './migrations/035-store-group-unique.js';
import * as m025 from './migrations/025-enterprise-register.js';
import * as m023 from './migrations/023-supplier-goods.js';
import * as m024 from './migrations/024-supplier-stores.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL schema the tables live in, when not the default. */
  schema?: string | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... ; absent = SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite file path or ':memory:'. */
  sqliteFile?: string;
  /** SQLite: an in-memory database that starts as a copy of this image (the tests' template). */
  sqliteImage?: Buffer;
  /** PostgreSQL schema to use (tests give each suite its own, created when missing). */
  pgSchema?: string;
  /** SQLite: how long a statement waits for another process's write lock (sqlite-dialect.ts). */
  sqliteBusyWaitMs?: number;
}

// int8 (counts, epoch seconds) as numbers; every id is text so nothing here exceeds 2^53.
pg.types.setTypeParser(20, (v: string) => Number(v));

/**
 * Every migration by name. A file in migrations/ that is missing here never runs: the test beside
 * (migrations.test.ts) fails when the two lists differ.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001-platform': m001,
  '002-data-export': m002,
  '003-table-set': m003,
  '004-export-jobs': m004,
  '005-imports': m005,
  '006-attach': m006,
  '008-logs': m008,
  '007-system-settings': m007,
  '009-develop': m009,
  '010-media-stock': m010,
  '011-platform-settings': m011,
  '012-list-indexes': m012,
  '013-versions': m013,
  '014-idempotency': m014,
  '015-password-expiry': m015,
  '016-session-idle-grace': m016,
  '018-spent-ciphertexts': m018,
  '019-more-versions': m019,
  '020-profile-verification': m020,
  '021-user-oauth': m021,
  '022-supplier': m022,
  '027-supplier-code-unique': m027,
  '025-enterprise-register': m025,
  '023-supplier-goods': m023,
  '024-supplier-stores': m024,
  '028-supplier-money-core': m028,
  '031-coupon-code-list-indexes': m031,
  '029-sup-order-report-remark': m029,
  '030-coupon-code-expiry': m030,
  '032-sup-file-ticket': m032,
  '033-sup-order-code': m033,
  '034-park-lot': m034,
  '036-system-unique': m036,
  '035-store-group-unique': m035,
  '037-client-core': m037,
  '038-client-parties': m038,
  '040-client-prepay': m040,
  '043-client-content': m043,
  '041-price-plans': m041,
  '039-client-products': m039,
  '044-bulk-orders': m044,
  '042-client-stock-statements': m042,
  '045-client-order-filters': m045,
  '046-park-bills': m046,
  '047-park-master-data': m047,
  '048-advertising': m048,
  '049-finance-service': m049,
  '050-ad-events': m050,
  '051-ad-profit-flow-key': m051,
  '052-workflow': m052,
  '053-park-refund-retry': m053,
  '054-grants-version': m054,
  '055-scope-grants': m055,
  '056-dict-grants': m056,
  '057-data-versions': m057,
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const plugins = [new CamelCaseLiveRowsPlugin()];
  if (options.databaseUrl) {
    const schema = options.pgSchema;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // An unreachable database fails a request (503, db/availability.ts) instead of holding it.
      connectionTimeoutMillis: 5000,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // The database going away (stopped, restarted, network) must not end the process: an idle
    // client's error is emitted on the pool, a checked-out client's on the client, and either
    // one without a listener is an uncaught exception. The broken client is discarded; the
    // requests that needed it answer 503 and later ones get fresh connections.
    const ignore = () => {};
    pool.on('error', ignore);
    pool.on('connect', (client) => client.on('error', ignore));
    if (schema) {
      if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('invalid schema name');
      await pool.query(`create schema if not exists ${schema}`);
    }
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, dialect: 'postgres', schema, close: () => db.destroy() };
  }
  const file = options.sqliteImage ? ':memory:' : (options.sqliteFile ?? ':memory:');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = options.sqliteImage ? new SQLite(options.sqliteImage) : new SQLite(file);
  // Several processes may share the file (sqlite-dialect.ts): write transactions start with
  // BEGIN IMMEDIATE; SQLite's own busy wait blocks the process, so it is a short slice (set
  // first: the pragmas below may wait too) and the dialect waits the rest asynchronously.
  sqlite.pragma(`busy_timeout = ${String(SQLITE_BUSY_SLICE_MS)}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // Checkpoints run in a worker thread (wal-checkpointer.ts); this connection's own is a bound.
  const checkpointer = file === ':memory:' ? undefined : startWalCheckpointer(file);
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${String(FALLBACK_CHECKPOINT_PAGES)}`);
  const dialect = new WaitingSqliteDialect(sqlite, options.sqliteBusyWaitMs);
  const db = new Kysely<DB>({ dialect, plugins });
  const close = async () => {
    await checkpointer?.stop();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', close };
}

/** Runs every pending migration; the same set on SQLite and PostgreSQL. */
export async function migrate(db: Kysely<DB>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    // Kysely looks for its lock table in any schema unless told which one: name it, so
    // databases shared by several schemas (the test suites) do not see each other's.
    ...(schema ? { migrationTableSchema: schema } : {}),
    // Migrations written side by side may land out of number order; each one stands alone
    // (its own tables or indexes), so a database that ran a later number first still takes
    // the earlier one.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Case-insensitive LIKE that behaves the same on both databases. */
export function likeOperator(dialect: Dialect): 'like' | 'ilike' {
  return dialect === 'postgres' ? 'ilike' : 'like';
}

export { sql };
