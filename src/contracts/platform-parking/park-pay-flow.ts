import { PARKING_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';
import { LOT_FIELDS, PAY_CHANNELS } from './park-bill';

/**
 * A smart-pay (无感支付) flow: one deduction from a signed plate's account for a bill, or its
 * refund, as the operator reports it (issue 28 item 1). Read-only; yuan on the wire.
 */
export interface ParkPayFlow {
  id: string;
  flowNo: string;
  billNo: string | null;
  lotId: string;
  lotName: string;
  plateNo: string;
  flowType: 'deduct' | 'refund';
  amount: number;
  payChannel: string;
  flowState: 'success' | 'failed';
  failReason: string | null;
  flowTime: string;
}

/** 无感支付 (/business/parking/record/smartPay): autoPay/flow listFlowPage + exportFlow. */
export const payFlowContract = defineContract<ParkPayFlow>()({
  service: `${PARKING_SERVICE}/parking/autoPay/flow`,
  route: '/business/parking/record/smartPay',
  title: { zh: '无感支付流水', en: 'Smart pay flow' },
  menu: 'smart_pay_flow',
  buttons: ['view', 'export'],
  calls: { list: 'listFlowPage', export: 'exportFlow' },
  export: { excelType: 'park-pay-flow', fileName: '无感支付流水' },
  fields: {
    flowNo: {
      label: { zh: '流水号', en: 'Flow no.' },
      readOnly: true,
      filter: 'like',
      export: { width: 26 },
    },
    billNo: {
      label: { zh: '账单编号', en: 'Bill no.' },
      readOnly: true,
      filter: 'like',
      export: { width: 26 },
    },
    ...LOT_FIELDS,
    flowType: {
      label: { zh: '流水类型', en: 'Type' },
      readOnly: true,
      choices: {
        deduct: { zh: '扣款', en: 'Deduction', color: 'blue' },
        refund: { zh: '退款', en: 'Refund', color: 'orange' },
      },
      filter: 'equal',
      export: { width: 8 },
    },
    amount: {
      label: { zh: '金额', en: 'Amount' },
      kind: 'money',
      readOnly: true,
      sortable: true,
      export: { width: 12 },
    },
    payChannel: {
      label: { zh: '支付方式', en: 'Channel' },
      readOnly: true,
      choices: PAY_CHANNELS,
      filter: 'equal',
      export: { width: 12 },
    },
    flowState: {
      label: { zh: '状态', en: 'State' },
      readOnly: true,
      choices: {
        success: { zh: '成功', en: 'Succeeded', color: 'green' },
        failed: { zh: '失败', en: 'Failed', color: 'red' },
      },
      filter: 'equal',
      export: { width: 8 },
    },
    failReason: { label: { zh: '失败原因', en: 'Failure' }, readOnly: true, export: { width: 24 } },
    flowTime: {
      label: { zh: '流水时间', en: 'Time' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
      filter: 'equal',
      export: { width: 20 },
    },
  },
});
