import { sql, type Kysely } from 'kysely';

/**
 * Refresh grace window and idle limit (issue 15 item 9) on auth_session, portable between SQLite
 * and PostgreSQL: `last_used_at` (epoch seconds of the sign-in or the last refresh; the idle limit
 * counts from it), `prev_refresh_jti` and `rotated_at` (the refresh token the last rotation spent
 * and when, so the same token presented again within a few seconds gets the same new pair).
 * Sessions open at the upgrade count as used at the upgrade, so none ends on the idle limit
 * because of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('auth_session')
    .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.alterTable('auth_session').addColumn('prev_refresh_jti', 'varchar(64)').execute();
  await s.alterTable('auth_session').addColumn('rotated_at', 'bigint').execute();
  const now = Math.floor(Date.now() / 1000);
  await sql`update auth_session set last_used_at = ${now}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['last_used_at', 'prev_refresh_jti', 'rotated_at'])
    await db.schema.alterTable('auth_session').dropColumn(column).execute();
}
