import type { Kysely } from 'kysely';
import { createEngineTable } from '../table-builder.js';
import { addScreenButtons } from '../seed/screen-buttons.js';

/**
 * Bulk client orders (issue 27 item 5, contracts/platform-client/bulk-order.ts): a batch is one
 * uploaded xlsx for one app, placed row by row by a job (services/platform-client/bulk-order).
 * `upload_key` and `result_key` name objects of the file storage (lib/storage); `claimed_at` is
 * the running worker's lease (epoch seconds).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createEngineTable(
    db,
    'blade_client_order_import_batch',
    { scope: 'tenant', versioned: true },
    (t) =>
      t
        .addColumn('batch_no', 'varchar(40)', (c) => c.notNull())
        .addColumn('client_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('upload_key', 'varchar(255)')
        .addColumn('result_key', 'varchar(255)')
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('succeeded', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
        // bulkOrderBatchLifecycle: waiting | running | done | failed | cancelled
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('waiting'))
        .addColumn('error', 'varchar(500)')
        .addColumn('started_at', 'varchar(19)')
        .addColumn('finished_at', 'varchar(19)')
        .addColumn('claimed_at', 'bigint'),
  );
  // The list: the tenant's live batches, newest first.
  await db.schema
    .createIndex('blade_client_order_import_batch_list')
    .on('blade_client_order_import_batch')
    .columns(['tenant_id', 'is_deleted', 'create_time'])
    .execute();
  // The worker's claim (oldest waiting) and sweep (running with an old lease).
  await db.schema
    .createIndex('blade_client_order_import_batch_state')
    .on('blade_client_order_import_batch')
    .columns(['state', 'create_time'])
    .execute();
  await addScreenButtons(db, 'bulk_order');
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
