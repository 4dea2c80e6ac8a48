import type { Kysely } from 'kysely';

/**
 * Export tasks become jobs (issue 6): a queued task names the service and excel type that write
 * it, the list filters and the caller it runs as; a worker claims it (lease owner + lease expiry,
 * renewed while it runs) and reports progress. Downloads go through one-time tickets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  const add = async (
    name: string,
    type: 'varchar(200)' | 'varchar(64)' | 'varchar(19)' | 'text' | 'integer' | 'bigint',
    notNullDefault?: number,
  ) => {
    await s
      .alterTable('blade_data_export')
      .addColumn(name, type, (c) =>
        notNullDefault === undefined ? c : c.notNull().defaultTo(notNullDefault),
      )
      .execute();
  };
  // Which exporter writes the file: `POST {service}/excel/export/async` with `excelType`.
  await add('service', 'varchar(200)');
  // The list's parameters (filters and sorts) as JSON, read again by the worker.
  await add('query', 'text');
  // The caller as authenticated when the task was created (JSON): tenant, roles, departments.
  await add('caller', 'text');
  await add('progress', 'integer', 0);
  await add('row_count', 'integer', 0);
  await add('total_rows', 'integer');
  await add('file_size', 'bigint');
  // The worker that holds the job, and until when (epoch seconds); an expired lease = crashed.
  await add('lease_owner', 'varchar(64)');
  await add('lease_expires', 'bigint');
  await add('start_time', 'varchar(19)');
  await add('finish_time', 'varchar(19)');
  await s
    .createIndex('blade_data_export_status')
    .on('blade_data_export')
    .columns(['status', 'create_time'])
    .execute();

  // Posts in their list order within a tenant (the bench's resource): the first pages of the
  // list and the export's keyset batches read this index in order instead of sorting the tenant.
  await s
    .createIndex('blade_post_tenant_sort')
    .on('blade_post')
    .columns(['tenant_id', 'is_deleted', 'sort', 'id'])
    .execute();

  // One-time download tickets: the sha-256 of the ticket is the key (a database read reveals no
  // usable ticket); a ticket is spent by a conditional update, so it works once across processes.
  await s
    .createTable('blade_export_ticket')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('task_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await s
    .createIndex('blade_export_ticket_expires')
    .on('blade_export_ticket')
    .column('expires_at')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
