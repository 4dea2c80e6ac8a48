import { SUPPLIER_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';
import { dateFormatMessage } from '../date-formats';

/**
 * A supplier's good (issue 17 item 2, domain.md "sup-good"): `${SUPPLIER_SERVICE}/sup-good`.
 * marketAmount (face value) and costPrice are yuan on the wire, fen at rest; `discount` is
 * derived from them (cost / face, two decimals), never typed. `status` is the enable flag (1 on,
 * 0 off), `onShelf` 1 on shelf; both change through their own calls (enable, batch-on-shelf),
 * as do the warning thresholds (stock-warn, valid-time-warn) and the interface settings
 * (good-interface-set).
 */
export interface SupGood {
  id: string;
  supId: string;
  supName: string;
  goodCode: string;
  goodName: string;
  /** Dictionary sup_good_type: 1 coupon code, 2 direct recharge, 3 interface card. */
  goodType: number;
  goodTypeName: string;
  /** Face value, yuan. */
  marketAmount: number;
  /** Cost price, yuan; never above the face value. */
  costPrice: number;
  /** costPrice / marketAmount with two decimals ('0.90'); '' when the face value is 0. */
  discount: string;
  validDays: number | null;
  validEnd: string | null;
  /** 1 on shelf, 0 off. */
  onShelf: number;
  /** 1 enabled, 0 disabled. */
  status: number;
  stockWarn: number | null;
  validTimeWarn: number | null;
  interfaceGoodCode: string | null;
  remark: string | null;
  version: number;
  createTime: string;
}

/** The good-interface-set/get body: the supplier-side code and how requests are signed. */
export interface SupGoodInterface {
  id: string;
  interfaceGoodCode: string | null;
  /** 'HMAC-SHA256' (default) or 'MD5'. */
  signMethod: string | null;
  version: number;
}

/** One good interface sign config: a parameter (name, value, order) of a signed request. */
export interface SupGoodSign {
  id: string;
  goodId: string;
  paramName: string;
  paramValue: string | null;
  sort: number;
  remark: string | null;
  version: number;
  createTime: string;
}

/** Refusals of a good's save and removal beyond its fields' own checks (the server answers zh). */
export const SUP_GOOD_REFUSALS = {
  codeTaken: { zh: '商品编码已存在', en: 'The supplier already has a good with this code' },
  costAboveFace: { zh: '成本价不能高于面值', en: 'The cost price may not be above the face value' },
  noSupplier: { zh: '供应商不存在', en: 'The supplier does not exist' },
  onShelfDelete: {
    zh: '上架中的商品不能删除，请先下架',
    en: 'A good on the shelf cannot be deleted: take it off the shelf first',
  },
  paramTaken: { zh: '参数名已存在', en: 'The good already has a parameter of this name' },
} as const;
knownMessages(...Object.values(SUP_GOOD_REFUSALS));

/** Signing methods a good's interface may use. */
export const SIGN_METHODS = ['HMAC-SHA256', 'MD5'] as const;

/** The discount of a good from integer fen: cost / face rounded half up to two decimals. */
export function discountOf(costFen: number, faceFen: number): string {
  if (!Number.isInteger(costFen) || !Number.isInteger(faceFen) || faceFen <= 0) return '';
  const hundredths = Math.floor((costFen * 200 + faceFen) / (faceFen * 2));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** A day, or a day and time (the console's date picker sends 'yyyy-MM-dd 00:00:00'). */
export const VALID_END = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/**
 * The stored form of a validEnd: the end of the day it names ('2027-12-31' and
 * '2027-12-31 00:00:00' are both valid through 2027-12-31 23:59:59).
 */
export const endOfDay = (value: string) => `${value.slice(0, 10)} 23:59:59`;

export const supGoodContract = defineContract<SupGood>()({
  service: `${SUPPLIER_SERVICE}/sup-good`,
  route: '/supplier/commodity-list',
  title: { zh: '供应商商品', en: 'Goods' },
  menu: 'supplier_goods',
  buttons: ['add', 'edit', 'delete', 'view', 'export'],
  export: { excelType: 'sup-good', fileName: '供应商商品列表' },
  fields: {
    supId: {
      label: { zh: '供应商', en: 'Supplier' },
      required: { zh: '请选择供应商', en: 'Please choose a supplier' },
      maxLength: 32,
      filter: 'equal',
    },
    supName: { label: { zh: '供应商', en: 'Supplier' }, readOnly: true, export: { width: 20 } },
    goodCode: {
      label: { zh: '商品编码', en: 'Code' },
      required: { zh: '请输入商品编码', en: 'Please enter the code' },
      maxLength: 64,
      pattern: {
        regex: /^[A-Za-z0-9_-]+$/,
        message: {
          zh: '商品编码只能包含字母、数字、_和-',
          en: 'Letters, digits, _ and - only',
        },
      },
      filter: 'like',
      sortable: true,
      export: { width: 20 },
    },
    goodName: {
      label: { zh: '商品名称', en: 'Name' },
      required: { zh: '请输入商品名称', en: 'Please enter the name' },
      maxLength: 200,
      filter: 'like',
      sortable: true,
      export: { width: 28 },
    },
    goodType: {
      label: { zh: '商品类型', en: 'Type' },
      kind: 'integer',
      dict: 'sup_good_type',
      required: { zh: '请选择商品类型', en: 'Please choose a type' },
      range: { min: 1, max: 3, message: { zh: '请选择商品类型', en: 'Please choose a type' } },
      filter: 'equal',
      sortable: true,
    },
    goodTypeName: {
      label: { zh: '商品类型', en: 'Type' },
      readOnly: true,
      export: { width: 12 },
    },
    marketAmount: {
      label: { zh: '面值', en: 'Face value' },
      kind: 'money',
      required: { zh: '请输入面值', en: 'Please enter the face value' },
      sortable: true,
      export: { width: 12 },
    },
    costPrice: {
      label: { zh: '成本价', en: 'Cost price' },
      kind: 'money',
      required: { zh: '请输入成本价', en: 'Please enter the cost price' },
      sortable: true,
      export: { width: 12 },
    },
    discount: { label: { zh: '折扣', en: 'Discount' }, readOnly: true, export: { width: 8 } },
    validDays: {
      label: { zh: '有效天数', en: 'Valid days' },
      kind: 'integer',
      range: {
        min: 1,
        max: 3650,
        message: { zh: '有效天数须为1到3650的整数', en: 'Valid days: a whole number, 1 to 3650' },
      },
      export: { width: 10 },
    },
    validEnd: {
      label: { zh: '有效期至', en: 'Valid until' },
      kind: 'dateTime',
      maxLength: 19,
      pattern: {
        regex: VALID_END,
        message: dateFormatMessage({ zh: '有效期至', en: 'Valid until' }),
      },
      export: { width: 20 },
    },
    onShelf: {
      label: { zh: '上架状态', en: 'Shelf' },
      kind: 'integer',
      dict: 'sup_good_shelf',
      readOnly: true,
      filter: 'equal',
      export: { width: 10 },
    },
    status: {
      label: { zh: '启用状态', en: 'Enabled' },
      kind: 'integer',
      dict: 'sup_good_status',
      readOnly: true,
      filter: 'equal',
      export: { width: 10 },
    },
    stockWarn: {
      label: { zh: '库存预警值', en: 'Stock warning' },
      kind: 'integer',
      readOnly: true,
    },
    validTimeWarn: {
      label: { zh: '有效期预警天数', en: 'Expiry warning days' },
      kind: 'integer',
      readOnly: true,
    },
    interfaceGoodCode: { label: { zh: '接口商品编码', en: 'Interface code' }, readOnly: true },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 500, export: { width: 28 } },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
      export: { width: 20 },
    },
  },
});

/** Where each call of the goods lives, below /api/. */
export const SUP_GOOD = supGoodContract.service;
