import type { ComponentType } from 'react';

/**
 * Screens that are more than one declaration (e.g. a dictionary's parents beside its entries):
 * a component without props, loaded with its first visit. They are feature pages, so this map
 * sits in the composition root; the declared resources are in resources/registry.ts.
 */
export const CUSTOM_SCREENS: Readonly<Record<string, () => Promise<{ default: ComponentType }>>> = {
  '/dict-horizontal/index': () => import('../features/dict/dict-horizontal-page'),
  '/dict-vertical/index': () => import('../features/dict/dict-vertical-page'),
  '/setting/personalise': () => import('../features/personalise/personalise-page'),
  '/setting/api-document': () => import('../features/api-document/api-document-page'),
  '/system/pic-stock': () => import('../features/media-stock/pic-stock-page'),
  '/system/video-stock': () => import('../features/media-stock/video-stock-page'),
  '/system/export-centre': () => import('../features/export-centre/export-centre-page'),
  '/test/index': () => import('../features/component-gallery/component-gallery-page'),
  '/access/openplatform/apidoc': () => import('../features/open-api-doc/open-api-doc-page'),
  '/access/statements': () => import('../features/statements/statement-page'),
  '/finance/project-reportList': () => import('../features/finance-reports/project-report-page'),
  '/ad/advertisingStatus/webmasterReport': () =>
    import('../features/ad-reports/master-report-page'),
  '/ad/advertisingStatus/planReport': () => import('../features/ad-reports/plan-report-page'),
  '/ad/adDropReport/realTimeReport': () => import('../features/ad-reports/realtime-report-page'),
  '/ad/adDropReport/historyReport': () => import('../features/ad-reports/history-report-page'),
  '/ad/adDropReport/adTransactionResults': () => import('../features/ad-reports/transaction-page'),
  '/supplier/code-batch/management': () => import('../resources/platform-supplier/code-batch-page'),
  '/supplier/code-batch/source-management': () =>
    import('../resources/platform-supplier/code-source-page'),
  '/setting/platform/wechat-tencent': () =>
    import('../features/platform-settings/wechat-tencent-page'),
  '/setting/platform/message-platform': () =>
    import('../features/platform-settings/message-platform-page'),
  '/setting/platform/point-platform': () =>
    import('../features/platform-settings/point-platform-page'),
  '/setting/platform/phone-platform': () =>
    import('../features/platform-settings/phone-platform-page'),
  // Workflow, design side (issue 29 item 2): BPMN files deployed as they are.
  '/flow/deploy': () => import('../features/workflow-design/deploy-upload-page'),
};
