import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * The picture and video stock (issue 6 part 4): per tenant, like attachments (006). Pictures
 * sit in a folder tree (`parent_id` / `folder_id` '0' = the top level); `object_key` is the key
 * the server made (`<tenant>/pic/<random>.<ext>`, `<tenant>/video/<random>.<ext>`) and `link`
 * the public address built from it. Portable between SQLite and PostgreSQL: text ids and dates,
 * integer flags, bigint sizes.
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

/** What a stored file row carries (pictures and videos alike). */
function file(t: Builder): Builder {
  return t
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('object_key', 'varchar(500)', (c) => c.notNull())
    .addColumn('link', 'varchar(1000)', (c) => c.notNull())
    .addColumn('extension', 'varchar(16)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await audit(
    s
      .createTable('blade_pic_folder')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await s
    .createIndex('blade_pic_folder_tenant')
    .on('blade_pic_folder')
    .columns(['tenant_id', 'is_deleted', 'parent_id'])
    .execute();

  await audit(
    file(
      s
        .createTable('blade_pic')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
        .addColumn('folder_id', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
        .addColumn('name', 'varchar(255)', (c) => c.notNull()),
    )
      .addColumn('width', 'integer')
      .addColumn('height', 'integer'),
  ).execute();
  await s
    .createIndex('blade_pic_folder_time')
    .on('blade_pic')
    .columns(['tenant_id', 'is_deleted', 'folder_id', 'create_time'])
    .execute();
  await s.createIndex('blade_pic_key').on('blade_pic').column('object_key').execute();

  await audit(
    file(
      s
        .createTable('blade_video')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull()),
    ),
  ).execute();
  await s
    .createIndex('blade_video_tenant_time')
    .on('blade_video')
    .columns(['tenant_id', 'is_deleted', 'create_time'])
    .execute();
  await s.createIndex('blade_video_key').on('blade_video').column('object_key').execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
