/** A declaration module (its default export is a `defineResource` result, typed per row). */
type Loader = () => Promise<{ default: object }>;

/**
 * Declared resources by console route. Each declaration loads with its screen; adding a
 * resource is its file under resources/<service>/ and one line here. A screen that sits at two
 * menu routes (the spec lists users, roles, menus and dictionaries twice) has two lines.
 */
export const RESOURCE_ROUTES: Readonly<Record<string, Loader>> = {
  '/system/post': () => import('./blade-system/post'),
  '/system/param': () => import('./blade-system/param'),
  '/system/dept': () => import('./blade-system/dept'),
  '/system/tenant': () => import('./blade-system/tenant'),
  '/system/tenant-package': () => import('./blade-system/tenant-package'),
  '/system/user': () => import('./blade-user/user'),
  '/setting/user/userinfo': () => import('./blade-user/user-info'),
  '/system/role': () => import('./blade-system/role'),
  '/setting/user/role-management': () => import('./blade-system/role-management'),
  '/system/menu': () => import('./blade-system/menu'),
  '/setting/resource-list': () => import('./blade-system/menu-resource'),
  '/system/topmenu': () => import('./blade-system/topmenu'),
  '/system/dict': () => import('./blade-system/dict'),
  '/setting/dict': () => import('./blade-system/dict').then((m) => ({ default: m.settingDict })),
  '/system/attach': () => import('./blade-resource/attach'),
  '/system/notice': () => import('./blade-desk/notice'),
  '/system/client': () => import('./blade-system/client'),
  '/system/region': () => import('./blade-system/region'),
  '/system/sms': () => import('./blade-resource/sms'),
  '/system/oss': () => import('./blade-resource/oss'),
  '/system/data-scope': () => import('./blade-system/data-scope'),
  '/system/api-scope': () => import('./blade-system/api-scope'),
  '/system/log-usual': () => import('./blade-log/log-usual'),
  '/system/log-api': () => import('./blade-log/log-api'),
  '/system/log-error': () => import('./blade-log/log-error'),
  '/setting/operate-log': () => import('./blade-log/operate-log'),
  '/system/dictbiz': () => import('./blade-system/dict-biz'),
  '/system/datasource': () => import('./blade-develop/datasource'),
  '/system/code': () => import('./blade-develop/code'),
  '/supplier/supplier-list': () => import('./platform-supplier/sup'),
  '/supplier/commodity-list': () => import('./platform-supplier/sup-good'),
  '/supplier/enterprise-register': () => import('./platform-supplier/enterprise-register'),
  '/supplierMerchant/management': () => import('./platform-supplier/sup-store'),
  '/supplierMerchant/group': () => import('./platform-supplier/store-group'),
  '/supplier/commodity-order/list': () => import('./platform-supplier/sup-order'),
  '/supplier/commodity-refund-order/list': () => import('./platform-supplier/sup-return-order'),
  '/supplier/commodity-unusual-order/list': () => import('./platform-supplier/sup-error-order'),
  '/supplier/supplier-quota/list': () => import('./platform-supplier/sup-balance'),
  '/supplier/supplier-quota/commodity-list': () => import('./platform-supplier/sup-good-balance'),
  '/supplier/supplier-quota/amount-change-flow': () =>
    import('./platform-supplier/all-balance-record'),
  '/supplier/commodity-order/batch-refresh-verification-status': () =>
    import('./platform-supplier/batch-task'),
  '/supplier/code-batch/recycle-management': () =>
    import('./platform-supplier/coupon-code-recovery'),
  '/supplier/commodity-order/code-exchange-record': () =>
    import('./platform-supplier/code-exchange'),
  '/business/parking/parkinglotManagement': () => import('./platform-parking/park-lot'),
  '/business/parking/record/temporaryParking': () =>
    import('./platform-parking/park-bills').then((m) => ({ default: m.tempBill })),
  '/business/parking/record/ticket': () =>
    import('./platform-parking/park-bills').then((m) => ({ default: m.monthBill })),
  '/business/parking/record/smartPay': () => import('./platform-parking/park-pay-flow'),
  '/business/parking/serviceProviderRecord/temporaryParking': () =>
    import('./platform-parking/park-bills').then((m) => ({ default: m.providerTempBill })),
  '/business/parking/serviceProviderRecord/ticketParking': () =>
    import('./platform-parking/park-bills').then((m) => ({ default: m.providerMonthBill })),
  '/business/parking/carlicenseManagement': () => import('./platform-parking/park-car'),
  '/business/parking/subscribeCarlicenseManagement': () =>
    import('./platform-parking/park-car-subscribe'),
  '/business/invoice/invoiceSetting': () => import('./platform-parking/park-invoice-setting'),
  '/business/advertising-lis': () => import('./platform-ad/business-ad'),
  '/ad/materail': () => import('./platform-ad/ad-material'),
  '/ad/adType': () => import('./platform-ad/ad-position'),
  '/ad/advertiser': () => import('./platform-ad/advertiser'),
  '/ad/advertisingPlan': () => import('./platform-ad/ad-plan'),
  '/ad/webmaster': () => import('./platform-ad/flow-master'),
  '/ad/adParkingLot': () => import('./platform-ad/ad-parking-lot'),
  '/access/archives': () => import('./platform-client/psclient'),
  '/access/openplatform/app': () => import('./platform-client/psclient-app'),
  '/product/product-files': () => import('./platform-client/psclient-product'),
  '/access/content': () => import('./platform-client/content'),
  '/access/content-drafts': () => import('./platform-client/draft'),
  '/access/advance': () => import('./platform-client/app-prepay'),
  '/access/openplatform-app/advance': () => import('./platform-client/app-prepay-setting'),
  '/access/advance-order-change': () =>
    import('./platform-client/prepay-orders').then((m) => ({ default: m.changeOrders })),
  '/access/advance-user-order': () =>
    import('./platform-client/prepay-orders').then((m) => ({ default: m.useOrders })),
  '/access/advance-refund-order': () =>
    import('./platform-client/prepay-orders').then((m) => ({ default: m.refundOrders })),
  '/product/order/product-order': () => import('./platform-client/client-order'),
  '/product/order/user-order': () => import('./platform-client/user-order'),
  '/product/order/user-bulkProductOrder': () => import('./platform-client/bulk-order'),
  '/product/order/access-refundorder': () => import('./platform-client/client-return'),
  '/product/order/stock/curr-total': () => import('./platform-client/app-stock'),
  '/product/order/stock/curr-record': () => import('./platform-client/app-stock-record'),
  '/finance/price-manage': () => import('./platform-client/price-plan'),
  '/finance/pay-orderList': () => import('./platform-finance/pay-order'),
  '/service/pay/wechat': () => import('./service-settings/wechat-pay'),
  '/service/auth/dingxin': () => import('./service-settings/dingxin'),
  '/product/order/user-refundorder': () =>
    import('./platform-client/client-return').then((m) => ({ default: m.userReturns })),
  '/setting/dictbiz': () =>
    import('./blade-system/dict-biz').then((m) => ({ default: m.settingDictBiz })),
  // Workflow, design side (issue 29 items 1 and 2).
  '/flow/model': () => import('./blade-flow/flow-model'),
  '/flow/manager': () => import('./blade-flow/flow-manager'),
  // Workflow, task side (issue 29 items 4 and 6).
  '/flow/follow': () => import('./blade-flow-work/follow'),
  '/work/start': () => import('./blade-flow-work/start'),
  '/work/claim': () => import('./blade-flow-work/claim'),
  '/work/todo': () => import('./blade-flow-work/todo'),
  '/work/send': () => import('./blade-flow-work/send'),
  '/work/done': () => import('./blade-flow-work/done'),
  '/work/process/leave': () => import('./blade-flow-work/leave'),
};
