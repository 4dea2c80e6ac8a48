import { pricePlanLifecycle } from '../../../machines/lifecycles/price-plan-machine';
import { statesAllowing } from '../../../machines/lifecycles/lifecycle';
import { CLIENT_SERVICE } from '../business-services';
import { lifecycleChoices } from '../lifecycle-choices';
import { AMOUNT_MAX_FEN, AMOUNT_MAX_YUAN } from '../money';
import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';
import type { MappedGood } from './product-good-map';

/**
 * A price plan (issue 27 item 7, domain.md "price plan"): a client product's sale price changing
 * at a set time. The list and goods-2-product live under `${CLIENT_SERVICE}/price-management`;
 * creating, changing and voiding a plan under the job service `blade-xxljob/price` (spec.md
 * section 7 "Price scheduling"). A scheduler in every server process applies each due plan
 * exactly once (server/services/platform-client/price-plan/scheduler.ts). Prices are yuan on the
 * wire, fen at rest; times are 'yyyy-MM-dd HH:mm:ss' in the server's time like every other time.
 */
export interface PricePlan {
  id: string;
  productId: string;
  productCode: string;
  productName: string;
  /** The product's sale price when the plan was made, yuan. */
  oldPrice: number;
  newPrice: number;
  effectiveTime: string;
  state: string;
  /** When the scheduler applied it, and the price it set (yuan); null until then. */
  appliedTime: string | null;
  appliedPrice: number | null;
  voidUser: string | null;
  voidUserName: string;
  voidTime: string | null;
  voidReason: string | null;
  remark: string | null;
  createUser: string | null;
  createUserName: string;
  createTime: string;
  updateUser: string | null;
  updateUserName: string;
  updateTime: string | null;
  version: number;
}

export const PRICE_MANAGEMENT = `${CLIENT_SERVICE}/price-management`;
/** The job service of the spec's "Price scheduling" calls (routes at /api/blade-xxljob/price/...). */
export const PRICE_JOB_SERVICE = 'blade-xxljob/price';
export const PRICE_PLAN_CALLS = {
  create: `${PRICE_JOB_SERVICE}/timing/modification`,
  update: `${PRICE_JOB_SERVICE}/update/plan`,
  void: `${PRICE_JOB_SERVICE}/to-void`,
  goods: `${PRICE_MANAGEMENT}/goods-2-product`,
} as const;

/** The screen's own buttons (the menu seed's codes). */
export const PRICE_PLAN_CODES = {
  timing: 'price_manage_timing',
  updatePlan: 'price_manage_update_plan',
  void: 'price_manage_void',
} as const;

/** The states a plan may still be changed in: those it may still apply from. */
export const PRICE_PLAN_EDITABLE: readonly string[] = statesAllowing(pricePlanLifecycle, 'apply');

export const PRICE_PLAN_STATE_CHOICES = lifecycleChoices(pricePlanLifecycle, {
  pending: 'blue',
  applied: 'green',
  void: 'dark',
});

export const VOID_REASON_MAX = 200;
export const PLAN_REMARK_MAX = 500;

export const PRICE_PLAN_REFUSALS = {
  effectiveTime: {
    zh: '请输入正确的生效时间（yyyy-MM-dd HH:mm:ss）',
    en: 'An effective time as yyyy-MM-dd HH:mm:ss',
  },
  past: { zh: '生效时间须晚于当前时间', en: 'The effective time must be in the future' },
  reason: { zh: '请输入作废原因', en: 'Please enter the reason' },
  reasonLong: {
    zh: `作废原因不能超过${VOID_REASON_MAX}个字符`,
    en: `At most ${VOID_REASON_MAX} characters`,
  },
  id: { zh: '请选择调价计划', en: 'Please choose a price plan' },
  /** The reason the scheduler writes on a plan whose product was removed meanwhile. */
  productRemoved: {
    zh: '产品已删除，计划作废',
    en: 'The product was removed: the plan is void',
  },
} as const;
knownMessages(...Object.values(PRICE_PLAN_REFUSALS));

/** goods-2-product?productId=: the product's current price and its mapped goods' costs. */
export interface ProductGoodsCost {
  productId: string;
  productCode: string;
  productName: string;
  /** Yuan. */
  salePrice: number;
  marketAmount: number;
  goods: MappedGood[];
}

const who = (zh: string, en: string, nameOf: string) =>
  ({ label: { zh, en }, readOnly: true, nameOf }) as const;
const when = (zh: string, en: string) =>
  ({ label: { zh, en }, kind: 'dateTime', readOnly: true, sortable: true }) as const;

/** 价格管理 (/finance/price-manage). */
export const pricePlanContract = defineContract<PricePlan>()({
  service: PRICE_MANAGEMENT,
  route: '/finance/price-manage',
  title: { zh: '调价计划', en: 'Price plan' },
  menu: 'price_manage',
  buttons: ['view'],
  fields: {
    productId: {
      label: { zh: '产品', en: 'Product' },
      required: { zh: '请选择产品', en: 'Please choose a product' },
      ref: 'psclientProduct',
      filter: 'equal',
    },
    productCode: { label: { zh: '产品编码', en: 'Product code' }, readOnly: true },
    productName: { ...who('产品名称', 'Product', 'productId'), sortable: true },
    oldPrice: { label: { zh: '原价', en: 'Old price' }, kind: 'money', readOnly: true },
    newPrice: {
      label: { zh: '新价格', en: 'New price' },
      kind: 'money',
      required: { zh: '请输入新价格', en: 'Please enter the new price' },
      range: {
        min: 1,
        max: AMOUNT_MAX_FEN,
        message: {
          zh: `新价格须为0.01到${AMOUNT_MAX_YUAN}元的金额（最多两位小数）`,
          en: `A price from 0.01 to ${AMOUNT_MAX_YUAN} yuan with at most 2 decimals`,
        },
      },
      sortable: true,
    },
    effectiveTime: {
      label: { zh: '生效时间', en: 'Effective time' },
      kind: 'dateTime',
      required: { zh: '请选择生效时间', en: 'Please choose the effective time' },
      maxLength: 19,
      filter: 'equal',
      sortable: true,
    },
    state: {
      label: { zh: '状态', en: 'State' },
      readOnly: true,
      choices: PRICE_PLAN_STATE_CHOICES,
      filter: 'equal',
    },
    appliedTime: when('执行时间', 'Applied at'),
    appliedPrice: { label: { zh: '执行价格', en: 'Applied price' }, kind: 'money', readOnly: true },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: PLAN_REMARK_MAX },
    createUser: { label: { zh: '创建人', en: 'Created by' }, readOnly: true, ref: 'user' },
    createUserName: who('创建人', 'Created by', 'createUser'),
    createTime: when('创建时间', 'Created'),
    updateUser: { label: { zh: '修改人', en: 'Changed by' }, readOnly: true, ref: 'user' },
    updateUserName: who('修改人', 'Changed by', 'updateUser'),
    updateTime: when('修改时间', 'Changed'),
    voidUser: { label: { zh: '作废人', en: 'Voided by' }, readOnly: true, ref: 'user' },
    voidUserName: who('作废人', 'Voided by', 'voidUser'),
    voidTime: when('作废时间', 'Voided'),
    voidReason: { label: { zh: '作废原因', en: 'Void reason' }, readOnly: true },
  },
});
