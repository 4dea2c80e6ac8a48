import { sql, type Kysely } from 'kysely';

/**
 * Uniqueness among live rows, as a database fact. `liveUniqueIndex` (for migrations) makes a
 * partial unique index over the columns of the rows that are not logically deleted, so a removed
 * record's code can be used again and two racing writes cannot both land; `isUniqueViolation`
 * tells the engine a write lost that race (SQLite and PostgreSQL say it differently).
 */
export async function liveUniqueIndex(
  db: Kysely<unknown>,
  table: string,
  columns: readonly string[],
): Promise<void> {
  await db.schema
    .createIndex(`${table}_uq_${columns.join('_')}`)
    .on(table)
    .columns([...columns])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();
}

/** A write refused by a unique index or constraint. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // better-sqlite3: SQLITE_CONSTRAINT_UNIQUE (PRIMARYKEY is an id clash, not a business rule);
  // pg: SQLSTATE 23505 unique_violation.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
