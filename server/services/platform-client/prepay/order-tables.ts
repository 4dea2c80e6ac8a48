import {
  PREPAY_ORDER_TYPES,
  prepayChangeContract,
  prepayRefundContract,
  prepayUseContract,
  type PrepayOrderKind,
} from '../../../../src/contracts/platform-client/prepay-order.js';
import { defineContractTable } from '../../../lib/table/index.js';

/**
 * The prepay orders (prepay-order): the ledger through its read-only view (migration 040), one
 * list per kind narrowed to the kind's change types, newest first; written only by the ledger,
 * so no submit, remove or detail.
 */
const ledgerList = (
  contract: typeof prepayChangeContract | typeof prepayUseContract,
  kind: PrepayOrderKind,
) =>
  defineContractTable({
    contract,
    table: 'bladePrepayRecordView',
    scope: 'tenant',
    defaultOrder: { createTime: 'desc', id: 'desc' },
    readColumns: [
      'appId',
      'clientId',
      'changeType',
      'amount',
      'balanceAfter',
      'reason',
      'sourceNo',
      'fileName',
    ],
    own: ['submit', 'remove', 'detail'],
    narrow: async () => (eb) => eb('changeType', 'in', [...PREPAY_ORDER_TYPES[kind]]),
  });

export const PREPAY_ORDER_TABLES = [
  ledgerList(prepayChangeContract, 'change'),
  ledgerList(prepayUseContract, 'use'),
  ledgerList(prepayRefundContract, 'refund'),
];
