import {
  clientOrderContract,
  userOrderContract,
} from '../../../../src/contracts/platform-client/client-order.js';
import {
  clientReturnContract,
  userReturnContract,
} from '../../../../src/contracts/platform-client/client-return.js';
import { defineContractTable } from '../../../lib/table/index.js';

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

const orders = {
  table: 'bladeClientProductOrder',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  readColumns: ORDER_COLUMNS,
  own: ['submit', 'remove'],
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
