import type { common } from './common';
import type { auth } from './auth';
import type { errors } from './errors';
import type { lock } from './lock';
import type { topbar } from './topbar';
import type { profile } from './profile';
import type { exportCentre } from './export-centre';
import type { debugLog } from './debug-log';
import type { layout } from './layout';
import type { dashboard } from './dashboard';
import type { shortcuts } from './shortcuts';
import type { users } from './users';
import type { palette } from './palette';
import type { resource } from './resource';
import type { inlineEdit } from './inline-edit';
import type { table } from './table';
import type { grant } from './grant';
import type { userAdmin } from './user-admin';
import type { tenantAdmin } from './tenant-admin';
import type { imports } from './import';
import type { files } from './files';
import type { systemSettings } from './system-settings';
import type { scopes } from './scopes';
import type { mediaStock } from './media-stock';
import type { apiDocument } from './api-document';
import type { personalise } from './personalise';
import type { platformSettings } from './platform-settings';
import type { dict } from './dict';
import type { gallery } from './gallery';
import type { supplier } from './supplier';
import type { supplierGoods } from './supplier-goods';
import type { enterpriseRegister } from './enterprise-register';
import type { supplierStores } from './supplier-stores';
import type { supplierReports } from './supplier-reports';
import type { supplierQuota } from './supplier-quota';
import type { supplierOrders } from './supplier-orders';
import type { couponCode } from './coupon-code';
import type { clientProduct } from './client-product';
import type { clientContent } from './client-content';
import type { clientAccess } from './client-access';
import type { appPrepay } from './app-prepay';
import type { clientStock } from './client-stock';
import type { clientOrders } from './client-orders';
import type { bulkOrders } from './bulk-orders';
import type { openApiDoc } from './open-api-doc';
import type { pricePlan } from './price-plan';
import type { parkingMaster } from './parking-master';
import type { parkingBills } from './parking-bills';
import type { advertising } from './advertising';
import type { adReports } from './ad-reports';
import type { finance } from './finance';
// Issue 29, workflow design (H3).
import type { workflowDesign } from './workflow-design';
// Issue 29, workflow tasks (H4).
import type { workflowTasks } from './workflow-tasks';

/**
 * The type of every message module, merged. A feature adds its own file ({zh, en} with the
 * same keys), one line here for the type, and registers the module where it is loaded: the
 * login path's in ../index.ts (in the entry), the console's in ../console-messages.ts (loaded
 * with the first screen after login). zh is the reference: en must carry every zh key (checked
 * by the type below and by i18n.test.ts).
 */
type Modules = [
  typeof common,
  typeof auth,
  typeof lock,
  typeof errors,
  typeof topbar,
  typeof profile,
  typeof exportCentre,
  typeof debugLog,
  typeof layout,
  typeof dashboard,
  typeof shortcuts,
  typeof users,
  typeof palette,
  typeof resource,
  typeof inlineEdit,
  typeof table,
  typeof grant,
  typeof userAdmin,
  typeof tenantAdmin,
  typeof imports,
  typeof files,
  typeof systemSettings,
  typeof scopes,
  typeof mediaStock,
  typeof apiDocument,
  typeof personalise,
  typeof platformSettings,
  typeof dict,
  typeof gallery,
  typeof supplier,
  typeof supplierGoods,
  typeof enterpriseRegister,
  typeof supplierStores,
  typeof supplierReports,
  typeof supplierQuota,
  typeof supplierOrders,
  typeof couponCode,
  typeof clientAccess,
  typeof appPrepay,
  typeof clientStock,
  typeof clientProduct,
  typeof clientContent,
  typeof clientOrders,
  typeof bulkOrders,
  typeof openApiDoc,
  typeof pricePlan,
  typeof parkingMaster,
  typeof parkingBills,
  typeof advertising,
  typeof adReports,
  typeof finance,
  typeof workflowDesign,
  typeof workflowTasks,
];

// Tail-recursive (an accumulator): the plain `H['zh'] & Merge<R>` ran past TypeScript's
// instantiation depth once the modules numbered about fifty (issue 28).
type Merge<T extends readonly { zh: object }[], Acc = unknown> = T extends readonly [
  infer H extends { zh: object },
  ...infer R extends readonly { zh: object }[],
]
  ? Merge<R, Acc & H['zh']>
  : Acc;

export type ZhMessages = Merge<Modules>;
export type MessageKey = keyof ZhMessages & string;

/** A message module as registered: zh and en texts of the same keys. */
export interface MessageModule {
  zh: Record<string, string>;
  en: Record<string, string>;
}
