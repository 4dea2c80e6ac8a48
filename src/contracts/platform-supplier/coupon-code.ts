import { SUPPLIER_SERVICE } from '../business-services';
import { defineContract, type Text } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * Coupon codes (issue 18 item 2, domain.md "coupon code"): batches, codes, used codes and
 * recovery records of `${SUPPLIER_SERVICE}`. Codes and pins are sealed at rest; a row answers
 * `couponCode` (and `pin`) in full only to a caller holding the screen's view button
 * (`code_batch_view` on the batch screen, `code_source_view` on the tracing screen,
 * `code_recycle_view` on the recovery screen), else the mask (`codeMask`, pin '******').
 * Exports are masked unless the caller holds `code_batch_export_plain`.
 *
 * A code's `state` is a couponCodeLifecycle state (machines/lifecycles/coupon-code-machine.ts:
 * unused, issued, used, invalid, recovering, expired); the console labels it from the machine's
 * `states` and offers row actions by `allows(couponCodeLifecycle, state, event)`.
 *
 * Every write is a POST taking an `Idempotency-Key` header (send-once buttons in the console).
 */

export const BATCH_SERVICE = `${SUPPLIER_SERVICE}/sup-batch-coupon-code`;
export const CODE_SERVICE = `${SUPPLIER_SERVICE}/sup-coupon-code`;
export const USED_SERVICE = `${SUPPLIER_SERVICE}/sup-coupon-code-used`;
export const RECOVERY_SERVICE = `${SUPPLIER_SERVICE}/sup-coupon-code-recovery`;

/** The calls, as paths without /api (GET unless marked POST). */
export const COUPON_CODE_CALLS = {
  /** GET paged batches; filters BATCH_FILTERS. */
  batchList: `${BATCH_SERVICE}/batch-list`,
  /** POST (or GET) async export of the batch list with its filters: {id, sourceFileName}. */
  batchExport: `${BATCH_SERVICE}/export-batch-coupon-code`,
  /** GET paged codes; filters CODE_FILTERS (couponCode2: RSA-OAEP ciphertext of one code). */
  list: `${CODE_SERVICE}/list`,
  /** GET ?id= one code (SupCouponCode). */
  query: `${CODE_SERVICE}/query`,
  /** GET the tenant's coupon-code goods (CouponGood[]) for the selects. */
  goods: `${CODE_SERVICE}/goods`,
  /** POST async export of the code list with its filters. */
  export: `${CODE_SERVICE}/export-coupon-code`,
  /** GET the xlsx template (blob): 券码, 卡密, 有效期开始, 有效期结束. */
  template: `${CODE_SERVICE}/export-template`,
  /** POST multipart: goodId + file (xlsx) -> CodeImportResult. */
  importFile: `${CODE_SERVICE}/import-batch-coupon`,
  /** POST JSON {goodId, codes: [{code, pin?, validEnd?}]} (≤ PASTE_MAX) -> CodeImportResult. */
  importList: `${CODE_SERVICE}/import`,
  /** POST {goodId, quantity ≤ AUTO_IMPORT_MAX}: fetch codes from the supplier's interface. */
  autoImport: `${CODE_SERVICE}/auto/import`,
  /** POST {goodId, quantity ≤ MANUAL_OBTAIN_MAX}: the same, batch source 'manual'. */
  manualObtain: `${CODE_SERVICE}/auto/import/manual-obtain-card`,
  /** POST {ids}: unused -> invalid, all or nothing (an order's code: 409) -> CodeChangeResult. */
  invalid: `${CODE_SERVICE}/invalid-coupon`,
  /** POST {codes: text, one a line or comma-separated (≤ INVALID_LIST_MAX)} -> InvalidByListResult. */
  invalidByList: `${CODE_SERVICE}/invalid-coupon2`,
  /** POST {ids}: invalid -> unused, all or nothing -> CodeChangeResult. */
  recover: `${CODE_SERVICE}/recovery-coupon`,
  /** POST {couponCode2: ciphertext} -> CodeFindHit[] (≤ 5): the palette's c: look-up. */
  find: `${CODE_SERVICE}/find`,
  /** GET ?id= -> CodeTrace: the code's whole history. */
  trace: `${CODE_SERVICE}/trace`,
  /** GET paged issued and used codes (SupCouponCodeUsed); filters USED_FILTERS. */
  usedList: `${USED_SERVICE}/list`,
  /** POST async export of the used list. */
  usedExport: `${USED_SERVICE}/export-coupon-code-used`,
  /** POST {ids}: ask the supplier's interface for those codes' status -> RenewStatusResult. */
  renewStatus: `${USED_SERVICE}/renew-status`,
  /** POST {ids}: used -> issued, the latest redemption cancelled -> CodeChangeResult. */
  cancelUse: `${USED_SERVICE}/cancel`,
  /** GET paged recovery records; filters RECOVERY_FILTERS. */
  recoveryList: `${RECOVERY_SERVICE}/list`,
  /** POST {ids, result: 'restock'|'discard', remark?} -> CodeChangeResult. */
  recoveryHandle: `${RECOVERY_SERVICE}/handle`,
  /** POST async export of the recovery list. */
  recoveryExport: `${RECOVERY_SERVICE}/export`,
} as const;

/** Button codes of the seed (server/db/seed/menu-tree.ts), per screen. */
export const CODE_BATCH_BUTTONS = {
  menu: 'code_batch',
  view: 'code_batch_view',
  import: 'code_batch_import',
  autoImport: 'code_batch_auto_import',
  manualObtain: 'code_batch_manual_obtain',
  template: 'code_batch_template',
  invalid: 'code_batch_invalid',
  recover: 'code_batch_recover',
  export: 'code_batch_export',
  /** 导出明文: exports carry full codes and pins. */
  exportPlain: 'code_batch_export_plain',
} as const;

export const CODE_RECYCLE_BUTTONS = {
  menu: 'code_recycle',
  view: 'code_recycle_view',
  handle: 'code_recycle_handle',
  export: 'code_recycle_export',
} as const;

export const CODE_SOURCE_BUTTONS = {
  menu: 'code_source',
  view: 'code_source_view',
  renewStatus: 'code_source_renew_status',
  cancel: 'code_source_cancel',
  export: 'code_source_export',
} as const;

/** The longest code (and pin) accepted, in characters. */
export const CODE_MAX_LENGTH = 128;
/** The most rows of an imported file, of a pasted import, of an invalid-coupon2 list. */
export const IMPORT_MAX_ROWS = 100_000;
export const PASTE_MAX = 10_000;
export const INVALID_LIST_MAX = 1_000;
/** invalid-coupon2's refusals of its `codes` list (the server answers the zh). */
export const CODE_LIST_REFUSALS = {
  empty: { zh: '请输入券码', en: 'Please enter the codes to invalidate' },
  tooMany: {
    zh: `单次最多作废${INVALID_LIST_MAX}个券码`,
    en: `At most ${INVALID_LIST_MAX} codes at a time`,
  },
} as const;
knownMessages(...Object.values(CODE_LIST_REFUSALS));
/** The most codes one auto/import and one manual-obtain-card fetch. */
export const AUTO_IMPORT_MAX = 1_000;
export const MANUAL_OBTAIN_MAX = 100;
/** The most ids of one invalid/recover/renew/cancel/handle call. */
export const IDS_MAX = 1_000;
/** The most hits of `find`. */
export const FIND_MAX = 5;
/** What a pin shows as to a caller without the view button. */
export const PIN_MASK = '******';

/** Where a batch came from: an import file (or pasted list), the interface, a manual fetch. */
export const BATCH_SOURCES = {
  import: { zh: '导入', en: 'Import' },
  interface: { zh: '接口', en: 'Interface' },
  manual: { zh: '手动取卡', en: 'Manual fetch' },
} as const satisfies Record<string, Text>;
export type BatchSource = keyof typeof BATCH_SOURCES;

/** A recovery record's state. */
export const RECOVERY_STATES = {
  pending: { zh: '待处理', en: 'Pending' },
  restocked: { zh: '已入库', en: 'Restocked' },
  discarded: { zh: '已作废', en: 'Discarded' },
} as const satisfies Record<string, Text>;
export type RecoveryState = keyof typeof RECOVERY_STATES;
export const RECOVERY_RESULTS = ['restock', 'discard'] as const;
export type RecoveryResult = (typeof RECOVERY_RESULTS)[number];

/** A batch with its counts per code state (computed from the codes). */
export interface SupBatchCouponCode {
  id: string;
  batchNo: string;
  supId: string;
  supName: string;
  goodId: string;
  goodName: string;
  /** BatchSource. */
  source: string;
  sourceName: string;
  totalCount: number;
  unusedCount: number;
  issuedCount: number;
  usedCount: number;
  invalidCount: number;
  recoveringCount: number;
  expiredCount: number;
  validStart: string | null;
  validEnd: string | null;
  fileName: string | null;
  createTime: string;
}

/** A code as the lists and `query` answer it. */
export interface SupCouponCode {
  id: string;
  batchId: string;
  batchNo: string;
  supId: string;
  supName: string;
  goodId: string;
  goodName: string;
  /** The full code for a caller with the view button, else the mask. */
  couponCode: string;
  /** The full pin for a caller with the view button, else PIN_MASK; '' when the code has none. */
  pin: string;
  codeMask: string;
  validStart: string | null;
  validEnd: string | null;
  /** couponCodeLifecycle state. */
  state: string;
  orderId: string | null;
  orderNo: string | null;
  issueTime: string | null;
  usedTime: string | null;
  invalidTime: string | null;
  createTime: string;
}

/** An issued or used code with its latest redemption (not cancelled). */
export interface SupCouponCodeUsed extends SupCouponCode {
  storeCode: string | null;
  storeName: string | null;
  exchangeTime: string | null;
}

export interface SupCouponCodeRecovery {
  id: string;
  codeId: string;
  couponCode: string;
  codeMask: string;
  supId: string;
  supName: string;
  goodId: string;
  goodName: string;
  orderId: string | null;
  orderNo: string | null;
  returnOrderId: string | null;
  returnNo: string | null;
  /** RecoveryState. */
  state: string;
  stateName: string;
  /** The code's couponCodeLifecycle state. */
  codeState: string;
  handleUser: string | null;
  handleUserName: string | null;
  handleTime: string | null;
  remark: string | null;
  createTime: string;
}

/** A coupon-code good of the tenant (goods select). */
export interface CouponGood {
  id: string;
  goodCode: string;
  goodName: string;
  supId: string;
  supName: string;
}

/**
 * The answer of import-batch-coupon, import, auto/import, manual-obtain-card (the import
 * engine's answer plus the batch): 'success' the batch is written; 'failed' some rows are bad
 * and NOTHING is written (`resultId`: GET CODE_IMPORT_RESULT?id= downloads the result file
 * naming each bad row); 'duplicate' the same file was imported for this good before.
 */
export interface CodeImportResult {
  id: string;
  status: 'success' | 'failed' | 'duplicate';
  fileName: string;
  total: number;
  created: number;
  updated: number;
  failed: number;
  /** The first bad rows (all of them in the result file); `column` is the header text. */
  errors: { row: number; column: string; message: string }[];
  resultId: string | null;
  importTime: string;
  batchId: string | null;
  batchNo: string | null;
}

/** GET ?id= the result workbook of a failed code import (its uploader only). */
export const CODE_IMPORT_RESULT = `${CODE_SERVICE}/import/result`;
/** The longest remark of a recovery handle. */
export const HANDLE_REMARK_MAX = 200;

/** The answer of invalid-coupon, recovery-coupon, cancel, recovery handle. */
export interface CodeChangeResult {
  count: number;
}

export interface InvalidByListResult {
  /** Codes invalidated. */
  count: number;
  /** Listed codes not found in the tenant's stock, as the caller typed them (each once). */
  notFound: string[];
  /**
   * Listed codes found but in a state that cannot be invalidated: the code as the caller typed
   * it, its mask and its state.
   */
  refused: { code: string; codeMask: string; state: string }[];
}

export interface RenewStatusResult {
  /** Codes asked about. */
  checked: number;
  /** Issued codes the supplier reports used: now used, with a redemption (source 'renew'). */
  markedUsed: number;
  /** Used codes the supplier reports unused: left as they are (masks). */
  reportedUnused: string[];
  /** Codes whose status did not change. */
  unchanged: number;
}

/** One hit of the palette's c: look-up. */
export interface CodeFindHit {
  id: string;
  codeMask: string;
  goodName: string;
  supName: string;
  state: string;
}

/** One code's whole history (GET trace?id=). */
export interface CodeTrace {
  code: SupCouponCode;
  batch: {
    id: string;
    batchNo: string;
    source: string;
    sourceName: string;
    fileName: string | null;
    createTime: string;
  } | null;
  orders: {
    id: string;
    orderNo: string;
    clientOrderId: string | null;
    clientId: string | null;
    appId: string | null;
    state: string;
    createTime: string;
    finishTime: string | null;
  }[];
  exchanges: {
    id: string;
    storeCode: string | null;
    storeName: string | null;
    exchangeTime: string;
    source: string;
    cancelled: number;
    cancelTime: string | null;
  }[];
  recoveries: {
    id: string;
    orderId: string | null;
    returnOrderId: string | null;
    state: string;
    stateName: string;
    handleTime: string | null;
    remark: string | null;
    createTime: string;
  }[];
}

const supName = {
  label: { zh: '供应商', en: 'Supplier' },
  readOnly: true,
  export: { width: 20 },
} as const;
const goodName = {
  label: { zh: '商品名称', en: 'Good' },
  readOnly: true,
  export: { width: 24 },
} as const;
const supId = { label: { zh: '供应商', en: 'Supplier' }, readOnly: true, filter: 'equal' } as const;
const goodId = { label: { zh: '商品', en: 'Good' }, readOnly: true, filter: 'equal' } as const;
const createTime = {
  label: { zh: '创建时间', en: 'Created' },
  kind: 'dateTime',
  readOnly: true,
  filter: 'like',
  sortable: true,
  export: { width: 20 },
} as const;
/** The state column: labels come from couponCodeLifecycle.states (zh in the export). */
const codeState = {
  label: { zh: '状态', en: 'State' },
  readOnly: true,
  filter: 'equal',
  export: { width: 10 },
} as const;
const couponCode = {
  label: { zh: '券码', en: 'Code' },
  readOnly: true,
  export: { width: 30 },
} as const;
const pin = { label: { zh: '卡密', en: 'PIN' }, readOnly: true, export: { width: 20 } } as const;

/** The batch screen's batch list (/supplier/code-batch/management, upper table). */
export const supBatchCouponCodeContract = defineContract<SupBatchCouponCode>()({
  service: BATCH_SERVICE,
  route: '/supplier/code-batch/management',
  title: { zh: '券码批次', en: 'Code batch' },
  menu: 'code_batch',
  buttons: ['view', 'export'],
  export: { excelType: 'sup-batch-coupon-code', fileName: '券码批次列表' },
  fields: {
    batchNo: {
      label: { zh: '批次号', en: 'Batch no.' },
      readOnly: true,
      filter: 'like',
      sortable: true,
      export: { width: 24 },
    },
    supId,
    supName,
    goodId,
    goodName,
    source: { label: { zh: '来源', en: 'Source' }, readOnly: true, filter: 'equal' },
    sourceName: { label: { zh: '来源', en: 'Source' }, readOnly: true, export: { width: 10 } },
    totalCount: {
      label: { zh: '总数', en: 'Total' },
      kind: 'integer',
      readOnly: true,
      sortable: true,
      export: { width: 10 },
    },
    unusedCount: {
      label: { zh: '未使用', en: 'Unused' },
      kind: 'integer',
      readOnly: true,
      export: { width: 10 },
    },
    issuedCount: {
      label: { zh: '已发放', en: 'Issued' },
      kind: 'integer',
      readOnly: true,
      export: { width: 10 },
    },
    usedCount: {
      label: { zh: '已使用', en: 'Used' },
      kind: 'integer',
      readOnly: true,
      export: { width: 10 },
    },
    invalidCount: {
      label: { zh: '已作废', en: 'Invalid' },
      kind: 'integer',
      readOnly: true,
      export: { width: 10 },
    },
    recoveringCount: {
      label: { zh: '回收中', en: 'Recovering' },
      kind: 'integer',
      readOnly: true,
      export: { width: 10 },
    },
    expiredCount: {
      label: { zh: '已过期', en: 'Expired' },
      kind: 'integer',
      readOnly: true,
      export: { width: 10 },
    },
    validStart: {
      label: { zh: '有效期开始', en: 'Valid from' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    validEnd: {
      label: { zh: '有效期结束', en: 'Valid until' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    fileName: { label: { zh: '导入文件', en: 'File' }, readOnly: true, export: { width: 24 } },
    createTime,
  },
});

/** The batch screen's code list (/supplier/code-batch/management, codes of a batch or all). */
export const supCouponCodeContract = defineContract<SupCouponCode>()({
  service: CODE_SERVICE,
  route: '/supplier/code-batch/management',
  title: { zh: '券码', en: 'Coupon code' },
  menu: 'code_batch',
  buttons: ['view', 'export'],
  export: { excelType: 'sup-coupon-code', fileName: '券码列表' },
  filterAliases: {
    /** RSA-OAEP ciphertext (base64) of one exact code: the console sends it encrypted. */
    couponCode2: { label: { zh: '券码', en: 'Code' }, field: 'couponCode', filter: 'equal' },
  },
  fields: {
    batchId: { label: { zh: '批次', en: 'Batch' }, readOnly: true, filter: 'equal' },
    batchNo: { label: { zh: '批次号', en: 'Batch no.' }, readOnly: true, export: { width: 24 } },
    supId,
    supName,
    goodId,
    goodName,
    couponCode,
    pin,
    codeMask: { label: { zh: '券码', en: 'Code' }, readOnly: true },
    validStart: {
      label: { zh: '有效期开始', en: 'Valid from' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    validEnd: {
      label: { zh: '有效期结束', en: 'Valid until' },
      kind: 'dateTime',
      readOnly: true,
      filter: 'like',
      sortable: true,
      export: { width: 20 },
    },
    state: codeState,
    orderId: { label: { zh: '订单', en: 'Order' }, readOnly: true },
    orderNo: { label: { zh: '订单号', en: 'Order no.' }, readOnly: true, export: { width: 24 } },
    issueTime: {
      label: { zh: '发放时间', en: 'Issued' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    usedTime: {
      label: { zh: '使用时间', en: 'Used' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    invalidTime: {
      label: { zh: '作废时间', en: 'Invalidated' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    createTime,
  },
});

/** The tracing screen's list of issued and used codes (/supplier/code-batch/source-management). */
export const supCouponCodeUsedContract = defineContract<SupCouponCodeUsed>()({
  service: USED_SERVICE,
  route: '/supplier/code-batch/source-management',
  title: { zh: '券码溯源', en: 'Code tracing' },
  menu: 'code_source',
  buttons: ['view', 'export'],
  export: { excelType: 'sup-coupon-code-used', fileName: '券码溯源列表' },
  filterAliases: {
    couponCode2: { label: { zh: '券码', en: 'Code' }, field: 'couponCode', filter: 'equal' },
  },
  fields: {
    batchNo: { label: { zh: '批次号', en: 'Batch no.' }, readOnly: true, export: { width: 24 } },
    supId,
    supName,
    goodId,
    goodName,
    couponCode,
    pin,
    codeMask: { label: { zh: '券码', en: 'Code' }, readOnly: true },
    state: codeState,
    orderNo: { label: { zh: '订单号', en: 'Order no.' }, readOnly: true, export: { width: 24 } },
    issueTime: {
      label: { zh: '发放时间', en: 'Issued' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    usedTime: {
      label: { zh: '使用时间', en: 'Used' },
      kind: 'dateTime',
      readOnly: true,
      filter: 'like',
      sortable: true,
      export: { width: 20 },
    },
    storeCode: { label: { zh: '门店编码', en: 'Store code' }, readOnly: true },
    storeName: {
      label: { zh: '核销门店', en: 'Store' },
      readOnly: true,
      export: { width: 20 },
    },
    exchangeTime: { label: { zh: '核销时间', en: 'Redeemed' }, kind: 'dateTime', readOnly: true },
    validEnd: {
      label: { zh: '有效期结束', en: 'Valid until' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
  },
});

/** The recovery screen (/supplier/code-batch/recycle-management). */
export const supCouponCodeRecoveryContract = defineContract<SupCouponCodeRecovery>()({
  service: RECOVERY_SERVICE,
  route: '/supplier/code-batch/recycle-management',
  title: { zh: '券码回收', en: 'Code recovery' },
  menu: 'code_recycle',
  buttons: ['view', 'export'],
  export: { excelType: 'sup-coupon-code-recovery', fileName: '券码回收列表' },
  fields: {
    couponCode,
    codeMask: { label: { zh: '券码', en: 'Code' }, readOnly: true },
    supId,
    supName,
    goodId,
    goodName,
    orderNo: { label: { zh: '订单号', en: 'Order no.' }, readOnly: true, export: { width: 24 } },
    returnNo: {
      label: { zh: '退款单号', en: 'Refund no.' },
      readOnly: true,
      export: { width: 24 },
    },
    state: {
      label: { zh: '处理状态', en: 'State' },
      readOnly: true,
      filter: 'equal',
    },
    stateName: { label: { zh: '处理状态', en: 'State' }, readOnly: true, export: { width: 10 } },
    codeState: { label: { zh: '券码状态', en: 'Code state' }, readOnly: true },
    handleUserName: {
      label: { zh: '处理人', en: 'Handled by' },
      readOnly: true,
      export: { width: 14 },
    },
    handleTime: {
      label: { zh: '处理时间', en: 'Handled' },
      kind: 'dateTime',
      readOnly: true,
      export: { width: 20 },
    },
    remark: { label: { zh: '备注', en: 'Remark' }, readOnly: true, export: { width: 24 } },
    createTime: { ...createTime, label: { zh: '回收时间', en: 'Recovered' } },
  },
});
