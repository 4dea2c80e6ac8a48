import type { Kysely } from 'kysely';

/**
 * Idempotency keys (issue 15, item 11; lib/idempotency): one row per (tenant, user, key). The
 * first request claims the key with an INSERT the unique index lets only one request win; its
 * answer (status, content type, body) is stored once it is sent, and a repeat of the same request
 * is answered from here. Rows older than 24 hours are deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_idempotency')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('idem_key', 'varchar(200)', (c) => c.notNull())
    // 'POST /api/...' as registered: the same key on another route is another request.
    .addColumn('route', 'varchar(300)', (c) => c.notNull())
    // sha-256 (hex) of the request: query string and body.
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    // Null while the first request is being handled.
    .addColumn('status_code', 'integer')
    .addColumn('content_type', 'varchar(200)')
    .addColumn('response', 'text')
    // Epoch seconds.
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('blade_idempotency_key')
    .on('blade_idempotency')
    .columns(['tenant_id', 'user_id', 'idem_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('blade_idempotency_created')
    .on('blade_idempotency')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_idempotency').execute();
}
