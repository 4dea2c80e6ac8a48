import {
  dingxinSettingContract,
  SETTING_TEST_CODES,
} from '../../contracts/service-settings/settings';
import { defineContractResource } from '../contract-resource';

/** 鼎信认证 (/service/auth/dingxin): the accounts; the secret a password field; 测试连接. */
export default defineContractResource({
  contract: dingxinSettingContract,
  paging: 'generic',
  columns: [
    { field: 'settingName', width: 160 },
    { field: 'endpoint', width: 240 },
    { field: 'appKey', width: 160 },
    { field: 'driver', width: 100 },
    { field: 'enabled', width: 80 },
    { field: 'remark', width: 180, hiddenByDefault: true },
    { field: 'updateTime', width: 170 },
  ],
  filters: ['settingName', 'driver', 'enabled'],
  form: { appSecret: { kind: 'password' }, endpoint: { wide: true }, remark: { wide: true } },
  rowActions: [
    {
      id: 'test',
      label: { zh: '测试连接', en: 'Test' },
      permission: SETTING_TEST_CODES.dingxin,
      dialog: async () => ({ default: (await import('./test-connection-dialog')).DingxinTest }),
    },
  ],
  recordLabel: (row) => row.settingName,
});
