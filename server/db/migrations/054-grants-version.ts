import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The grants version (issue 30): one counter that every change to what decides a user's
 * permissions moves, by triggers, so no write path (a route, a seed, an operator's SQL) can
 * forget it. Each request reads it with its session (auth/session.ts) and the caches of
 * permission codes, role aliases and menu routes (auth/grants-cache.ts) hold only for the
 * version they were built at: a grant removed on one process takes effect on every process at
 * its next request, while an unchanged version costs no permission query at all.
 */
export const GRANT_TABLES = [
  'blade_menu',
  'blade_role',
  'blade_role_menu',
  'blade_tenant',
  'blade_tenant_package',
  'blade_top_menu',
  'blade_top_menu_setting',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_cache_version')
    .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into blade_cache_version (name, version) values ('grants', 1)`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Once per statement: a bulk grant moves the version once.
    await sql`create or replace function blade_bump_grants() returns trigger language plpgsql as $$
      begin
        update blade_cache_version set version = version + 1 where name = 'grants';
        return null;
      end $$`.execute(db);
  }
  await bumpGrantsOnChange(db, GRANT_TABLES);
}

/** Triggers that move the grants version on every insert, update or delete of `tables`. */
export async function bumpGrantsOnChange(
  db: Kysely<unknown>,
  tables: readonly string[],
): Promise<void> {
  // PostgreSQL: once per statement (function blade_bump_grants, above): a bulk grant moves it
  // once.
  await triggersOnChange(db, tables, {
    name: 'grants',
    pgFunction: 'blade_bump_grants',
    sqliteStatement: () =>
      sql`update blade_cache_version set version = version + 1 where name = 'grants'`,
  });
}

/**
 * Triggers named `<table>_<name>` on every insert, update or delete of `tables`: on PostgreSQL
 * once per statement, running `pgFunction` (a trigger function of no arguments); SQLite has row
 * triggers only (`<table>_<name>_<event>`), each running `sqliteStatement(table)`.
 */
export async function triggersOnChange(
  db: Kysely<unknown>,
  tables: readonly string[],
  trigger: {
    name: string;
    pgFunction: string;
    sqliteStatement: (table: string) => RawBuilder<unknown>;
  },
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of tables)
      await sql`create trigger ${sql.raw(`${table}_${trigger.name}`)}
        after insert or update or delete on ${sql.table(table)}
        for each statement execute function ${sql.raw(trigger.pgFunction)}()`.execute(db);
    return;
  }
  for (const table of tables)
    for (const event of ['insert', 'update', 'delete'])
      await sql`create trigger ${sql.raw(`${table}_${trigger.name}_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          ${trigger.sqliteStatement(table)};
        end`.execute(db);
}
