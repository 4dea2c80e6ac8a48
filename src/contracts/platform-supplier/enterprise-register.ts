import { SUPPLIER_SERVICE } from '../business-services';
import { defineContract, type Choice, type Text } from '../resource-contract';

/** Where an application stands: waiting for review, became a supplier, or refused. */
export type EnterpriseRegisterState = 'pending' | 'approved' | 'rejected';

/** The state's name in both languages and its tag colour (the server's 409s name it in zh). */
export const ENTERPRISE_REGISTER_STATE_NAMES: Record<EnterpriseRegisterState, Choice> = {
  pending: { zh: '待审核', en: 'Pending', color: 'orange' },
  approved: { zh: '已通过', en: 'Approved', color: 'green' },
  rejected: { zh: '已驳回', en: 'Rejected', color: 'gray' },
};

/** Supply types (domain.md sup.supplyType): 1 coupon code, 2 direct recharge, 3 interface card. */
export const SUPPLY_TYPE_NAMES: Record<number, Text> = {
  1: { zh: '券码', en: 'Coupon code' },
  2: { zh: '直充', en: 'Direct recharge' },
  3: { zh: '接口卡密', en: 'Interface card' },
};

/**
 * The unified social credit code (GB 32100-2015): 18 characters, registration authority and
 * kind (digits or letters without I, O, S, V, Z), a 6-digit region code, then 10 characters of
 * the same alphabet (the organisation code and the check character).
 */
export const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
/** A mainland mobile number (src/lib/patterns.ts PHONE_PATTERN). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_ADDRESS_PATTERN =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** One application as the review list answers it (an absent value is '', as every engine row). */
export interface EnterpriseRegister {
  id: string;
  companyName: string;
  creditCode: string;
  contactName: string;
  /** Masked in the list (138****0000), whole in the detail. */
  contactPhone: string;
  email: string;
  supplyType: number;
  supplyTypeName: string;
  remark: string;
  state: EnterpriseRegisterState;
  stateName: string;
  rejectReason: string;
  /** The supplier an approved application became, and its code. */
  supId: string;
  supCode: string;
  auditTime: string;
  createTime: string;
  version: number;
}

/**
 * enterprise-register (spec section 7, supplier service: list, submit; domain.md): suppliers
 * apply through the public form (`submit`, no session, rate-limited, captcha in captcha mode);
 * operators of the tenant review them on /supplier/enterprise-register: `approve` (the
 * application becomes a supplier) or `reject` (with a reason), behind `enterprise_register_audit`.
 */
export const enterpriseRegisterContract = defineContract<EnterpriseRegister>()({
  service: `${SUPPLIER_SERVICE}/enterprise-register`,
  route: '/supplier/enterprise-register',
  title: { zh: '企业注册', en: 'Enterprise sign-up' },
  menu: 'enterprise_register',
  buttons: ['view'],
  fields: {
    companyName: {
      label: { zh: '企业名称', en: 'Company name' },
      required: { zh: '请输入企业名称', en: 'Please enter the company name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
    },
    creditCode: {
      label: { zh: '统一社会信用代码', en: 'Unified social credit code' },
      required: { zh: '请输入统一社会信用代码', en: 'Please enter the credit code' },
      maxLength: 18,
      pattern: {
        regex: CREDIT_CODE_PATTERN,
        message: {
          zh: '统一社会信用代码应为18位数字或大写字母',
          en: 'The credit code is 18 digits or capital letters',
        },
      },
      filter: 'equal',
    },
    contactName: {
      label: { zh: '联系人', en: 'Contact' },
      required: { zh: '请输入联系人', en: 'Please enter the contact name' },
      maxLength: 50,
    },
    contactPhone: {
      label: { zh: '联系电话', en: 'Phone' },
      required: { zh: '请输入联系电话', en: 'Please enter the phone number' },
      maxLength: 11,
      pattern: {
        regex: MOBILE_PATTERN,
        message: { zh: '请输入正确的手机号码', en: 'Please enter a valid mobile number' },
      },
    },
    email: {
      label: { zh: '邮箱', en: 'E-mail' },
      required: { zh: '请输入邮箱', en: 'Please enter the e-mail address' },
      maxLength: 100,
      pattern: {
        regex: EMAIL_ADDRESS_PATTERN,
        message: { zh: '请输入正确的邮箱地址', en: 'Please enter a valid e-mail address' },
      },
    },
    supplyType: {
      label: { zh: '供应类型', en: 'Supply type' },
      kind: 'integer',
      required: { zh: '请选择供应类型', en: 'Please choose the supply type' },
      range: {
        min: 1,
        max: 3,
        message: { zh: '请选择供应类型', en: 'Please choose the supply type' },
      },
      filter: 'equal',
    },
    supplyTypeName: { label: { zh: '供应类型', en: 'Supply type' }, readOnly: true },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 500 },
    state: {
      label: { zh: '审核状态', en: 'Review state' },
      readOnly: true,
      choices: ENTERPRISE_REGISTER_STATE_NAMES,
      filter: 'equal',
      sortable: true,
    },
    stateName: { label: { zh: '审核状态', en: 'Review state' }, readOnly: true },
    rejectReason: { label: { zh: '驳回原因', en: 'Reason for rejection' }, readOnly: true },
    supId: { label: { zh: '供应商', en: 'Supplier' }, readOnly: true },
    supCode: { label: { zh: '供应商编码', en: 'Supplier code' }, readOnly: true },
    auditTime: {
      label: { zh: '审核时间', en: 'Reviewed' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
    createTime: {
      label: { zh: '申请时间', en: 'Applied' },
      kind: 'dateTime',
      readOnly: true,
      filter: 'like',
      sortable: true,
    },
  },
});

/** The review's limits: a reason for a rejection, a supplier code entered by the approver. */
export const REJECT_REASON_MAX = 500;
export const SUP_CODE_MAX = 32;
export const SUP_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
