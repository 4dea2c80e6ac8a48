import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { triggersOnChange } from './054-grants-version.js';

/**
 * Data versions (issue 30): a counter per table that triggers move on every insert, update or
 * delete, in the writing transaction, so no write path (a route, a job, another process, an
 * operator's SQL) can forget it. The answer cache (lib/answer-cache.ts) keys a list's answer by
 * the versions of the tables it reads: an answer is served again only while none of them has
 * changed, on any process.
 *
 * One row per table on SQLite (one writer at a time). On PostgreSQL a single row per table
 * would make every transaction writing that table wait for the previous one's commit (the row
 * lock), and two transactions writing two tables in opposite orders could deadlock on them; so
 * each connection (backend) counts in its own row, which no other transaction ever locks, and a
 * table's version is the sum of its rows. Rows only grow, so the sum moves with every committed
 * write. `compactDataVersions` folds the rows of ended backends into row 0 at start-up.
 */
export const DATA_VERSION_TABLES = [
  'blade_user',
  'blade_post',
  'blade_log_usual',
  'blade_log_api',
  'blade_log_error',
  'blade_sup',
  'blade_sup_good',
  'blade_sup_order',
  'blade_sup_coupon_code',
  'blade_sup_return_order',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_data_version')
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('backend', 'integer', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('blade_data_version_pk', ['table_name', 'backend'])
    .execute();
  for (const table of DATA_VERSION_TABLES)
    await sql`insert into blade_data_version (table_name, backend, version)
      values (${table}, 0, 1)`.execute(db);
  await bumpDataVersionOnChange(db, DATA_VERSION_TABLES);
}

/** Triggers that move `tables`' data versions on every insert, update or delete. */
export async function bumpDataVersionOnChange(
  db: Kysely<unknown>,
  tables: readonly string[],
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    // Once per statement, in this backend's own row (see above).
    await sql`create or replace function blade_bump_data_version() returns trigger
      language plpgsql as $$
      begin
        insert into blade_data_version (table_name, backend, version)
          values (TG_TABLE_NAME, pg_backend_pid(), 1)
          on conflict (table_name, backend)
          do update set version = blade_data_version.version + 1;
        return null;
      end $$`.execute(db);
  // SQLite: a row trigger (about a microsecond a row), one row per table.
  await triggersOnChange(db, tables, {
    name: 'data_version',
    pgFunction: 'blade_bump_data_version',
    sqliteStatement: (table) => sql`update blade_data_version set version = version + 1
      where table_name = ${sql.lit(table)} and backend = 0`,
  });
}

/**
 * PostgreSQL: folds the rows of backends that have ended into row 0 (one statement, so a reader
 * sees the same sums before and after). Run at start-up; without it each new connection would
 * leave one row per table behind.
 */
export async function compactDataVersions<D>(db: Kysely<D>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`with gone as (
      delete from blade_data_version d
      where d.backend <> 0
        and not exists (select 1 from pg_stat_activity a where a.pid = d.backend)
      returning table_name, version)
    insert into blade_data_version (table_name, backend, version)
      select table_name, 0, sum(version) from gone group by table_name
    on conflict (table_name, backend)
    do update set version = blade_data_version.version + excluded.version`.execute(db);
}
