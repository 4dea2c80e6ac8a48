import type { Kysely } from 'kysely';

/**
 * Optimistic locking for the tables edited by hand-written submits (issue 15, item 10; 013 did
 * the declared ones): tenants, top menus, menus, regions, picture folders, attachments (renamed)
 * and personalisations. Each gets `version` (1 for existing rows); their updates run
 * `where version = given`, bump it, and answer 409 when the row moved on.
 */
export const VERSIONED_TABLES = [
  'blade_tenant',
  'blade_top_menu',
  'blade_menu',
  'blade_region',
  'blade_pic_folder',
  'blade_attach',
  'blade_personalise',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED_TABLES)
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED_TABLES)
    await db.schema.alterTable(table).dropColumn('version').execute();
}
