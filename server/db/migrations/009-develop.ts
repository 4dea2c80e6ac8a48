import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { nextId } from '../../lib/ids.js';
import { nowText } from '../../lib/time.js';

/**
 * Code generation and data sources (contract.md 4.14, service blade-develop): global platform
 * tables, written by the super administrator only. Portable between SQLite and PostgreSQL like
 * 001: text ids, text dates, integer flags.
 *
 * Also records the embedded database as the first data source, named '内置数据库', with the
 * driver of the dialect it runs on: the code generator reads table columns from that one only
 * (services/blade-develop/embedded.ts recognises it by the same driver and url). It is inserted
 * here rather than by the seed so that databases created before this migration get it too, and
 * once: a removed row is not brought back.
 */
type Builder = CreateTableBuilder<string, never>;

function audit(t: Builder): Builder {
  return t
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_dept', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_user', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await audit(
    s
      .createTable('blade_datasource')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('driver_class', 'varchar(100)', (c) => c.notNull())
      .addColumn('url', 'varchar(500)', (c) => c.notNull())
      .addColumn('username', 'varchar(50)')
      // Never answered by the API (the mask instead); kept to connect with.
      .addColumn('password', 'varchar(50)')
      .addColumn('remark', 'varchar(255)'),
  ).execute();

  // base_mode / wrap_mode: 1 no, 2 yes (BladeX).
  await audit(
    s
      .createTable('blade_code')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('datasource_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('service_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('code_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('table_prefix', 'varchar(64)')
      .addColumn('pk_name', 'varchar(32)', (c) => c.notNull())
      .addColumn('package_name', 'varchar(500)')
      .addColumn('base_mode', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('wrap_mode', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('api_path', 'varchar(2000)')
      .addColumn('web_path', 'varchar(2000)'),
  ).execute();
  await s.createIndex('blade_code_datasource').on('blade_code').column('datasource_id').execute();

  // The Kysely adapter tells the dialect (a migration is not given the app's context).
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const [driver, url] = postgres
    ? ['org.postgresql.Driver', 'jdbc:postgresql:embedded']
    : ['org.sqlite.JDBC', 'jdbc:sqlite:embedded'];
  const now = nowText();
  await sql`
    insert into blade_datasource (id, name, driver_class, url, username, password, remark,
      create_time, update_time, status, is_deleted)
    values (${nextId()}, '内置数据库', ${driver}, ${url}, null, null,
      '服务器自带的数据库（代码生成只能读取它的表）', ${now}, ${now}, 1, 0)
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
