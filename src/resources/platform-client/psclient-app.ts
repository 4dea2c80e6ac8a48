import {
  APP_AUTH_CODE,
  APP_IP_CODE,
  psclientAppContract,
  type PsclientApp,
} from '../../contracts/platform-client/psclient-app';
import { defineContractResource } from '../contract-resource';
import { AppCallbacks } from './app-callbacks';
import { APP_FORM } from './psclient-app-form';

export type { PsclientApp } from '../../contracts/platform-client/psclient-app';

/**
 * 接入应用 (issue 27 item 1): the contract's fields, the engine's enable actions, and what the
 * screen adds: its own form (a new app's secret shown once), 重置密钥, 授权配置 and IP白名单.
 * The detail drawer lists the app's callback deliveries (回调记录) with 重发.
 */
export default defineContractResource({
  contract: psclientAppContract,
  paging: 'generic',
  columns: [
    { field: 'appName', width: 180 },
    { field: 'clientName', width: 180 },
    { field: 'appKey', width: 190 },
    { field: 'secretHint', width: 100 },
    { field: 'secretTime', width: 170, hiddenByDefault: true },
    { field: 'callbackUrl', width: 220, hiddenByDefault: true },
    { field: 'ipAllowlist', width: 180, hiddenByDefault: true },
    { field: 'rateLimit', kind: 'number', width: 120 },
    { field: 'enabled', width: 80 },
    { field: 'remark', width: 200, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
  ],
  filters: ['appName', 'appKey', 'clientId', 'enabled'],
  form: APP_FORM,
  formDialog: () => import('./psclient-app-form-dialog'),
  rowActions: [
    {
      id: 'resetSecret',
      label: { zh: '重置密钥', en: 'Reset secret' },
      permission: psclientAppContract.codes.edit!,
      color: 'orange',
      dialog: () => import('./app-secret-dialog'),
    },
    {
      id: 'auth',
      label: { zh: '授权配置', en: 'Authorisation' },
      permission: APP_AUTH_CODE,
      dialog: () => import('./app-auth-dialog'),
    },
    {
      id: 'ip',
      label: { zh: 'IP白名单', en: 'IP allowlist' },
      permission: APP_IP_CODE,
      dialog: () => import('./app-ip-dialog'),
    },
  ],
  detailSection: AppCallbacks,
  recordLabel: (a: PsclientApp) => `${a.appName}（${a.appKey}）`,
});
