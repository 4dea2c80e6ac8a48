import type { Kysely } from 'kysely';

/**
 * Social login (issue 16 item 17), portable between SQLite and PostgreSQL:
 * - `blade_user_oauth`: a third-party account (source + open id) bound to a user of a tenant;
 *   one binding per tenant, source and open id.
 * - `auth_social_ticket`: short-lived one-time tickets, stored as SHA-256 only: `state` (the
 *   CSRF state of an authorisation round trip, issued by oauth/render and spent by the social
 *   grant) and `bind` (an unbound open id waiting for /wx-relate-phone to prove a phone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('blade_user_oauth')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('open_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('union_id', 'varchar(128)')
    .addColumn('nickname', 'varchar(100)')
    .addColumn('avatar', 'varchar(500)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await s
    .createIndex('blade_user_oauth_open_id')
    .on('blade_user_oauth')
    .columns(['tenant_id', 'source', 'open_id'])
    .unique()
    .execute();
  await s
    .createIndex('blade_user_oauth_user')
    .on('blade_user_oauth')
    .columns(['tenant_id', 'user_id'])
    .execute();

  await s
    .createTable('auth_social_ticket')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('open_id', 'varchar(128)')
    .addColumn('union_id', 'varchar(128)')
    .addColumn('nickname', 'varchar(100)')
    .addColumn('avatar', 'varchar(500)')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await s
    .createIndex('auth_social_ticket_expires')
    .on('auth_social_ticket')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_social_ticket').execute();
  await db.schema.dropTable('blade_user_oauth').execute();
}
