import { CLIENT_SERVICE, PARKING_SERVICE, SUPPLIER_SERVICE } from './business-services';

/**
 * Records other screens name (a supplier on a code exchange, a good on a quota, ...), declared
 * once: the server reads `table` and `name` to join the name onto a list (server/lib/table), the
 * console reads `picker` to offer the records in a form or filter select. A contract field says
 * `ref: 'sup'` on the id it stores and `nameOf: 'supId'` on the read-only name the list shows.
 */
export interface Reference {
  /** The Kysely table (camelCase) holding the records. */
  table: string;
  /** Its column the list shows (the record's name). */
  name: string;
  /** 'tenant': a record is named only for rows of its own tenant. */
  scope: 'tenant' | 'global';
  /** The select that offers the records (relative to /api; label and value fields). */
  picker?: { path: string; label: string; value: string };
}

export const REFERENCES = {
  sup: {
    table: 'bladeSup',
    name: 'supName',
    scope: 'tenant',
    picker: { path: `${SUPPLIER_SERVICE}/sup/list-not-page`, label: 'supName', value: 'id' },
  },
  supGood: {
    table: 'bladeSupGood',
    name: 'goodName',
    scope: 'tenant',
    picker: { path: `${SUPPLIER_SERVICE}/sup-coupon-code/goods`, label: 'goodName', value: 'id' },
  },
  supOrder: { table: 'bladeSupOrder', name: 'orderNo', scope: 'tenant' },
  supStore: { table: 'bladeSupStore', name: 'storeName', scope: 'tenant' },
  user: { table: 'bladeUser', name: 'realName', scope: 'tenant' },
  psclient: {
    table: 'bladePsclient',
    name: 'clientName',
    scope: 'tenant',
    picker: { path: `${CLIENT_SERVICE}/psclient/listAllClient`, label: 'clientName', value: 'id' },
  },
  psclientApp: {
    table: 'bladePsclientApp',
    name: 'appName',
    scope: 'tenant',
    picker: { path: `${CLIENT_SERVICE}/psclient-app/list-all`, label: 'appName', value: 'id' },
  },
  psclientProduct: {
    table: 'bladePsclientProduct',
    name: 'productName',
    scope: 'tenant',
    picker: {
      path: `${CLIENT_SERVICE}/psclient-product/list-all`,
      label: 'productName',
      value: 'id',
    },
  },
  clientOrder: { table: 'bladeClientProductOrder', name: 'orderNo', scope: 'tenant' },
  // Advertising (issue 28 item 2, contracts/platform-ad).
  advertiser: {
    table: 'bladeAdvertiser',
    name: 'advertiserName',
    scope: 'tenant',
    picker: {
      path: `${SUPPLIER_SERVICE}/advert/advertiser/select`,
      label: 'advertiserName',
      value: 'id',
    },
  },
  adPlan: {
    table: 'bladeAdPlan',
    name: 'planName',
    scope: 'tenant',
    picker: { path: `${SUPPLIER_SERVICE}/advert/plan/select`, label: 'planName', value: 'id' },
  },
  flowMaster: { table: 'bladeFlowMaster', name: 'masterName', scope: 'tenant' },
  parkLot: {
    table: 'bladeParkLot',
    name: 'lotName',
    scope: 'tenant',
    picker: { path: `${PARKING_SERVICE}/parking/lot/select`, label: 'lotName', value: 'id' },
  },
  // Workflow (issue 29, H2): a task's or an instance's process definition name.
  flowDefinition: { table: 'bladeFlowDefinition', name: 'name', scope: 'tenant' },
} as const satisfies Record<string, Reference>;

export type ReferenceName = keyof typeof REFERENCES;
