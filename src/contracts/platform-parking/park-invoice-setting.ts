import { PARKING_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';

/**
 * A lot's invoice setting (/business/invoice/invoiceSetting): who the invoices of its bills are
 * issued by (seller name and tax number), which invoice, through which provider. One per lot.
 * Served under the lot's service by the spec's names (invoiceSetting, getInvoiceSetting).
 */
export interface ParkInvoiceSetting {
  id: string;
  lotId: string;
  lotName: string;
  sellerName: string;
  taxNo: string;
  invoiceType: 'normal' | 'special';
  provider: 'platform' | 'baiwang' | 'nuonuo';
  contactName: string | null;
  contactPhone: string | null;
  enabled: number;
  version: number;
  updateTime: string | null;
}

/** Characters of a unified social credit code (GB 32100: no I, O, S, V, Z). */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const USCC_REGEX = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character of the first 17 characters of a unified social credit code. */
export function usccCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(first17[i]!) * USCC_WEIGHTS[i]!;
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

/** A taxpayer number: an 18-character unified social credit code with its check character. */
export const isTaxNo = (v: string) => USCC_REGEX.test(v) && usccCheckChar(v) === v[17];

export const TAX_NO_MESSAGE = {
  zh: '纳税人识别号须为18位统一社会信用代码（校验位正确）',
  en: 'The tax number is an 18-character unified social credit code (with its check character)',
};

export const parkInvoiceSettingContract = defineContract<ParkInvoiceSetting>()({
  service: `${PARKING_SERVICE}/parking/lot`,
  route: '/business/invoice/invoiceSetting',
  title: { zh: '开票设置', en: 'Invoice setting' },
  menu: 'invoice_setting',
  buttons: ['add', 'edit', 'view'],
  calls: {
    list: 'listInvoiceSetting',
    detail: 'getInvoiceSetting',
    submit: 'invoiceSetting',
    remove: 'removeInvoiceSetting',
  },
  fields: {
    lotId: {
      label: { zh: '停车场', en: 'Parking lot' },
      required: { zh: '请选择停车场', en: 'Please choose the lot' },
      ref: 'parkLot',
      unique: { zh: '该停车场已有开票设置', en: 'This lot already has an invoice setting' },
      filter: 'equal',
    },
    lotName: {
      label: { zh: '停车场', en: 'Parking lot' },
      readOnly: true,
      nameOf: 'lotId',
      sortable: true,
    },
    sellerName: {
      label: { zh: '销售方名称', en: 'Seller' },
      required: { zh: '请输入销售方名称', en: 'Please enter the seller' },
      maxLength: 100,
      filter: 'like',
    },
    taxNo: {
      label: { zh: '纳税人识别号', en: 'Tax number' },
      required: { zh: '请输入纳税人识别号', en: 'Please enter the tax number' },
      maxLength: 18,
      pattern: { regex: USCC_REGEX, message: TAX_NO_MESSAGE },
    },
    invoiceType: {
      label: { zh: '发票类型', en: 'Invoice type' },
      required: { zh: '请选择发票类型', en: 'Please choose the invoice type' },
      choices: {
        normal: { zh: '电子普通发票', en: 'E-invoice (normal)', color: 'blue' },
        special: { zh: '电子专用发票', en: 'E-invoice (special)', color: 'violet' },
      },
      filter: 'equal',
    },
    provider: {
      label: { zh: '开票平台', en: 'Provider' },
      required: { zh: '请选择开票平台', en: 'Please choose the provider' },
      choices: {
        platform: { zh: '平台开票', en: 'Platform', color: 'gray' },
        baiwang: { zh: '百望云', en: 'Baiwang', color: 'blue' },
        nuonuo: { zh: '诺诺网', en: 'Nuonuo', color: 'teal' },
      },
      filter: 'equal',
    },
    contactName: { label: { zh: '联系人', en: 'Contact' }, maxLength: 50 },
    contactPhone: {
      label: { zh: '联系电话', en: 'Contact phone' },
      maxLength: 20,
      pattern: {
        regex: /^[0-9+\-() ]{5,20}$/,
        message: { zh: '联系电话格式不正确', en: 'Not a phone number' },
      },
    },
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      kind: 'switch',
      emptyAs: 1,
      filter: 'equal',
    },
    updateTime: { label: { zh: '更新时间', en: 'Updated' }, kind: 'dateTime', readOnly: true },
  },
});
