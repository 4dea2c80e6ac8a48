import { CLIENT_SERVICE } from '../business-services';
import { defineContract, type Choice } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * Client app stock (issue 27 item 6; spec section 7 client-app-stock): a quota of a product an
 * operator reserves for an app. Orders of the app take from it and returns and failures give back
 * (server stock/ledger.ts, the only writer of `quantity`); an app without a row for a product is
 * not limited. Beyond the spec's list and export: submit (a row with its opening quantity),
 * change (add or deduct with a reason) and warn (the threshold): names of our own.
 */
export const APP_STOCK = `${CLIENT_SERVICE}/client-app-stock`;
/** The most one row may hold, and the most one change may move. */
export const STOCK_MAX = 99_999_999;
export const STOCK_REASON_MAX = 200;

export interface AppStock {
  id: string;
  appId: string;
  appName: string;
  clientId: string;
  clientName: string;
  productId: string;
  productName: string;
  quantity: number;
  warnQuantity: number | null;
  /** 1 when a threshold is set and the quantity is below it. */
  belowWarning: number;
  createTime: string;
  updateTime: string | null;
  version: number;
}

export const STOCK_BELOW_WARNING = {
  0: { zh: '正常', en: 'Normal', color: 'green' },
  1: { zh: '低于预警', en: 'Below warning', color: 'red' },
} as const satisfies Record<string, Choice>;

const quantityRange = (zh: string, en: string) => ({
  min: 0,
  max: STOCK_MAX,
  message: { zh: `${zh}须为0到${STOCK_MAX}的整数`, en: `${en}: a whole number, 0 to ${STOCK_MAX}` },
});

/** 当前库存 (/product/order/stock/curr-total). */
export const appStockContract = defineContract<AppStock>()({
  service: APP_STOCK,
  route: '/product/order/stock/curr-total',
  title: { zh: '应用库存', en: 'App stock' },
  menu: 'app_stock',
  buttons: ['view', 'export'],
  calls: { list: 'list', export: 'export-client-app-stock' },
  export: { excelType: 'client-app-stock', fileName: '应用库存' },
  filterAliases: {
    belowWarning: {
      label: { zh: '预警状态', en: 'Warning' },
      field: 'belowWarning',
      filter: 'equal',
      byServer: true,
    },
  },
  fields: {
    appId: {
      label: { zh: '应用', en: 'App' },
      ref: 'psclientApp',
      required: { zh: '请选择应用', en: 'Please choose an app' },
      filter: 'equal',
    },
    appName: {
      label: { zh: '应用', en: 'App' },
      nameOf: 'appId',
      readOnly: true,
      sortable: true,
      export: { width: 20 },
    },
    clientId: {
      label: { zh: '接入方', en: 'Access party' },
      ref: 'psclient',
      readOnly: true,
      filter: 'equal',
    },
    clientName: {
      label: { zh: '接入方', en: 'Access party' },
      nameOf: 'clientId',
      readOnly: true,
      export: { width: 20 },
    },
    productId: {
      label: { zh: '产品', en: 'Product' },
      ref: 'psclientProduct',
      required: { zh: '请选择产品', en: 'Please choose a product' },
      unique: { zh: '该应用已有此产品的库存', en: 'The app already has stock of this product' },
      uniqueWith: ['appId'],
      filter: 'equal',
    },
    productName: {
      label: { zh: '产品', en: 'Product' },
      nameOf: 'productId',
      readOnly: true,
      sortable: true,
      export: { width: 24 },
    },
    quantity: {
      label: { zh: '库存数量', en: 'Quantity' },
      kind: 'integer',
      required: { zh: '请输入库存数量', en: 'Please enter the quantity' },
      range: quantityRange('库存数量', 'Quantity'),
      sortable: true,
      export: { width: 12 },
    },
    warnQuantity: {
      label: { zh: '预警数量', en: 'Warning quantity' },
      kind: 'integer',
      range: quantityRange('预警数量', 'Warning quantity'),
      export: { width: 12 },
    },
    belowWarning: {
      label: { zh: '预警状态', en: 'Warning' },
      kind: 'integer',
      choices: STOCK_BELOW_WARNING,
      readOnly: true,
      export: { width: 10 },
    },
    createTime: { label: { zh: '创建时间', en: 'Created' }, kind: 'dateTime', readOnly: true },
    updateTime: {
      label: { zh: '更新时间', en: 'Updated' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
      export: { width: 20 },
    },
  },
});

/** The screen's own buttons (menu-tree extraButtons; app_stock_warn_setting was seeded). */
export const STOCK_CODES = {
  add: 'app_stock_add',
  change: 'app_stock_change',
  warn: 'app_stock_warn_setting',
} as const;

/** The stock calls beyond the engine's (POST, JSON bodies). */
export const STOCK_CALLS = {
  submit: `${APP_STOCK}/submit`,
  change: `${APP_STOCK}/change`,
  warn: `${APP_STOCK}/warn`,
} as const;

/** The stock calls' refusals and the ledger's reasons: zh as the server answers, en for the console. */
export const STOCK_TEXTS = {
  changeQuantity: {
    zh: `变动数量须为不为0的整数，绝对值不超过${STOCK_MAX}`,
    en: `A non-zero whole number, at most ${STOCK_MAX} either way`,
  },
  reason: { zh: '请输入变动原因', en: 'Please enter the reason' },
  reasonLength: {
    zh: `原因不能超过${STOCK_REASON_MAX}个字符`,
    en: `At most ${STOCK_REASON_MAX} characters`,
  },
  belowZero: { zh: '库存不足，扣减后将小于0', en: 'Too little stock: it would go below 0' },
  overMax: {
    zh: `库存不能超过${STOCK_MAX}`,
    en: `The stock may not exceed ${STOCK_MAX}`,
  },
  opening: { zh: '期初库存', en: 'Opening stock' },
  order: { zh: '下单占用', en: 'Taken by an order' },
  return: { zh: '退货归还', en: 'Given back by a return' },
  fail: { zh: '下单失败归还', en: 'Given back by a failed order' },
} as const;
knownMessages(...Object.values(STOCK_TEXTS));
