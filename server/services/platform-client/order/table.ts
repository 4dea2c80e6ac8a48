import {
  clientOrderContract,
  userOrderContract,
} from '../../../../src/contracts/platform-client/client-order.js';
import {
  clientReturnContract,
  userReturnContract,
} from '../../../../src/contracts/platform-client/client-return.js';
import { placeOrderFailContract } from '../../../../src/contracts/platform-client/place-order-fail.js';
import { chunks } from '../../../lib/chunks.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';
import { OPEN_FAIL_STATES } from './fail-order.js';

/**
 * The client order lists (issue 27 item 5), declared: orders are written only by the place-order
 * and return services (submit and remove are never the engine's), so the lists read the
 * columns no submit writes. The operator's and the end user's views read one table.
 */
const ORDER_COLUMNS = [
  'orderNo',
  'outOrderNo',
  'clientId',
  'appId',
  'productId',
  'goodId',
  'supOrderId',
  'quantity',
  'salePrice',
  'amount',
  'returnedQuantity',
  'returnedAmount',
  'phoneMask',
  'state',
  'source',
  'lastError',
  'finishTime',
] as const;

/** Each failed order's open place-order-fail: what the user order screen's handling acts on. */
async function withFailIds(call: TableCall, rows: { id: string; state: string }[]) {
  const failed = rows.filter((r) => r.state === 'failed').map((r) => r.id);
  const open = new Map<string, string>();
  for (const part of chunks(failed))
    for (const f of await call.db
      .selectFrom('bladePlaceOrderFail')
      .select(['id', 'orderId'])
      .where('tenantId', '=', call.user.tenantId)
      .where('orderId', 'in', part)
      .where('state', 'in', OPEN_FAIL_STATES)
      .where('isDeleted', '=', 0)
      .execute())
      open.set(f.orderId, f.id);
  return rows.map((r) => ({ ...r, failId: open.get(r.id) ?? null }));
}

const orders = {
  table: 'bladeClientProductOrder',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  readColumns: ORDER_COLUMNS,
  own: ['submit', 'remove'],
  decorate: withFailIds,
} as const;

export const clientOrderTable = defineContractTable({ contract: clientOrderContract, ...orders });
export const userOrderTable = defineContractTable({ contract: userOrderContract, ...orders });

const returns = {
  table: 'bladeClientReturnOrder',
  scope: 'tenant',
  defaultOrder: { createTime: 'desc', id: 'desc' },
  readColumns: [
    'returnNo',
    'orderId',
    'orderNo',
    'outOrderNo',
    'clientId',
    'appId',
    'productId',
    'quantity',
    'amount',
    'reason',
    'state',
  ],
  own: ['submit', 'remove'],
} as const;

export const clientReturnTable = defineContractTable({
  contract: clientReturnContract,
  ...returns,
});
export const userReturnTable = defineContractTable({ contract: userReturnContract, ...returns });

/** place-order-fail list and export (the spec's); handled through fail-moves.ts. */
export const placeOrderFailTable = defineContractTable({
  contract: placeOrderFailContract,
  table: 'bladePlaceOrderFail',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  readColumns: [
    'orderId',
    'orderNo',
    'outOrderNo',
    'clientId',
    'appId',
    'productId',
    'quantity',
    'amount',
    'failReason',
    'state',
    'handleUser',
    'handleTime',
    'handleRemark',
  ],
  own: ['submit', 'remove'],
});
