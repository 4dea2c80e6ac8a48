import {
  clientReturnContract,
  userReturnContract,
} from '../../contracts/platform-client/client-return';
import { defineContractResource } from '../contract-resource';

const columns = [
  { field: 'returnNo', width: 230 },
  { field: 'orderNo', width: 230 },
  { field: 'outOrderNo', width: 170 },
  { field: 'clientName', width: 140 },
  { field: 'appName', width: 140 },
  { field: 'productName', width: 160 },
  { field: 'quantity', kind: 'number', width: 80 },
  { field: 'amount', width: 100 },
  { field: 'state', width: 90 },
  { field: 'reason', width: 200 },
  { field: 'createUserName', width: 100, hiddenByDefault: true },
  { field: 'createTime', width: 170 },
] as const;
const filters = [
  'returnNo',
  'orderNo',
  'outOrderNo',
  'clientId',
  'appId',
  'productId',
  'createTime',
] as const;

/** 接入方退款订单 (issue 27 item 5): the returns of client orders, written by the return service. */
export default defineContractResource({
  contract: clientReturnContract,
  paging: 'generic',
  columns,
  filters,
  sums: ['quantity', 'amount'],
  recordLabel: (r) => r.returnNo,
});

/** 用户退款订单: the same returns in the end user's view. */
export const userReturns = defineContractResource({
  contract: userReturnContract,
  paging: 'generic',
  columns,
  filters,
  sums: ['quantity', 'amount'],
  recordLabel: (r) => r.returnNo,
});
