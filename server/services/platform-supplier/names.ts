import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { chunks } from '../../lib/chunks.js';

/**
 * The names the supplier service's answers show beside ids: suppliers and goods of the tenant,
 * id -> name, looked up in chunks (an `in (...)` stays within the databases' parameter limits).
 * Removed ones are named too (an order keeps naming the supplier it was charged to), unless
 * `live` asks for the ones not removed only.
 */
export async function supplierNames(
  db: Kysely<DB>,
  tenantId: string,
  ids: readonly (string | null | undefined)[],
  { live = false }: { live?: boolean } = {},
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks(distinct(ids))) {
    let query = db
      .selectFrom('bladeSup')
      .select(['id', 'supName'])
      .where('tenantId', '=', tenantId)
      .where('id', 'in', part);
    if (live) query = query.where('isDeleted', '=', 0);
    for (const r of await query.execute()) out.set(r.id, r.supName);
  }
  return out;
}

/** Goods names of the tenant by id, removed goods included. */
export async function goodNames(
  db: Kysely<DB>,
  tenantId: string,
  ids: readonly (string | null | undefined)[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks(distinct(ids)))
    for (const r of await db
      .selectFrom('bladeSupGood')
      .select(['id', 'goodName'])
      .where('tenantId', '=', tenantId)
      .where('id', 'in', part)
      .execute())
      out.set(r.id, r.goodName);
  return out;
}

const distinct = (ids: readonly (string | null | undefined)[]): string[] =>
  [...new Set(ids)].filter((id): id is string => Boolean(id));
