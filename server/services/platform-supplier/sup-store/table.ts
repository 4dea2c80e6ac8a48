import { supStoreContract } from '../../../../src/contracts/platform-supplier/sup-store.js';
import { chunks } from '../../../lib/chunks.js';
import { defineContractTable } from '../../../lib/table/index.js';
import { assertCodeFree, assertGoods, assertSupplier, withNames } from './repository.js';

/**
 * blade-quanyi-platform-supplier/sup-store (issue 17 item 3): a tenant's stores. A store belongs
 * to a live supplier of the tenant; its region is a path of blade_region; its goods are its
 * supplier's; its code is unique per supplier (409 naming the field). The spec's own calls
 * (get, DELETE delete, batch calls, import, load-store, ...) are in routes.ts.
 */
export default defineContractTable({
  contract: supStoreContract,
  table: 'bladeSupStore',
  versioned: true,
  scope: 'tenant',
  // Store groups list their stores through these reads as well.
  readers: ['store_group'],
  defaultOrder: { createTime: 'desc', id: 'desc' },
  list: { filters: { status: { column: 'status', default: 'equal', type: 'int' } } },
  beforeSave: async (call, input, id) => {
    const tenantId = call.user.tenantId;
    await assertSupplier(call.db, tenantId, input.supId);
    await assertGoods(call.db, tenantId, input.supId, input.goodIds);
    // A store marked repeat keeps its code; it is checked against the others only when it is not.
    const own = id
      ? await call.db
          .selectFrom('bladeSupStore')
          .select('repeatFlag')
          .where('id', '=', id)
          .where('tenantId', '=', tenantId)
          .executeTakeFirst()
      : undefined;
    if (!own || own.repeatFlag === 0)
      await assertCodeFree(call.db, tenantId, input.supId, input.storeCode, id);
  },
  beforeRemove: async (call, ids) => {
    for (const part of chunks(ids))
      await call.db
        .deleteFrom('bladeSupStoreGroupRel')
        .where('tenantId', '=', call.user.tenantId)
        .where('storeId', 'in', part)
        .execute();
  },
  // repeatFlag is never written by a submit, so the engine does not select it: read it here.
  decorate: async (call, rows) => {
    const flags = new Map<string, number>();
    for (const part of chunks(rows.map((r) => r.id)))
      for (const r of await call.db
        .selectFrom('bladeSupStore')
        .select(['id', 'repeatFlag'])
        .where('id', 'in', part)
        .execute())
        flags.set(r.id, r.repeatFlag);
    const named = await withNames(call.db, call.user.tenantId, rows);
    return named.map((r) => ({ ...r, repeatFlag: flags.get(r.id) ?? 0 }));
  },
});
