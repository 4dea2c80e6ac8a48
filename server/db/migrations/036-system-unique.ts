import { sql, type Kysely } from 'kysely';
import { liveUniqueIndex } from '../unique.js';

/**
 * Unique indexes behind the unique rules of the system tables' declarations (issue 26: one
 * mechanism, 409 `field:message`, race-free). A database that already holds live duplicates
 * (written before the rule, or by a race it lost) keeps its rows: that index is left out and
 * the engine's check alone answers, as before.
 */
const RULES: readonly [table: string, columns: readonly string[]][] = [
  ['blade_oss', ['tenant_id', 'oss_code']],
  ['blade_sms', ['tenant_id', 'sms_code']],
  ['blade_datasource', ['name']],
  ['blade_scope_api', ['menu_id', 'scope_path']],
  ['blade_scope_data', ['menu_id', 'scope_name']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of RULES) {
    const list = sql.join(columns.map((c) => sql.ref(c)));
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from (
        select ${list} from ${sql.table(table)} where is_deleted = 0
        group by ${list} having count(*) > 1
      ) duplicates
    `.execute(db);
    if (Number(rows[0]?.n ?? 0) > 0) {
      console.warn(`${table}: live duplicates of (${columns.join(', ')}); no unique index`);
      continue;
    }
    await liveUniqueIndex(db, table, columns);
  }
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
