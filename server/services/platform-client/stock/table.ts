import { sql } from 'kysely';
import { appStockContract } from '../../../../src/contracts/platform-client/app-stock.js';
import { appStockRecordContract } from '../../../../src/contracts/platform-client/app-stock-record.js';
import { defineContractTable } from '../../../lib/table/index.js';

/**
 * 当前库存 (client-app-stock list, export): one row per app and product, written by the stock
 * routes through the ledger (routes.ts: submit, change, warn), so the engine serves reads only.
 * belowWarning=1|0 is worked out by the server (a threshold set and the quantity under it).
 */
export const appStockTable = defineContractTable({
  contract: appStockContract,
  table: 'bladeClientAppStock',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  readColumns: ['clientId', 'quantity', 'warnQuantity'],
  own: ['submit', 'remove'],
  narrow: async (_call, query) => {
    const value = query.belowWarning ?? query.belowWarning_equal;
    if (value === undefined || value === '') return undefined;
    const below = sql<boolean>`warn_quantity is not null and quantity < warn_quantity`;
    if (value === '1') return () => below;
    if (value === '0') return () => sql<boolean>`not (${below})`;
    return () => sql<boolean>`1 = 0`;
  },
  decorate: (_call, rows) =>
    rows.map((r) => ({
      ...r,
      belowWarning: r.warnQuantity !== null && Number(r.quantity) < Number(r.warnQuantity) ? 1 : 0,
    })),
});

/** 库存记录 (client-app-stock-record list, export): the ledger through its read-only view. */
export const appStockRecordTable = defineContractTable({
  contract: appStockRecordContract,
  table: 'bladeClientAppStockRecordView',
  scope: 'tenant',
  defaultOrder: { createTime: 'desc', id: 'desc' },
  readColumns: [
    'appId',
    'productId',
    'changeType',
    'quantity',
    'quantityAfter',
    'reason',
    'sourceNo',
  ],
  own: ['submit', 'remove', 'detail'],
});
