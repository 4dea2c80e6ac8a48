import { registerMessages } from './index';
import { debugLog } from './messages/debug-log';
import { dashboard } from './messages/dashboard';
import { exportCentre } from './messages/export-centre';
import { layout } from './messages/layout';
import { lock } from './messages/lock';
import { palette } from './messages/palette';
import { profile } from './messages/profile';
import { resource } from './messages/resource';
import { inlineEdit } from './messages/inline-edit';
import { table } from './messages/table';
import { shortcuts } from './messages/shortcuts';
import { topbar } from './messages/topbar';
import { users } from './messages/users';
import { grant } from './messages/grant';
import { userAdmin } from './messages/user-admin';
import { tenantAdmin } from './messages/tenant-admin';
import { imports } from './messages/import';
import { files } from './messages/files';
import { systemSettings } from './messages/system-settings';
import { scopes } from './messages/scopes';
import { mediaStock } from './messages/media-stock';
import { apiDocument } from './messages/api-document';
import { personalise } from './messages/personalise';
import { platformSettings } from './messages/platform-settings';
import { dict } from './messages/dict';
import { gallery } from './messages/gallery';
import { supplier } from './messages/supplier';
import { supplierGoods } from './messages/supplier-goods';
import { enterpriseRegister } from './messages/enterprise-register';
import { supplierStores } from './messages/supplier-stores';
import { supplierReports } from './messages/supplier-reports';
import { supplierQuota } from './messages/supplier-quota';
import { supplierOrders } from './messages/supplier-orders';
import { couponCode } from './messages/coupon-code';
import { clientProduct } from './messages/client-product';
import { clientContent } from './messages/client-content';
import { clientAccess } from './messages/client-access';
import { appPrepay } from './messages/app-prepay';
import { clientStock } from './messages/client-stock';
import { clientOrders } from './messages/client-orders';
import { bulkOrders } from './messages/bulk-orders';
import { openApiDoc } from './messages/open-api-doc';
import { pricePlan } from './messages/price-plan';
import { parkingMaster } from './messages/parking-master';
import { parkingBills } from './messages/parking-bills';
import { advertising } from './messages/advertising';
import { adReports } from './messages/ad-reports';
import { finance } from './messages/finance';
import { workflowDesign } from './messages/workflow-design';
import { workflowTasks } from './messages/workflow-tasks';

/** The console's texts beyond the login path; imported by components/mantine-root.tsx. */
registerMessages(
  lock,
  topbar,
  profile,
  exportCentre,
  debugLog,
  layout,
  dashboard,
  shortcuts,
  users,
  palette,
  resource,
  inlineEdit,
  table,
  grant,
  userAdmin,
  tenantAdmin,
  imports,
  files,
  systemSettings,
  scopes,
  mediaStock,
  apiDocument,
  personalise,
  platformSettings,
  dict,
  gallery,
  supplier,
  supplierGoods,
  enterpriseRegister,
  supplierStores,
  supplierReports,
  supplierQuota,
  supplierOrders,
  couponCode,
  clientAccess,
  appPrepay,
  clientStock,
  clientProduct,
  clientContent,
  clientOrders,
  bulkOrders,
  openApiDoc,
  pricePlan,
  parkingMaster,
  parkingBills,
  advertising,
  adReports,
  finance,
  workflowDesign,
  workflowTasks,
);
