import { CLIENT_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * A client product (issue 27 item 3, domain.md "psclient-product"): what the platform sells to
 * access parties' apps, `${CLIENT_SERVICE}/psclient-product`. Face value and sale price are yuan
 * on the wire, fen at rest. `pictures` and `videos` are media stock ids (blade_pic, blade_video
 * of the tenant), comma-joined on the wire like every multi value, a JSON array at rest;
 * `listPicAndVideo` answers them with their addresses. The goods a product is fulfilled from and
 * the rule that picks one are product-good-map's (product-good-map.ts); `setRule` is that rule.
 * `goodCount`, `availableStock`, `stockWarn` and `belowWarning` are the server's.
 */
export interface PsclientProduct {
  id: string;
  productCode: string;
  productName: string;
  /** Face value, yuan. */
  marketAmount: number;
  /** What an app pays per unit, yuan. */
  salePrice: number;
  setRule: SetRule;
  /** 1 on the shelf (apps may order it), 0 off. */
  onShelf: number;
  /** Picture ids of the media stock, comma-joined ('' when none). */
  pictures: string;
  /** Video ids of the media stock, comma-joined ('' when none). */
  videos: string;
  description: string | null;
  enabled: number;
  remark: string | null;
  /** Live goods mapped to the product. */
  goodCount: number;
  /**
   * Unused, unexpired codes of the mapped coupon-code goods that can be sold now (good enabled
   * and on the shelf, its supplier live and enabled).
   */
  availableStock: number;
  /** The stock threshold that applies: the product's own, else the tenant's default; null none. */
  stockWarn: number | null;
  /**
   * 1 when a threshold applies and the available stock is below it (only for a product whose
   * sellable goods are all coupon-code goods: other goods have no stock to run out of).
   */
  belowWarning: number;
  version: number;
  createTime: string;
}

/** The rules that pick the good of an order among a product's mapped goods. */
export const SET_RULES = {
  priority: { zh: '优先级', en: 'Priority', color: 'blue' },
  lowestCost: { zh: '最低成本', en: 'Lowest cost', color: 'teal' },
  weighted: { zh: '按权重', en: 'Weighted', color: 'grape' },
} as const;
export type SetRule = keyof typeof SET_RULES;

export const PSCLIENT_PRODUCT = `${CLIENT_SERVICE}/psclient-product`;

/** The most pictures and videos a product shows. */
export const PICTURES_MAX = 9;
export const VIDEOS_MAX = 3;

/** Refusals of the product's calls beyond its fields' own checks (the server answers the zh). */
export const PRODUCT_REFUSALS = {
  pictures: { zh: '图片不存在或已删除', en: 'A picture does not exist or was removed' },
  videos: { zh: '视频不存在或已删除', en: 'A video does not exist or was removed' },
  picturesMax: {
    zh: `最多选择${PICTURES_MAX}张图片`,
    en: `At most ${PICTURES_MAX} pictures`,
  },
  videosMax: { zh: `最多选择${VIDEOS_MAX}个视频`, en: `At most ${VIDEOS_MAX} videos` },
  mediaIds: { zh: '参数格式错误', en: 'Malformed parameter' },
  authorised: {
    zh: '产品已授权给应用，不能删除，请先取消授权',
    en: 'The product is authorised to an app: withdraw the authorisation first',
  },
  openOrders: {
    zh: '产品有未完结的订单，不能删除',
    en: 'The product has orders that are not finished',
  },
  onShelf: { zh: '请选择上架或下架', en: 'Choose on or off the shelf' },
  clientId: { zh: '请选择接入方', en: 'Please choose an access party' },
  productId: { zh: '请选择产品', en: 'Please choose a product' },
  productCode: { zh: '请输入产品编码', en: 'Please enter the product code' },
  stockWarn: {
    zh: '库存预警值须为0到100000000的整数',
    en: 'The stock threshold is a whole number from 0 to 100000000',
  },
} as const;
knownMessages(...Object.values(PRODUCT_REFUSALS));

/** The highest stock threshold one may set. */
export const STOCK_WARN_MAX = 100_000_000;

/** A picture or video of a product (listPicAndVideo, media-options). */
export interface ProductMedia {
  id: string;
  name: string;
  /** The public address an <img> or <video> loads. */
  link: string;
}

/** listPicAndVideo: the product's pictures and videos in their order, with their addresses. */
export interface ProductMediaAnswer {
  productId: string;
  pictures: ProductMedia[];
  videos: ProductMedia[];
}

/** listAllClient: a product authorised to at least one app of the access party. */
export interface AuthorisedProduct {
  id: string;
  productCode: string;
  productName: string;
  marketAmount: number;
  salePrice: number;
  onShelf: number;
  enabled: number;
  /** The party's apps authorised for it. */
  appIds: string[];
}

/** A store where a product's mapped goods are redeemed (listGoodStoreMapping). */
export interface ProductStore {
  id: string;
  storeCode: string;
  storeName: string;
  supId: string;
  supName: string;
  regionName: string;
  address: string | null;
  phone: string | null;
  /** The product's mapped goods the store accepts. */
  goods: { goodId: string; goodName: string }[];
}

/** One product's stock threshold (warning/one/get). */
export interface ProductWarning {
  productId: string;
  /** The product's own threshold; null: the default applies. */
  stockWarn: number | null;
  /** The tenant's default (client-product-warning-set). */
  defaultStockWarn: number | null;
  availableStock: number;
  belowWarning: number;
}

/** The tenant's default stock threshold (client-product-warning-set/get). */
export interface ProductWarningDefault {
  stockWarn: number | null;
}

/** Where the warning calls live. */
export const PRODUCT_WARNING_SET = `${CLIENT_SERVICE}/client-product-warning-set`;

export const psclientProductContract = defineContract<PsclientProduct>()({
  service: PSCLIENT_PRODUCT,
  route: '/product/product-files',
  title: { zh: '产品档案', en: 'Product' },
  menu: 'product',
  buttons: ['add', 'edit', 'delete', 'view', 'export', 'enable'],
  calls: {
    select: 'list-all',
    detail: 'get',
    remove: { path: 'delete', method: 'GET' },
    export: { path: 'exportPsClientProduct', method: 'GET' },
  },
  export: { excelType: 'psclient-product', fileName: '产品档案列表' },
  fields: {
    productCode: {
      label: { zh: '产品编码', en: 'Product code' },
      required: { zh: '请输入产品编码', en: 'Please enter the product code' },
      maxLength: 32,
      pattern: {
        regex: /^[A-Za-z0-9_-]+$/,
        message: {
          zh: '产品编码只能包含字母、数字、_和-',
          en: 'Letters, digits, _ and - only',
        },
      },
      unique: { zh: '产品编码已存在', en: 'Another product has this code' },
      filter: 'like',
      sortable: true,
      export: { width: 18 },
    },
    productName: {
      label: { zh: '产品名称', en: 'Product name' },
      required: { zh: '请输入产品名称', en: 'Please enter the product name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
      export: { width: 28 },
    },
    marketAmount: {
      label: { zh: '面值', en: 'Face value' },
      kind: 'money',
      required: { zh: '请输入面值', en: 'Please enter the face value' },
      sortable: true,
      export: { width: 12 },
    },
    salePrice: {
      label: { zh: '销售价', en: 'Sale price' },
      kind: 'money',
      required: { zh: '请输入销售价', en: 'Please enter the sale price' },
      sortable: true,
      export: { width: 12 },
    },
    setRule: {
      label: { zh: '配置规则', en: 'Goods rule' },
      required: { zh: '请选择配置规则', en: 'Please choose the goods rule' },
      choices: SET_RULES,
      filter: 'equal',
      export: { width: 12 },
    },
    onShelf: {
      label: { zh: '上架', en: 'On shelf' },
      kind: 'switch',
      emptyAs: 1,
      filter: 'equal',
      export: { width: 8 },
    },
    pictures: { label: { zh: '产品图片', en: 'Pictures' }, maxLength: 2000 },
    videos: { label: { zh: '产品视频', en: 'Videos' }, maxLength: 1000 },
    description: {
      label: { zh: '产品描述', en: 'Description' },
      maxLength: 2000,
      export: { width: 40 },
    },
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      kind: 'switch',
      emptyAs: 1,
      toggle: true,
      filter: 'equal',
      export: { width: 8 },
    },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 500, export: { width: 28 } },
    goodCount: {
      label: { zh: '映射商品数', en: 'Mapped goods' },
      kind: 'integer',
      readOnly: true,
      export: { width: 10 },
    },
    availableStock: {
      label: { zh: '可用库存', en: 'Available stock' },
      kind: 'integer',
      readOnly: true,
      export: { width: 10 },
    },
    stockWarn: {
      label: { zh: '库存预警值', en: 'Stock threshold' },
      kind: 'integer',
      readOnly: true,
      export: { width: 10 },
    },
    belowWarning: {
      label: { zh: '库存预警', en: 'Stock warning' },
      kind: 'integer',
      readOnly: true,
    },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
      export: { width: 20 },
    },
  },
});

/** The warning tag of a row (belowWarning). */
export const BELOW_WARNING = [
  { value: '0', label: { zh: '正常', en: 'Normal' }, color: 'green' },
  { value: '1', label: { zh: '库存不足', en: 'Low stock' }, color: 'red' },
] as const;
