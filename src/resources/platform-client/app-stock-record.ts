import { appStockRecordContract } from '../../contracts/platform-client/app-stock-record';
import { defineContractResource } from '../contract-resource';

/**
 * 库存记录 (/product/order/stock/curr-record, issue 27 item 6): the app stock ledger, newest
 * first: every add, deduct, order, return and failure with the quantity after it.
 */
export default defineContractResource({
  contract: appStockRecordContract,
  paging: 'generic',
  columns: [
    { field: 'createTime', width: 170 },
    { field: 'appName', width: 160 },
    { field: 'productName', width: 180 },
    { field: 'changeType', width: 110 },
    { field: 'quantity', kind: 'number', width: 90 },
    { field: 'quantityAfter', kind: 'number', width: 110 },
    { field: 'sourceNo', width: 200 },
    { field: 'reason', width: 200 },
    { field: 'createUserName', width: 110 },
  ],
  filters: ['appId', 'productId', 'changeType', 'sourceNo', 'createTime'],
  recordLabel: (row) => `${row.appName} ${row.createTime}`,
});
