import { SUPPLIER_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * A supplier of the caller's tenant (domain.md "sup"; issue 17 item 1):
 * `${SUPPLIER_SERVICE}/sup`. The contact phone is answered encrypted for the session (like user
 * phones: `enc1:`, ARCHITECTURE.md contract notes) and stored encrypted; the interface secret is
 * never answered (the mask, or '' when none is stored; the mask sent back keeps the stored one).
 */
export interface Supplier {
  id: string;
  supCode: string;
  supName: string;
  shortName: string;
  contactName: string;
  /** `enc1:` ciphertext for this session ('' when none). */
  contactPhone: string;
  /** Dictionary sup_settlement_type: 1 prepaid, 2 postpaid. */
  settlementType: number;
  settlementTypeName: string;
  /** Dictionary sup_supply_type: 1 coupon code, 2 direct recharge, 3 interface card. */
  supplyType: number;
  supplyTypeName: string;
  /** Which supplier interface answers for it: 'sandbox' or 'http'. */
  driver: string;
  interfaceEndpoint: string;
  interfaceKey: string;
  /** Always the mask ('******', or '' when none is stored). */
  interfaceSecret: string;
  remark: string;
  /** The enable flag: 1 enabled, 0 disabled (sup/enable). */
  status: number;
  /** The enable flag's name (启用 / 停用): the export's 状态 column. */
  statusName: string;
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  createTime: string;
}

/** A supplier as pickers list it (sup/list-not-page: enabled suppliers only). */
export interface SupplierOption {
  id: string;
  supCode: string;
  supName: string;
}

/** A qualification (sup-file) or agreement (sup-argeement-file) file of a supplier. */
export interface SupplierFile {
  id: string;
  supId: string;
  attachId: string;
  fileName: string;
  fileUrl: string;
  createTime: string;
}

/** product-belong-sup: the tenants that may sell the supplier's goods, and the choices. */
export interface SupplierBelong {
  supId: string;
  tenantIds: string[];
  tenants: { tenantId: string; tenantName: string }[];
}

export const SUP_SERVICE = `${SUPPLIER_SERVICE}/sup`;

/** The interface drivers a supplier may name (server/services/platform-supplier/driver). */
export const SUP_DRIVERS = ['sandbox', 'http'] as const;

/** Enable flag values (the `status` column). */
export const SUP_ENABLED = 1;
export const SUP_DISABLED = 0;
/** The enable flag's names (the console's status tag, the export's 状态 column). */
export const SUP_STATUS_NAMES = {
  [SUP_ENABLED]: { zh: '启用', en: 'Enabled' },
  [SUP_DISABLED]: { zh: '停用', en: 'Disabled' },
} as const;

/** Refusals of a supplier's save beyond its fields' own checks (the server answers the zh). */
export const SUP_REFUSALS = {
  codeTaken: { zh: '供应商编码已存在', en: 'Another supplier already has this code' },
  endpointRequired: {
    zh: '请输入接口地址',
    en: 'Please enter the interface endpoint (the HTTP driver calls it)',
  },
  driver: { zh: '不支持的接口驱动', en: 'Unsupported interface driver' },
} as const;
knownMessages(...Object.values(SUP_REFUSALS));

/** File kinds of blade_sup_file and the call of each. */
export const SUP_FILE_KINDS = { 'sup-file': 1, 'sup-argeement-file': 2 } as const;

export const supContract = defineContract<Supplier>()({
  service: SUP_SERVICE,
  route: '/supplier/supplier-list',
  title: { zh: '供应商', en: 'Supplier' },
  menu: 'supplier',
  buttons: ['add', 'edit', 'delete', 'view', 'export'],
  export: { excelType: 'export-supplier', fileName: '供应商列表' },
  fields: {
    supCode: {
      label: { zh: '供应商编码', en: 'Code' },
      required: { zh: '请输入供应商编码', en: 'Please enter the code' },
      maxLength: 32,
      pattern: {
        regex: /^[A-Za-z0-9_-]+$/,
        message: {
          zh: '供应商编码只能包含字母、数字、下划线和短横线',
          en: 'The code takes letters, digits, _ and - only',
        },
      },
      filter: 'like',
      sortable: true,
      export: { width: 18 },
    },
    supName: {
      label: { zh: '供应商名称', en: 'Name' },
      required: { zh: '请输入供应商名称', en: 'Please enter the name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
      export: { width: 28 },
    },
    shortName: { label: { zh: '简称', en: 'Short name' }, maxLength: 50, export: { width: 16 } },
    contactName: {
      label: { zh: '联系人', en: 'Contact' },
      maxLength: 50,
      export: { width: 12 },
    },
    // Plain digits on submit; encrypted at rest and in answers (never a filter or a column).
    contactPhone: {
      label: { zh: '联系电话', en: 'Contact phone' },
      maxLength: 11,
      pattern: {
        regex: /^1\d{10}$/,
        message: { zh: '请输入正确的手机号', en: 'Please enter a valid mobile number' },
      },
    },
    settlementType: {
      label: { zh: '结算方式', en: 'Settlement' },
      kind: 'integer',
      dict: 'sup_settlement_type',
      required: { zh: '请选择结算方式', en: 'Please choose the settlement' },
      range: {
        min: 1,
        max: 2,
        message: { zh: '请选择结算方式', en: 'Please choose the settlement' },
      },
      filter: 'equal',
      sortable: true,
    },
    settlementTypeName: {
      label: { zh: '结算方式', en: 'Settlement' },
      readOnly: true,
      export: { width: 10 },
    },
    supplyType: {
      label: { zh: '供货方式', en: 'Supply type' },
      kind: 'integer',
      dict: 'sup_supply_type',
      required: { zh: '请选择供货方式', en: 'Please choose the supply type' },
      range: {
        min: 1,
        max: 3,
        message: { zh: '请选择供货方式', en: 'Please choose the supply type' },
      },
      filter: 'equal',
      sortable: true,
    },
    supplyTypeName: {
      label: { zh: '供货方式', en: 'Supply type' },
      readOnly: true,
      export: { width: 12 },
    },
    driver: {
      label: { zh: '接口驱动', en: 'Interface driver' },
      required: { zh: '请选择接口驱动', en: 'Please choose the interface driver' },
      maxLength: 16,
    },
    interfaceEndpoint: {
      label: { zh: '接口地址', en: 'Interface endpoint' },
      maxLength: 500,
      pattern: {
        regex: /^https?:\/\/\S+$/,
        message: { zh: '接口地址须以http://或https://开头', en: 'The endpoint is an http(s) URL' },
      },
    },
    interfaceKey: { label: { zh: '接口账号', en: 'Interface key' }, maxLength: 100 },
    // Never answered: the mask or nothing keeps the stored one.
    interfaceSecret: { label: { zh: '接口密钥', en: 'Interface secret' }, maxLength: 200 },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 500, export: { width: 30 } },
    status: {
      label: { zh: '状态', en: 'Status' },
      kind: 'integer',
      readOnly: true,
      filter: 'equal',
      sortable: true,
    },
    statusName: { label: { zh: '状态', en: 'Status' }, readOnly: true, export: { width: 8 } },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      filter: 'equal',
      sortable: true,
      export: { width: 20 },
    },
  },
});
