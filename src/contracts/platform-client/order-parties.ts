/**
 * The fields every client order document shares (orders, returns, failed place-orders): the
 * access party, the app and the product, each an id (a filter) and the name the list shows.
 */
export const ORDER_PARTIES = {
  clientId: {
    label: { zh: '接入方', en: 'Access party' },
    readOnly: true,
    ref: 'psclient',
    filter: 'equal',
  },
  clientName: {
    label: { zh: '接入方', en: 'Access party' },
    readOnly: true,
    nameOf: 'clientId',
    export: { width: 20 },
  },
  appId: { label: { zh: '应用', en: 'App' }, readOnly: true, ref: 'psclientApp', filter: 'equal' },
  appName: {
    label: { zh: '应用', en: 'App' },
    readOnly: true,
    nameOf: 'appId',
    export: { width: 20 },
  },
  productId: {
    label: { zh: '产品', en: 'Product' },
    readOnly: true,
    ref: 'psclientProduct',
    filter: 'equal',
  },
  productName: {
    label: { zh: '产品', en: 'Product' },
    readOnly: true,
    nameOf: 'productId',
    export: { width: 24 },
  },
} as const;
