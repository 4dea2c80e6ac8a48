import { payOrderContract } from '../../../../src/contracts/platform-finance/pay-order.js';
import { defineContractTable } from '../../../lib/table/index.js';

/**
 * Pay orders (/finance/pay-orderList): the list, detail and export declared from the contract;
 * written only by payments.ts, so no submit or remove.
 */
export default defineContractTable({
  contract: payOrderContract,
  table: 'bladePayOrder',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  own: ['submit', 'remove'],
  readColumns: [
    'orderNo',
    'outTradeNo',
    'transactionId',
    'payerMask',
    'subject',
    'amount',
    'refundedAmount',
    'channel',
    'state',
    'payTime',
    'sourceType',
    'sourceId',
  ],
});
