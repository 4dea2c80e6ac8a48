import { parkBillLifecycle } from '../../../machines/lifecycles/park-bill-machine';
import { PARKING_SERVICE } from '../business-services';
import { lifecycleChoices } from '../lifecycle-choices';
import { knownMessages } from '../server-messages';
import { defineContract } from '../resource-contract';

/**
 * A parking bill (issue 28 item 1, domain.md parking): a temporary stay (临停: enter/leave,
 * minutes) or a month ticket (月票: its period), recorded from the lot's operator driver, paid
 * plainly or with a supplier's right (权益: supId, right code, its deduction). Never written by a
 * submit: refunds go through bill/refund.ts and the bill lifecycle. Yuan on the wire, fen at rest.
 */
export interface ParkBill {
  id: string;
  billNo: string;
  billType: 'temporary' | 'monthTicket';
  lotId: string;
  lotName: string;
  plateNo: string;
  enterTime: string | null;
  leaveTime: string | null;
  parkMinutes: number | null;
  ticketStart: string | null;
  ticketEnd: string | null;
  amountDue: number;
  discountAmount: number;
  rightDeduction: number;
  paidAmount: number;
  refundedAmount: number;
  payChannel: string | null;
  payTime: string | null;
  payMode: 'normal' | 'right';
  supId: string | null;
  supName: string;
  rightCode: string | null;
  providerCode: string | null;
  providerName: string | null;
  state: string;
  billTime: string;
  version: number;
  /** The detail only: the bill's refunds, oldest first. */
  refunds?: ParkBillRefund[];
}

/** One refund of a bill (blade_park_bill_refund), as the bill's detail answers it. */
export interface ParkBillRefund {
  id: string;
  refundNo: string;
  amount: number;
  reason: string;
  /** requested (the operator has not answered) | refunded | failed (refundLifecycle). */
  state: string;
  operatorRefundNo: string | null;
  /** The operator's refusal of a failed refund. */
  failReason: string | null;
  createTime: string;
}

/** The longest span of a bill list's date filter (the console clamps and shows a chip). */
export const BILL_MAX_DAYS = 31;
/** refundFee (the spec's path is malformed: this one is the server's, issue 28). */
export const REFUND_FEE = `${PARKING_SERVICE}/parking/bill/refundFee`;
export const REFUND_REASON_MAX = 200;

export const BILL_REFUSALS = {
  billId: { zh: '请选择账单', en: 'Please choose a bill' },
  amount: { zh: '退款金额须为大于0的金额（最多两位小数）', en: 'The refund must be above 0' },
  reason: { zh: '请输入退款原因', en: 'Please enter the reason' },
  reasonLength: { zh: '退款原因不能超过200个字符', en: 'At most 200 characters' },
} as const;
knownMessages(...Object.values(BILL_REFUSALS));

/** The parking operator driver's failures (server/services/platform-parking/driver). */
export const PARKING_DRIVER_TEXTS = {
  timeout: { zh: '停车场接口超时', en: 'The parking operator timed out' },
  unavailable: {
    zh: '停车场接口暂不可用，请稍后重试',
    en: 'The parking operator is unavailable, please try again later',
  },
  refused: { zh: '停车场接口拒绝请求', en: 'The parking operator refused the request' },
  notConfigured: { zh: '停车场接口未配置', en: 'The parking operator is not configured' },
  badAnswer: {
    zh: '停车场接口返回格式错误',
    en: 'The parking operator answered in an unknown format',
  },
  httpsOnly: {
    zh: '停车场接口地址须使用 HTTPS',
    en: 'The parking operator address must use HTTPS',
  },
} as const;
knownMessages(...Object.values(PARKING_DRIVER_TEXTS));

/** 400 of a refund over what is left: 可退金额12.50元，本次申请退20.00元. */
export const overRefundMessage = (refundable: string, wanted: string) =>
  `可退金额${refundable}元，本次申请退${wanted}元`;

const money = (zh: string, en: string) =>
  ({ label: { zh, en }, kind: 'money', readOnly: true, export: { width: 12 } }) as const;
const time = (zh: string, en: string) =>
  ({ label: { zh, en }, kind: 'dateTime', readOnly: true, export: { width: 20 } }) as const;

export const PAY_CHANNELS = {
  wechat: { zh: '微信支付', en: 'WeChat Pay', color: 'green' },
  alipay: { zh: '支付宝', en: 'Alipay', color: 'blue' },
  unionpay: { zh: '银联', en: 'UnionPay', color: 'red' },
  etc: { zh: 'ETC', en: 'ETC', color: 'grape' },
  right: { zh: '权益全额抵扣', en: 'Right only', color: 'orange' },
} as const;

export const BILL_STATE_CHOICES = lifecycleChoices(parkBillLifecycle, {
  unpaid: 'gray',
  paid: 'green',
  refunding: 'orange',
  partRefunded: 'yellow',
  refunded: 'violet',
});

/** The lot (a reference: its name filters and shows) and the plate: bills' and flows'. */
export const LOT_FIELDS = {
  lotId: { label: { zh: '停车场', en: 'Lot' }, readOnly: true, ref: 'parkLot', filter: 'equal' },
  lotName: {
    label: { zh: '停车场', en: 'Lot' },
    readOnly: true,
    nameOf: 'lotId',
    export: { width: 24 },
  },
  plateNo: {
    label: { zh: '车牌号', en: 'Plate' },
    readOnly: true,
    filter: 'like',
    export: { width: 12 },
  },
} as const;

/** Every bill screen's fields; each screen's console declaration shows its own columns. */
const BILL_FIELDS = {
  billNo: {
    label: { zh: '账单编号', en: 'Bill no.' },
    readOnly: true,
    filter: 'like',
    sortable: true,
    export: { width: 26 },
  },
  ...LOT_FIELDS,
  enterTime: time('入场时间', 'Entered'),
  leaveTime: time('出场时间', 'Left'),
  parkMinutes: {
    label: { zh: '停车时长(分钟)', en: 'Minutes' },
    kind: 'integer',
    readOnly: true,
    export: { width: 12 },
  },
  ticketStart: time('月票开始', 'Ticket from'),
  ticketEnd: time('月票结束', 'Ticket to'),
  amountDue: money('应付金额', 'Due'),
  discountAmount: money('优惠金额', 'Discount'),
  rightDeduction: money('权益抵扣', 'Right deduction'),
  paidAmount: money('实付金额', 'Paid'),
  refundedAmount: money('已退金额', 'Refunded'),
  payChannel: {
    label: { zh: '支付方式', en: 'Channel' },
    readOnly: true,
    choices: PAY_CHANNELS,
    filter: 'equal',
    export: { width: 12 },
  },
  payTime: { ...time('支付时间', 'Paid at'), sortable: true },
  payMode: {
    label: { zh: '支付类型', en: 'Payment' },
    readOnly: true,
    choices: {
      normal: { zh: '普通支付', en: 'Plain', color: 'gray' },
      right: { zh: '权益支付', en: 'With a right', color: 'orange' },
    },
    filter: 'equal',
    export: { width: 10 },
  },
  supId: {
    label: { zh: '权益供应商', en: 'Supplier' },
    readOnly: true,
    ref: 'sup',
    filter: 'equal',
  },
  supName: {
    label: { zh: '权益供应商', en: 'Supplier' },
    readOnly: true,
    nameOf: 'supId',
    export: { width: 20 },
  },
  rightCode: {
    label: { zh: '权益编码', en: 'Right code' },
    readOnly: true,
    filter: 'like',
    export: { width: 20 },
  },
  providerCode: {
    label: { zh: '服务商编号', en: 'Provider code' },
    readOnly: true,
    filter: 'equal',
    export: { width: 14 },
  },
  providerName: {
    label: { zh: '服务商', en: 'Provider' },
    readOnly: true,
    filter: 'like',
    export: { width: 20 },
  },
  state: {
    label: { zh: '账单状态', en: 'State' },
    readOnly: true,
    choices: BILL_STATE_CHOICES,
    filter: 'equal',
    export: { width: 10 },
  },
  billTime: { ...time('账单时间', 'Bill time'), sortable: true, filter: 'equal' },
} as const;

const bills = (path: string, menu: string, zh: string, en: string, file: string) =>
  ({
    service: `${PARKING_SERVICE}/parking/${path}`,
    title: { zh, en },
    menu,
    buttons: ['view', 'export'],
    calls: { detail: 'detail', export: 'export' },
    export: { excelType: path, fileName: file },
    fields: BILL_FIELDS,
  }) as const;

/** 临停账单: every temporary bill (a 支付类型 filter picks the 权益 ones); 退款 on a row. */
export const tempBillContract = defineContract<ParkBill>()({
  ...bills('temporary-bill', 'temp_bill', '临停账单', 'Temporary bill', '临停账单'),
  route: '/business/parking/record/temporaryParking',
});
/** 月票账单: every month-ticket bill; 退款 on a row. */
export const monthBillContract = defineContract<ParkBill>()({
  ...bills('month-ticket-bill', 'month_ticket_bill', '月票账单', 'Month ticket bill', '月票账单'),
  route: '/business/parking/record/ticket',
});
/** 服务商临停账单: the temporary bills paid with a provider's right (right-temporary-bill). */
export const providerTempBillContract = defineContract<ParkBill>()({
  ...bills(
    'right-temporary-bill',
    'provider_temp_bill',
    '服务商临停账单',
    'Provider temporary bill',
    '服务商临停账单',
  ),
  route: '/business/parking/serviceProviderRecord/temporaryParking',
});
/** 服务商月票账单: the month-ticket bills paid with a provider's right (right-month-ticket-bill). */
export const providerMonthBillContract = defineContract<ParkBill>()({
  ...bills(
    'right-month-ticket-bill',
    'provider_month_ticket_bill',
    '服务商月票账单',
    'Provider month ticket bill',
    '服务商月票账单',
  ),
  route: '/business/parking/serviceProviderRecord/ticketParking',
});

/** Row actions' button codes beyond the standard ones (the menu seed's). */
export const BILL_CODES = {
  tempRefund: 'temp_bill_refund',
  monthRefund: 'month_ticket_bill_refund',
} as const;
