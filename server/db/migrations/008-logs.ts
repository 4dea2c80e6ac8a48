import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * The logs of blade-log (contract.md 4.13): API calls that wrote something, unhandled errors
 * (500s) and explicit events such as logins. Every row belongs to a tenant; dates are text in the
 * wire format like every other table. `reference` (error logs) is the id the error envelope
 * showed the caller, so a report can be matched to its row.
 */
type Builder = CreateTableBuilder<string, never>;

function common(t: Builder): Builder {
  return t
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().defaultTo('000000'))
    .addColumn('service_id', 'varchar(32)')
    .addColumn('server_host', 'varchar(255)')
    .addColumn('server_ip', 'varchar(255)')
    .addColumn('env', 'varchar(255)')
    .addColumn('method', 'varchar(10)')
    .addColumn('request_uri', 'varchar(2000)')
    .addColumn('user_agent', 'varchar(1000)')
    .addColumn('remote_ip', 'varchar(255)')
    .addColumn('method_class', 'varchar(255)')
    .addColumn('method_name', 'varchar(255)')
    .addColumn('params', 'text')
    .addColumn('time', 'varchar(64)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await common(s.createTable('blade_log_api'))
    .addColumn('type', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('title', 'varchar(255)')
    .execute();
  await common(s.createTable('blade_log_error'))
    .addColumn('reference', 'varchar(64)')
    .addColumn('stack_trace', 'text')
    .addColumn('exception_name', 'varchar(255)')
    .addColumn('message', 'text')
    .addColumn('line_number', 'integer')
    .addColumn('file_name', 'varchar(1000)')
    .execute();
  await common(s.createTable('blade_log_usual'))
    .addColumn('log_level', 'varchar(10)')
    .addColumn('log_id', 'varchar(100)')
    .addColumn('log_data', 'text')
    .execute();
  for (const table of ['blade_log_api', 'blade_log_error', 'blade_log_usual'])
    await s
      .createIndex(`${table}_tenant_time`)
      .on(table)
      .columns(['tenant_id', 'create_time'])
      .execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
