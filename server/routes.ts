import type { FastifyInstance } from 'fastify';
import { tableRoutes } from './lib/table/index.js';
import oauthRoutes from './services/blade-auth/oauth/routes.js';
import userRoutes from './services/blade-user/routes.js';
import menuRoutes from './services/blade-system/menu/routes.js';
import roleRoutes from './services/blade-system/role/routes.js';
import topmenuRoutes from './services/blade-system/topmenu/routes.js';
import deptRoutes from './services/blade-system/dept/routes.js';
import postTable from './services/blade-system/post/table.js';
import parkLotTable from './services/platform-parking/lot/table.js';
import parkMasterRoutes from './services/platform-parking/lot/routes.js';
import {
  monthBillTable,
  payFlowTable,
  providerMonthBillTable,
  providerTempBillTable,
  tempBillTable,
} from './services/platform-parking/bill/table.js';
import parkBillRoutes from './services/platform-parking/bill/routes.js';
import clientOrderRoutes from './services/platform-client/order/routes.js';
import pricePlanRoutes from './services/platform-client/price-plan/routes.js';
import tenantRoutes from './services/blade-system/tenant/routes.js';
import tenantPackageTable from './services/blade-system/tenant-package/table.js';
import paramTable from './services/blade-system/param/table.js';
import dictRoutes from './services/blade-system/dict/routes.js';
import dataExportRoutes from './services/blade-system/data-export/routes.js';
import tableSetRoutes from './services/blade-system/table-set/routes.js';
import { importRoutes } from './lib/import/index.js';
import { userImport } from './services/blade-user/import.js';
import noticeTable from './services/blade-desk/notice/table.js';
import clientRoutes from './services/blade-system/client/routes.js';
import regionRoutes from './services/blade-system/region/routes.js';
import smsRoutes from './services/blade-resource/sms/routes.js';
import ossRoutes from './services/blade-resource/oss/routes.js';
import ossEndpointRoutes from './services/blade-resource/oss-endpoint/routes.js';
import attachRoutes from './services/blade-resource/attach/routes.js';
import dataScopeTable from './services/blade-system/data-scope/table.js';
import apiScopeRoutes from './services/blade-system/api-scope/routes.js';
import logRoutes from './services/blade-log/routes.js';
import developRoutes from './services/blade-develop/routes.js';
import picStockRoutes from './services/blade-system/pic-stock/routes.js';
import videoRoutes from './services/blade-resource/video/routes.js';
import personaliseRoutes from './services/blade-system/personalise/routes.js';
import ownSetRoutes from './services/blade-system/own-set/routes.js';
import platformSettingRoutes from './services/blade-system/platform-setting/routes.js';
import apiDocumentRoutes from './services/blade-system/api-document/routes.js';
import healthRoutes from './services/health/routes.js';
import supStoreRoutes from './services/platform-supplier/sup-store/routes.js';
import storeGroupRoutes from './services/platform-supplier/store-group/routes.js';
import supGoodRoutes from './services/platform-supplier/sup-good/routes.js';
import enterpriseRegisterRoutes from './services/platform-supplier/enterprise-register/routes.js';
import goodWarningRoutes from './services/platform-supplier/warning/routes.js';
import couponCodeRoutes from './services/platform-supplier/coupon-code/routes.js';
import codeExchangeTable from './services/platform-supplier/code-exchange/table.js';
import balanceRoutes from './services/platform-supplier/balance/routes.js';
import supRoutes from './services/platform-supplier/sup/routes.js';
import orderReportRoutes from './services/platform-supplier/order-report/routes.js';
import batchTaskRoutes from './services/platform-supplier/batch-task/routes.js';
import supOrderRoutes from './services/platform-supplier/order/routes.js';
import supReturnOrderRoutes from './services/platform-supplier/return-order/routes.js';
import supErrorOrderRoutes from './services/platform-supplier/error-order/routes.js';
import psclientRoutes from './services/platform-client/psclient/routes.js';
import psclientAppRoutes from './services/platform-client/app/routes.js';
import clientPrepayRoutes from './services/platform-client/prepay/routes.js';
import clientProductRoutes from './services/platform-client/product/routes.js';
import clientContentRoutes from './services/platform-client/content/routes.js';
import bulkOrderRoutes from './services/platform-client/bulk-order/routes.js';
import appStockRoutes from './services/platform-client/stock/routes.js';
import statementRoutes from './services/platform-client/statement/routes.js';
import advertRoutes from './services/platform-supplier/advert/routes.js';
import payOrderRoutes from './services/platform-finance/pay-order/routes.js';
import serviceSettingRoutes from './services/service-settings/routes.js';
import reportDefTable from './services/blade-report/table.js';
import projectMarginRoutes from './services/platform-finance/project-margin/routes.js';
import flowExecutionRoutes from './services/blade-flow/engine/routes.js';
import flowDesignRoutes from './services/blade-flow/routes.js';

/** Every service's routes; folders under services/ repeat the URL. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    oauthRoutes,
    userRoutes,
    menuRoutes,
    roleRoutes,
    topmenuRoutes,
    deptRoutes,
    tableRoutes(postTable),
    tableRoutes(parkLotTable),
    parkMasterRoutes,
    tableRoutes(tempBillTable),
    tableRoutes(monthBillTable),
    tableRoutes(providerTempBillTable),
    tableRoutes(providerMonthBillTable),
    tableRoutes(payFlowTable),
    parkBillRoutes,
    tenantRoutes,
    tableRoutes(tenantPackageTable),
    tableRoutes(paramTable),
    dictRoutes,
    dataExportRoutes,
    tableSetRoutes,
    importRoutes(userImport),
    tableRoutes(noticeTable),
    clientRoutes,
    regionRoutes,
    smsRoutes,
    ossRoutes,
    ossEndpointRoutes,
    attachRoutes,
    tableRoutes(dataScopeTable),
    apiScopeRoutes,
    logRoutes,
    developRoutes,
    picStockRoutes,
    videoRoutes,
    personaliseRoutes,
    ownSetRoutes,
    platformSettingRoutes,
    apiDocumentRoutes,
    healthRoutes,
    supStoreRoutes,
    storeGroupRoutes,
    supGoodRoutes,
    enterpriseRegisterRoutes,
    goodWarningRoutes,
    couponCodeRoutes,
    tableRoutes(codeExchangeTable),
    balanceRoutes,
    supRoutes,
    orderReportRoutes,
    batchTaskRoutes,
    supOrderRoutes,
    supReturnOrderRoutes,
    supErrorOrderRoutes,
    psclientRoutes,
    psclientAppRoutes,
    clientPrepayRoutes,
    clientProductRoutes,
    clientContentRoutes,
    clientOrderRoutes,
    bulkOrderRoutes,
    pricePlanRoutes,
    appStockRoutes,
    statementRoutes,
    advertRoutes,
    payOrderRoutes,
    serviceSettingRoutes,
    tableRoutes(reportDefTable),
    projectMarginRoutes,
    flowExecutionRoutes,
    flowDesignRoutes,
  ]) {
    await app.register(routes);
  }
}
