import { SUPPLIER_SERVICE } from '../business-services';
import { REGION_REFUSALS, regionFields } from '../regions';
import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * A supplier's store (issue 17 item 3, domain.md "sup-store"):
 * `blade-quanyi-platform-supplier/sup-store`. The region is three codes of blade-system/region
 * (province, city, district); `goodIds` are the goods the store accepts (comma-joined ids of the
 * supplier's goods; empty = all of them); `status` is the enable flag (1 enabled, 0 disabled);
 * `repeatFlag` 1 marks a store kept beside another with the same code by an "exclusive" import.
 */
export interface SupStore {
  id: string;
  supId: string;
  supName: string;
  storeCode: string;
  storeName: string;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  /** The region's names joined: '北京市 / 市辖区 / 朝阳区'. */
  regionName: string;
  address: string | null;
  phone: string | null;
  goodIds: string | null;
  repeatFlag: number;
  status: number;
  remark: string | null;
  version: number;
  createTime: string;
}

export const STORE_SERVICE = `${SUPPLIER_SERVICE}/sup-store`;
export const STORE_GROUP_SERVICE = `${SUPPLIER_SERVICE}/group`;

/** Refusals of a store's save beyond its fields' own checks (the server answers the zh). */
export const STORE_REFUSALS = {
  codeTaken: { zh: '门店编码已存在', en: 'The supplier already has a store with this code' },
  noSupplier: { zh: '所属供应商不存在', en: 'The supplier does not exist' },
  region: REGION_REFUSALS.missing,
  goods: { zh: '适用商品须为该供应商的商品', en: "The goods must be the supplier's own" },
  groupTaken: { zh: '分组名称已存在', en: 'Another group has this name' },
} as const;
knownMessages(...Object.values(STORE_REFUSALS));

/** The store's button codes beyond the standard ones (the menu seed's). */
export const STORE_CODES = {
  enable: 'store_enable',
  batchEdit: 'store_batch_edit',
  import: 'store_import',
} as const;

export const supStoreContract = defineContract<SupStore>()({
  service: STORE_SERVICE,
  route: '/supplierMerchant/management',
  title: { zh: '门店', en: 'Store' },
  menu: 'store',
  buttons: ['add', 'edit', 'delete', 'view', 'export'],
  export: { excelType: 'sup-store', fileName: '门店列表' },
  fields: {
    supId: {
      label: { zh: '所属供应商', en: 'Supplier' },
      required: { zh: '请选择所属供应商', en: 'Please choose the supplier' },
      maxLength: 32,
      filter: 'equal',
    },
    supName: {
      label: { zh: '所属供应商', en: 'Supplier' },
      readOnly: true,
      export: { width: 24 },
    },
    storeCode: {
      label: { zh: '门店编码', en: 'Store code' },
      required: { zh: '请输入门店编码', en: 'Please enter the store code' },
      maxLength: 64,
      pattern: {
        regex: /^[A-Za-z0-9_-]+$/,
        message: {
          zh: '门店编码只能包含字母、数字、下划线和短横线',
          en: 'Letters, digits, _ and - only',
        },
      },
      filter: 'like',
      sortable: true,
      export: { width: 20 },
    },
    storeName: {
      label: { zh: '门店名称', en: 'Store name' },
      required: { zh: '请输入门店名称', en: 'Please enter the store name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
      export: { width: 28 },
    },
    ...regionFields(),
    address: {
      label: { zh: '详细地址', en: 'Address' },
      maxLength: 255,
      export: { width: 40 },
    },
    phone: {
      label: { zh: '联系电话', en: 'Phone' },
      maxLength: 32,
      pattern: {
        regex: /^[0-9+\-() ]{5,32}$/,
        message: { zh: '联系电话格式不正确', en: 'The phone number is not valid' },
      },
      export: { width: 18 },
    },
    goodIds: {
      label: { zh: '适用商品', en: 'Applicable goods' },
      maxLength: 4000,
    },
    repeatFlag: {
      label: { zh: '重复门店', en: 'Repeat' },
      kind: 'integer',
      readOnly: true,
    },
    status: {
      label: { zh: '状态', en: 'Status' },
      kind: 'integer',
      readOnly: true,
      filter: 'equal',
      sortable: true,
    },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 500, export: { width: 30 } },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
      export: { width: 20 },
    },
  },
});
