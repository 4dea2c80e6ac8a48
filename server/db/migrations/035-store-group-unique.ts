import { sql, type Kysely } from 'kysely';
import { nowText } from '../../lib/time.js';
import type { DB } from '../schema.js';
import { liveUniqueIndex } from '../unique.js';

/** The longest group name (blade_sup_store_group.group_name, the contract's maxLength). */
const NAME_MAX = 64;

/** `name` with the suffix ` (n)`, shortened so that both fit in NAME_MAX characters. */
const suffixed = (name: string, n: number) => {
  const suffix = ` (${n})`;
  return `${[...name].slice(0, NAME_MAX - suffix.length).join('')}${suffix}`;
};

/**
 * A store group's name is unique among the live groups of its tenant (the contract's `unique`,
 * contracts/platform-supplier/store-group.ts): saveGroup's check answers 409 naming the field,
 * and this partial unique index holds when two saves race past it. Live duplicates written
 * before the index (by such a race) would make it fail, so they are renamed first: per tenant
 * and name, the oldest group keeps the name, each later one takes the first free ` (2)`,
 * ` (3)`, ... suffix (its version moves on, so an edit opened before sees it changed).
 */
export async function up(migrationDb: Kysely<unknown>): Promise<void> {
  // Migrations get the app's Kysely (CamelCasePlugin included), typed loosely.
  const db = migrationDb as unknown as Kysely<DB>;
  const groups = await db
    .selectFrom('bladeSupStoreGroup')
    .select(['id', 'tenantId', 'groupName'])
    .where('isDeleted', '=', 0)
    .orderBy('tenantId')
    .orderBy('createTime')
    .orderBy('id')
    .execute();
  const taken = new Map<string, Set<string>>();
  for (const g of groups) {
    const names = taken.get(g.tenantId) ?? new Set<string>();
    taken.set(g.tenantId, names);
    names.add(g.groupName);
  }
  const kept = new Set<string>();
  const now = nowText();
  for (const g of groups) {
    const key = `${g.tenantId}\u0000${g.groupName}`;
    if (!kept.has(key)) {
      kept.add(key);
      continue;
    }
    const names = taken.get(g.tenantId)!;
    let n = 2;
    while (names.has(suffixed(g.groupName, n))) n += 1;
    const name = suffixed(g.groupName, n);
    names.add(name);
    await db
      .updateTable('bladeSupStoreGroup')
      .set({ groupName: name, updateTime: now, version: sql<number>`version + 1` })
      .where('id', '=', g.id)
      .execute();
  }
  await liveUniqueIndex(migrationDb, 'blade_sup_store_group', ['tenant_id', 'group_name']);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
