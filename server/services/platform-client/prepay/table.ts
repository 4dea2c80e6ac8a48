import { sql } from 'kysely';
import {
  appPrepayContract,
  appPrepaySettingContract,
} from '../../../../src/contracts/platform-client/app-prepay.js';
import { chunks } from '../../../lib/chunks.js';
import type { QueryMap } from '../../../lib/query.js';
import { defineContractTable, type RowFilter } from '../../../lib/table/index.js';
import { derivedFen } from './repository.js';

/** belowWarning=1|0 (or _equal): below the warning amount or not; anything else matches nothing. */
export function belowWarningFilter(
  query: QueryMap,
): RowFilter<'bladePsclientAppPrepay'> | undefined {
  const value = query.belowWarning ?? query.belowWarning_equal;
  if (value === undefined || value === '') return undefined;
  if (value === '1')
    return (eb) =>
      eb.and([eb('warningAmount', 'is not', null), eb('balance', '<', eb.ref('warningAmount'))]);
  if (value === '0')
    return (eb) =>
      eb.or([eb('warningAmount', 'is', null), eb('balance', '>=', eb.ref('warningAmount'))]);
  return () => sql<boolean>`1 = 0`;
}

/**
 * App prepay accounts (psclient-appPrepay list, get, export): one row per app, created with the
 * app, moved only by the ledger (routes.ts: addRecord, saveRecord, updateWarning,
 * updatePrepayType). Read by both prepay screens; no submit or remove.
 */
export default defineContractTable({
  contract: appPrepayContract,
  table: 'bladePsclientAppPrepay',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  readColumns: ['appId', 'clientId', 'balance', 'creditLimit', 'warningAmount', 'prepayType'],
  readers: [appPrepaySettingContract.codes.menu, appPrepaySettingContract.codes.view!],
  own: ['submit', 'remove'],
  narrow: async (_call, query) => belowWarningFilter(query),
  // The app's key beside its name; what may still be spent and the warning, in fen (the engine
  // then answers every money field in yuan).
  decorate: async (call, rows) => {
    const keys = new Map<string, string>();
    for (const part of chunks([...new Set(rows.map((r) => r.appId))]))
      for (const a of await call.db
        .selectFrom('bladePsclientApp')
        .select(['id', 'appKey'])
        .where('tenantId', '=', call.user.tenantId)
        .where('id', 'in', part)
        .execute())
        keys.set(a.id, a.appKey);
    return rows.map((r) => ({ ...r, appKey: keys.get(r.appId) ?? '', ...derivedFen(r) }));
  },
});
