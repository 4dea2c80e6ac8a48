import type { Kysely } from 'kysely';

/**
 * Spent login ciphertexts (issue 15 item 1, several server processes): the SHA-256 of each
 * stamped password ciphertext that was presented, kept until its stamp can no longer be
 * accepted (`expires_at`, epoch seconds). The primary key lets one conditional insert claim a
 * ciphertext, so two processes or two simultaneous requests cannot both accept it
 * (services/blade-auth/password-stamp.ts). Portable between SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_spent_ciphertext')
    .addColumn('digest', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_spent_ciphertext_expires')
    .on('auth_spent_ciphertext')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_spent_ciphertext').execute();
}
