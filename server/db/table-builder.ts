import type { CreateTableBuilder, Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's columns
type Builder = CreateTableBuilder<string, any>;

/**
 * The columns every engine table has (contract.md 4.0), for a migration creating one: text id,
 * tenant (unless global), the audit columns with text dates, status, the logic-delete flag and,
 * for a table that locks optimistically (`versioned: true` in its declaration), `version`.
 * `columns` adds the table's own between the tenant and the audit columns.
 */
export async function createEngineTable(
  db: Kysely<unknown>,
  table: string,
  options: { scope: 'tenant' | 'global'; versioned?: boolean },
  columns: (t: Builder) => Builder,
): Promise<void> {
  let t: Builder = db.schema
    .createTable(table)
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey());
  if (options.scope === 'tenant') t = t.addColumn('tenant_id', 'varchar(12)', (c) => c.notNull());
  t = columns(t)
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_dept', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_user', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));
  if (options.versioned) t = t.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
  await t.execute();
}
