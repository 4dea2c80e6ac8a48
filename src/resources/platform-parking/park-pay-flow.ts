import { BILL_MAX_DAYS } from '../../contracts/platform-parking/park-bill';
import { payFlowContract } from '../../contracts/platform-parking/park-pay-flow';
import { defineContractResource } from '../contract-resource';

/** 无感支付: the smart-pay deductions and refunds (autoPay/flow listFlowPage, exportFlow). */
export default defineContractResource({
  contract: payFlowContract,
  paging: 'generic',
  columns: [
    { field: 'flowNo', width: 220 },
    { field: 'billNo', width: 210 },
    { field: 'lotName', width: 180 },
    { field: 'plateNo', width: 100 },
    { field: 'flowType', width: 80 },
    { field: 'amount', width: 100 },
    { field: 'payChannel', width: 110 },
    { field: 'flowState', width: 80 },
    { field: 'failReason', width: 180, hiddenByDefault: true },
    { field: 'flowTime', width: 170 },
  ],
  filters: [
    'flowNo',
    'billNo',
    'plateNo',
    'lotId',
    'flowType',
    'flowState',
    { name: 'flowTime', maxDays: BILL_MAX_DAYS },
  ],
  sums: ['amount'],
  recordLabel: (flow) => flow.flowNo,
});
