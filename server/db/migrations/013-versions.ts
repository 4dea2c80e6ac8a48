import type { Kysely } from 'kysely';

/**
 * Optimistic locking for every table edited through a declared resource's submit (issue 15,
 * item 10): before this, two operators saving the same post or notice both succeeded and the
 * later one silently overwrote the earlier. Each gets `version` (1 for existing rows); lib/table
 * updates `where version = given`, bumps it, and answers 409 when the row moved on.
 */
export const VERSIONED_TABLES = [
  'blade_post',
  'blade_notice',
  'blade_tenant_package',
  'blade_client',
  'blade_scope_data',
  'blade_scope_api',
  'blade_sms',
  'blade_oss',
  'blade_datasource',
  'blade_code',
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
