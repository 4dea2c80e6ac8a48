import { PARKING_SERVICE } from '../business-services';
import { regionFields, type RegionRow } from '../regions';
import { defineContract } from '../resource-contract';

/**
 * A parking lot (domain.md parking): where parking bills come from. `operator` is the driver its
 * data comes through (the sandbox, or the operator's HTTP interface); `supId` the supplier whose
 * parking rights it offers.
 */
export interface ParkLot extends RegionRow {
  id: string;
  lotCode: string;
  lotName: string;
  address: string | null;
  spaces: number;
  operator: 'sandbox' | 'http';
  supId: string | null;
  supName: string;
  enabled: number;
  version: number;
  createTime: string;
}

export const parkLotContract = defineContract<ParkLot>()({
  service: `${PARKING_SERVICE}/parking/lot`,
  route: '/business/parking/parkinglotManagement',
  title: { zh: '停车场', en: 'Parking lot' },
  menu: 'parking_lot',
  buttons: ['add', 'edit', 'delete', 'view', 'export', 'enable'],
  calls: { list: 'listParkPage' },
  export: { excelType: 'park-lot', fileName: '停车场列表' },
  fields: {
    lotCode: {
      label: { zh: '车场编号', en: 'Lot code' },
      required: { zh: '请输入车场编号', en: 'Please enter the lot code' },
      maxLength: 32,
      pattern: {
        regex: /^[A-Za-z0-9_-]+$/,
        message: { zh: '车场编号只能包含字母、数字、_和-', en: 'Letters, digits, _ and - only' },
      },
      unique: { zh: '车场编号已存在', en: 'Another lot has this code' },
      filter: 'like',
      sortable: true,
      export: { width: 16 },
    },
    lotName: {
      label: { zh: '车场名称', en: 'Lot name' },
      required: { zh: '请输入车场名称', en: 'Please enter the lot name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
      export: { width: 28 },
    },
    ...regionFields(),
    address: { label: { zh: '详细地址', en: 'Address' }, maxLength: 255, export: { width: 40 } },
    spaces: {
      label: { zh: '车位数', en: 'Spaces' },
      kind: 'integer',
      emptyAs: 0,
      range: { min: 0, max: 100000, message: { zh: '车位数须为0到100000', en: '0 to 100000' } },
      sortable: true,
      export: { width: 10 },
    },
    operator: {
      label: { zh: '对接方式', en: 'Interface' },
      required: { zh: '请选择对接方式', en: 'Please choose the interface' },
      choices: {
        sandbox: { zh: '沙箱', en: 'Sandbox', color: 'gray' },
        http: { zh: 'HTTP接口', en: 'HTTP', color: 'blue' },
      },
      filter: 'equal',
      export: { width: 12 },
    },
    supId: { label: { zh: '权益供应商', en: 'Supplier' }, ref: 'sup', filter: 'equal' },
    supName: {
      label: { zh: '权益供应商', en: 'Supplier' },
      readOnly: true,
      nameOf: 'supId',
      sortable: true,
      export: { width: 20 },
    },
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      kind: 'switch',
      emptyAs: 1,
      toggle: true,
      filter: 'equal',
      export: { width: 8 },
    },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});

/** The lot screen's own calls beside the engine's (relative to /api). */
export const PARK_LOT_CALLS = {
  /** POST multipart: lots from an .xlsx (the import engine; button parking_lot_import). */
  importParkData: `${PARKING_SERVICE}/parking/lot/importParkData`,
  importTemplate: `${PARKING_SERVICE}/parking/lot/import-template`,
  importResult: `${PARKING_SERVICE}/parking/lot/import-result`,
  /** POST: loads the lots' data from the parking operator's driver (button parking_lot_load). */
  loadingParkData: `${PARKING_SERVICE}/parking/lot/loadingParkData`,
  /** GET ?supId=: the auth codes of a supplier's lots. */
  listParkAuthCode: `${PARKING_SERVICE}/parking/sup/listParkAuthCode`,
} as const;

/**
 * An auth code (授权码): what a supplier whose parking rights a lot offers quotes to the lot's
 * operator, one per supplier and lot. Derived, never stored: HMAC-SHA256 of the server secret
 * over (tenant, supplier, lot), 16 characters of base32, so the same pair always has the same
 * code and no code names another pair.
 */
export interface ParkAuthCode {
  supId: string;
  supName: string;
  lotId: string;
  lotCode: string;
  lotName: string;
  authCode: string;
}
