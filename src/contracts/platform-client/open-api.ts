/**
 * The open order API (issue 27 item 4): what an app calls to buy client products, declared once.
 * The server validates requests and answers from these declarations (server/services/
 * platform-client/open-api/), and /access/openplatform/apidoc renders them (parameters, answers,
 * error codes, the signing walk-through), so the page cannot drift from what is served.
 *
 * Signing: every call carries four headers. The signature is HMAC-SHA256 with the app secret
 * over `stringToSign` (method, path with its query as sent, timestamp, nonce and the SHA-256 of
 * the body, one per line), in lowercase hex. The timestamp is Unix seconds and must be within
 * ±TIMESTAMP_WINDOW_SECONDS of the server's clock; a nonce is accepted once per app.
 */

export const OPEN_API_PREFIX = '/open/v1';

export const OPEN_HEADERS = {
  appKey: 'X-App-Key',
  timestamp: 'X-Timestamp',
  nonce: 'X-Nonce',
  signature: 'X-Signature',
} as const;

export const TIMESTAMP_WINDOW_SECONDS = 300;
/** A nonce: 8 to 64 letters, digits, '-' or '_'. */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** The app's own order number. */
export const OUT_ORDER_NO_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_ORDER_QUANTITY = 1000;

/** SHA-256 (hex) of an empty body: what a GET signs. */
export const EMPTY_BODY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The text a request's signature is computed over. */
export function stringToSign(p: {
  method: string;
  /** Path and query exactly as sent ('/open/v1/orders/A1?x=1'). */
  path: string;
  timestamp: string;
  nonce: string;
  /** SHA-256 of the raw body bytes, lowercase hex (EMPTY_BODY_SHA256 for none). */
  bodySha256: string;
}): string {
  return [p.method.toUpperCase(), p.path, p.timestamp, p.nonce, p.bodySha256].join('\n');
}

interface Text {
  zh: string;
  en: string;
}

/** Every refusal the open API answers: a stable code, its HTTP status and message. */
export const OPEN_ERRORS = {
  BAD_REQUEST: { status: 400, zh: '请求参数错误', en: 'The request is malformed' },
  AUTH_MISSING: {
    status: 401,
    zh: '缺少签名请求头',
    en: 'A signing header is missing',
  },
  APP_UNKNOWN: { status: 401, zh: 'appKey 不存在', en: 'Unknown appKey' },
  TIMESTAMP_STALE: {
    status: 401,
    zh: '时间戳超出允许范围（±5分钟）',
    en: 'The timestamp is outside the allowed window (±5 minutes)',
  },
  SIGNATURE_INVALID: { status: 401, zh: '签名错误', en: 'The signature does not match' },
  NONCE_REUSED: { status: 401, zh: 'nonce 已使用', en: 'The nonce was already used' },
  IP_DENIED: {
    status: 403,
    zh: '请求来源 IP 不在应用白名单内',
    en: 'The calling IP address is not on the app allowlist',
  },
  APP_DISABLED: { status: 403, zh: '应用已停用', en: 'The app is disabled' },
  PRODUCT_NOT_AUTHORISED: {
    status: 403,
    zh: '应用未获授权购买该产品',
    en: 'The app is not authorised for this product',
  },
  PRODUCT_UNAVAILABLE: {
    status: 409,
    zh: '产品不存在、已停用或已下架',
    en: 'The product does not exist, is disabled or is off the shelf',
  },
  FORBIDDEN_SALE_DAY: {
    status: 409,
    zh: '该产品今日禁售',
    en: 'The product is not sold today',
  },
  PREPAY_INSUFFICIENT: {
    status: 409,
    zh: '预存余额不足',
    en: 'The prepay balance is too low',
  },
  STOCK_INSUFFICIENT: {
    status: 409,
    zh: '应用库存不足',
    en: 'The app has too little stock of this product',
  },
  OUT_ORDER_NO_CONFLICT: {
    status: 409,
    zh: 'outOrderNo 已用于另一笔不同的订单',
    en: 'The outOrderNo was used for a different order',
  },
  ORDER_NOT_FOUND: { status: 404, zh: '订单不存在', en: 'No such order' },
  ORDER_NOT_RETURNABLE: {
    status: 409,
    zh: '订单当前状态不能退货，或可退数量不足',
    en: 'The order cannot be returned in its state, or not that many codes',
  },
  RATE_LIMITED: {
    status: 429,
    zh: '请求过于频繁，请稍后重试',
    en: 'Too many requests, retry later',
  },
  INTERNAL: { status: 500, zh: '服务内部错误', en: 'Internal error' },
} as const satisfies Record<string, { status: number } & Text>;

export type OpenErrorCode = keyof typeof OPEN_ERRORS;

/** A parameter or answer field as the page documents it (and the server checks a body by). */
export interface OpenField {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  required?: boolean;
  description: Text;
  /** Strings: the pattern and length; integers: the range. */
  pattern?: RegExp;
  maxLength?: number;
  min?: number;
  max?: number;
  example?: string | number | boolean;
  /** The fields of each element (array) or of the object. */
  fields?: readonly OpenField[];
}

export interface OpenRoute {
  id: 'placeOrder' | 'getOrder' | 'returnOrder' | 'listProducts' | 'getBalance';
  method: 'GET' | 'POST';
  /** Under OPEN_API_PREFIX; `{outOrderNo}` is a path parameter. */
  path: string;
  title: Text;
  description: Text;
  pathParams?: readonly OpenField[];
  body?: readonly OpenField[];
  answer: readonly OpenField[];
  errors: readonly OpenErrorCode[];
}

const ORDER_STATE: Text = {
  zh: '订单状态：success 成功，failed 失败（预存已退回），fulfilling 处理中，returned 已退货，partReturned 部分退货',
  en: 'Order state: success, failed (prepay returned), fulfilling, returned, partReturned',
};

/** The order as every order call answers it. */
export const ORDER_ANSWER: readonly OpenField[] = [
  {
    name: 'orderNo',
    type: 'string',
    description: { zh: '平台订单号', en: 'Platform order number' },
  },
  {
    name: 'outOrderNo',
    type: 'string',
    description: { zh: '应用订单号', en: "The app's order number" },
  },
  { name: 'productCode', type: 'string', description: { zh: '产品编码', en: 'Product code' } },
  { name: 'quantity', type: 'integer', description: { zh: '数量', en: 'Quantity' } },
  {
    name: 'salePrice',
    type: 'number',
    description: { zh: '单价（元）', en: 'Unit price (yuan)' },
  },
  { name: 'amount', type: 'number', description: { zh: '金额（元）', en: 'Amount (yuan)' } },
  { name: 'state', type: 'string', description: ORDER_STATE },
  {
    name: 'returnedQuantity',
    type: 'integer',
    description: { zh: '已退数量', en: 'Quantity returned' },
  },
  {
    name: 'returnedAmount',
    type: 'number',
    description: { zh: '已退金额（元）', en: 'Amount returned (yuan)' },
  },
  {
    name: 'failReason',
    type: 'string',
    description: { zh: '失败原因（失败时）', en: 'Why it failed (when failed)' },
  },
  {
    name: 'codes',
    type: 'array',
    description: {
      zh: '券码（成功时；已退的券码不再返回）',
      en: 'The codes (on success; returned codes are left out)',
    },
    fields: [
      { name: 'code', type: 'string', description: { zh: '券码', en: 'Code' } },
      {
        name: 'pin',
        type: 'string',
        description: { zh: '密码（可为空）', en: 'PIN (may be null)' },
      },
      {
        name: 'validEnd',
        type: 'string',
        description: { zh: '有效期至（可为空）', en: 'Valid until (may be null)' },
      },
    ],
  },
  {
    name: 'createTime',
    type: 'string',
    description: {
      zh: '下单时间 yyyy-MM-dd HH:mm:ss（UTC）',
      en: 'Placed at, yyyy-MM-dd HH:mm:ss (UTC)',
    },
  },
  {
    name: 'finishTime',
    type: 'string',
    description: { zh: '完成时间（UTC）', en: 'Finished at (UTC)' },
  },
];

const OUT_ORDER_NO_PARAM: OpenField = {
  name: 'outOrderNo',
  type: 'string',
  required: true,
  pattern: OUT_ORDER_NO_PATTERN,
  maxLength: 64,
  example: 'A20261128001',
  description: {
    zh: '应用订单号：字母、数字、_ 或 -，最长64位，同一应用内唯一',
    en: "The app's order number: letters, digits, _ or -, at most 64, unique per app",
  },
};

const SIGNING_ERRORS = [
  'AUTH_MISSING',
  'APP_UNKNOWN',
  'TIMESTAMP_STALE',
  'SIGNATURE_INVALID',
  'NONCE_REUSED',
  'IP_DENIED',
  'APP_DISABLED',
  'RATE_LIMITED',
] as const satisfies readonly OpenErrorCode[];

export const OPEN_ROUTES: readonly OpenRoute[] = [
  {
    id: 'placeOrder',
    method: 'POST',
    path: '/orders',
    title: { zh: '下单', en: 'Place an order' },
    description: {
      zh: '按产品当前售价扣减应用预存，从供应商库存发放券码，并在应答中返回券码。同一 outOrderNo 再次提交（包括并发提交）返回第一笔订单。失败时预存退回，订单状态为 failed。',
      en: "Charges the app's prepay at the product's current price, issues codes from supplier stock and answers them. The same outOrderNo again (concurrently too) answers the first order. On failure the prepay is returned and the order is failed.",
    },
    body: [
      OUT_ORDER_NO_PARAM,
      {
        name: 'productCode',
        type: 'string',
        required: true,
        maxLength: 32,
        example: 'P-COFFEE-30',
        description: { zh: '产品编码（已授权给应用）', en: 'Product code (authorised to the app)' },
      },
      {
        name: 'quantity',
        type: 'integer',
        required: true,
        min: 1,
        max: MAX_ORDER_QUANTITY,
        example: 1,
        description: {
          zh: `数量，1到${MAX_ORDER_QUANTITY}`,
          en: `Quantity, 1 to ${MAX_ORDER_QUANTITY}`,
        },
      },
      {
        name: 'phone',
        type: 'string',
        pattern: /^1\d{10}$/,
        example: '13800138000',
        description: {
          zh: '用户手机号（可选，11位，1开头；加密保存）',
          en: "The end user's phone (optional, 11 digits starting with 1; stored encrypted)",
        },
      },
    ],
    answer: ORDER_ANSWER,
    errors: [
      'BAD_REQUEST',
      ...SIGNING_ERRORS,
      'PRODUCT_NOT_AUTHORISED',
      'PRODUCT_UNAVAILABLE',
      'FORBIDDEN_SALE_DAY',
      'PREPAY_INSUFFICIENT',
      'STOCK_INSUFFICIENT',
      'OUT_ORDER_NO_CONFLICT',
    ],
  },
  {
    id: 'getOrder',
    method: 'GET',
    path: '/orders/{outOrderNo}',
    title: { zh: '查询订单', en: 'Get an order' },
    description: {
      zh: '按应用订单号查询订单及其券码。',
      en: "An order and its codes, by the app's order number.",
    },
    pathParams: [OUT_ORDER_NO_PARAM],
    answer: ORDER_ANSWER,
    errors: ['BAD_REQUEST', ...SIGNING_ERRORS, 'ORDER_NOT_FOUND'],
  },
  {
    id: 'returnOrder',
    method: 'POST',
    path: '/orders/{outOrderNo}/return',
    title: { zh: '退货', en: 'Return an order' },
    description: {
      zh: '退回未使用的券码，按比例退回预存。不传 quantity 时退回全部未使用券码。',
      en: 'Returns unused codes and credits the prepay pro rata. Without quantity every unused code is returned.',
    },
    pathParams: [OUT_ORDER_NO_PARAM],
    body: [
      {
        name: 'quantity',
        type: 'integer',
        min: 1,
        max: MAX_ORDER_QUANTITY,
        description: { zh: '退货数量（可选）', en: 'How many codes (optional)' },
      },
      {
        name: 'reason',
        type: 'string',
        maxLength: 200,
        description: { zh: '退货原因（可选）', en: 'Why (optional)' },
      },
    ],
    answer: ORDER_ANSWER,
    errors: ['BAD_REQUEST', ...SIGNING_ERRORS, 'ORDER_NOT_FOUND', 'ORDER_NOT_RETURNABLE'],
  },
  {
    id: 'listProducts',
    method: 'GET',
    path: '/products',
    title: { zh: '可购产品', en: 'Products' },
    description: {
      zh: '应用已获授权、在售的产品及其当前售价。',
      en: 'The products the app is authorised for and that are on sale, with their current price.',
    },
    answer: [
      { name: 'productCode', type: 'string', description: { zh: '产品编码', en: 'Product code' } },
      { name: 'productName', type: 'string', description: { zh: '产品名称', en: 'Product name' } },
      {
        name: 'marketAmount',
        type: 'number',
        description: { zh: '面值（元）', en: 'Face value (yuan)' },
      },
      {
        name: 'salePrice',
        type: 'number',
        description: { zh: '当前售价（元）', en: 'Current price (yuan)' },
      },
    ],
    errors: [...SIGNING_ERRORS],
  },
  {
    id: 'getBalance',
    method: 'GET',
    path: '/balance',
    title: { zh: '预存余额', en: 'Prepay balance' },
    description: { zh: '应用的预存余额。', en: "The app's prepay balance." },
    answer: [
      { name: 'balance', type: 'number', description: { zh: '余额（元）', en: 'Balance (yuan)' } },
      {
        name: 'creditLimit',
        type: 'number',
        description: { zh: '授信额度（元）', en: 'Credit line (yuan)' },
      },
      {
        name: 'available',
        type: 'number',
        description: { zh: '可用金额（元）', en: 'Available (yuan)' },
      },
    ],
    errors: [...SIGNING_ERRORS],
  },
];

/** The callback an app receives for each final outcome (POST JSON to its callback URL). */
export const CALLBACK_DOC = {
  headers: ['X-Event-Id', 'X-Timestamp', 'X-Signature'] as const,
  /** Attempts before an event is given up (an operator may resend it). */
  maxAttempts: 10,
  /** Waits before attempt 2, 3, ... (ms): the last repeats. */
  backoffMs: [10_000, 30_000, 60_000, 300_000, 900_000, 1_800_000, 3_600_000],
  /** HMAC-SHA256(app secret, timestamp + '\n' + raw body), lowercase hex. */
  events: {
    'order.success': { zh: '订单成功', en: 'Order succeeded' },
    'order.failed': { zh: '订单失败（预存已退回）', en: 'Order failed (prepay returned)' },
    'order.returned': { zh: '订单退货', en: 'Order returned' },
  },
} as const;

export type CallbackEvent = keyof typeof CALLBACK_DOC.events;
