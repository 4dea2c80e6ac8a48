import type { Kysely } from 'kysely';

/**
 * Access parties' files and look-ups (issue 27 item 1): `blade_psclient_file` holds a party's
 * qualification (`kind` 1, psclient-file/listFile) and agreement (`kind` 2, listArgeementFile)
 * files by attach id, as blade_sup_file does for suppliers; an index for `belong-client`, which
 * finds the parties a tenant belongs to in whichever tenant keeps them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('blade_psclient_file')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('attach_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .createIndex('blade_psclient_file_of')
    .on('blade_psclient_file')
    .columns(['tenant_id', 'client_id', 'kind'])
    .execute();
  await s
    .createIndex('blade_psclient_belong')
    .on('blade_psclient')
    .columns(['belong_tenant_id', 'is_deleted'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
