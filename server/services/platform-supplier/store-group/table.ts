import { storeGroupContract } from '../../../../src/contracts/platform-supplier/store-group.js';
import { conflict } from '../../../lib/errors.js';
import { defineContractTable } from '../../../lib/table/index.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { chunks } from '../../../lib/chunks.js';

export const DUPLICATE_GROUP = `groupName:${storeGroupContract.fields.groupName.unique.zh}`;

/**
 * A group name is unique among the tenant's live groups (the contract's `unique`, backed by the
 * partial unique index of migration 035): 409 naming the field.
 */
export async function assertGroupNameFree(
  db: Kysely<DB>,
  tenantId: string,
  groupName: string,
  id?: string,
): Promise<void> {
  let q = db
    .selectFrom('bladeSupStoreGroup')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .where('groupName', '=', groupName);
  if (id) q = q.where('id', '<>', id);
  if (await q.executeTakeFirst()) throw conflict(DUPLICATE_GROUP);
}

/** Live stores per group. */
export async function storeCounts(
  db: Kysely<DB>,
  tenantId: string,
  groupIds: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const part of chunks([...groupIds]))
    for (const r of await db
      .selectFrom('bladeSupStoreGroupRel as r')
      .innerJoin('bladeSupStore as s', 's.id', 'r.storeId')
      .select((eb) => ['r.groupId', eb.fn.countAll<number>().as('n')])
      .where('r.tenantId', '=', tenantId)
      .where('s.isDeleted', '=', 0)
      .where('r.groupId', 'in', part)
      .groupBy('r.groupId')
      .execute())
      out.set(r.groupId, Number(r.n));
  return out;
}

/**
 * blade-quanyi-platform-supplier/group (issue 17 item 3): the tenant's store groups at the spec's
 * calls (listGroupPage, removeById/{id}; detail). saveGroup (the submit: the group and its
 * stores) and listAllGroup (`[{id, groupName}]` by name, for pickers) are routes.ts's own. A
 * removed group lets its stores go.
 */
export default defineContractTable({
  contract: storeGroupContract,
  table: 'bladeSupStoreGroup',
  versioned: true,
  scope: 'tenant',
  own: ['submit', 'select'],
  defaultOrder: { createTime: 'desc', id: 'desc' },
  beforeRemove: async (call, ids) => {
    for (const part of chunks(ids))
      await call.db
        .deleteFrom('bladeSupStoreGroupRel')
        .where('tenantId', '=', call.user.tenantId)
        .where('groupId', 'in', part)
        .execute();
  },
  decorate: async (call, rows) => {
    const counts = await storeCounts(
      call.db,
      call.user.tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, storeCount: counts.get(r.id) ?? 0 }));
  },
});
