import type { Kysely } from 'kysely';

/**
 * The profile edit dialog and verification codes (issue 16 item 16), portable between SQLite
 * and PostgreSQL:
 * - `blade_user`: native place and the ID card photos (JSON arrays of `{attachId, name, link}`,
 *   spec section 5 "ID photos required as arrays").
 * - `auth_verify_code`: one-time codes sent by SMS or e-mail (services/blade-auth/
 *   verification-codes.ts), stored as an HMAC only, with expiry, wrong-attempt count and the
 *   moment it was used (single use).
 * - `auth_verify_throttle`: one row per phone, e-mail address or client address counting the
 *   codes sent (one upsert decides, so simultaneous sends cannot pass the limits together).
 * - `blade_email_outbox`: what the embedded e-mail driver "sent" (no network), like
 *   blade_sms_outbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.alterTable('blade_user').addColumn('native_place', 'varchar(255)').execute();
  await s.alterTable('blade_user').addColumn('id_card_front', 'text').execute();
  await s.alterTable('blade_user').addColumn('id_card_back', 'text').execute();

  await s
    .createTable('auth_verify_code')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(100)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)')
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s
    .createIndex('auth_verify_code_target')
    .on('auth_verify_code')
    .columns(['tenant_id', 'channel', 'target', 'purpose', 'created_at'])
    .execute();
  await s
    .createIndex('auth_verify_code_expires')
    .on('auth_verify_code')
    .column('expires_at')
    .execute();

  await s
    .createTable('auth_verify_throttle')
    .addColumn('scope', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(120)', (c) => c.notNull())
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('window_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('auth_verify_throttle_pk', ['scope', 'target'])
    .execute();

  await s
    .createTable('blade_email_outbox')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('email', 'varchar(100)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await s
    .createIndex('blade_email_outbox_tenant')
    .on('blade_email_outbox')
    .columns(['tenant_id', 'create_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.dropTable('blade_email_outbox').execute();
  await s.dropTable('auth_verify_throttle').execute();
  await s.dropTable('auth_verify_code').execute();
  for (const column of ['native_place', 'id_card_front', 'id_card_back'])
    await s.alterTable('blade_user').dropColumn(column).execute();
}
