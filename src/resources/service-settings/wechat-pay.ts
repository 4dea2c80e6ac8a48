import {
  SETTING_TEST_CODES,
  wechatPaySettingContract,
} from '../../contracts/service-settings/settings';
import { defineContractResource } from '../contract-resource';

/**
 * 微信支付 (/service/pay/wechat): merchant settings; the key and private key are password fields
 * (answered as the mask, which keeps them); 启用 switches to the one chosen; 测试连接 asks the
 * driver.
 */
export default defineContractResource({
  contract: wechatPaySettingContract,
  paging: 'generic',
  columns: [
    { field: 'settingName', width: 160 },
    { field: 'mchId', width: 130 },
    { field: 'appId', width: 170 },
    { field: 'serialNo', width: 200, hiddenByDefault: true },
    { field: 'driver', width: 100 },
    { field: 'enabled', width: 80 },
    { field: 'remark', width: 180, hiddenByDefault: true },
    { field: 'updateTime', width: 170 },
  ],
  filters: ['settingName', 'driver', 'enabled'],
  form: {
    apiV3Key: { kind: 'password' },
    privateKey: { kind: 'password', wide: true },
    platformCert: { wide: true },
    remark: { wide: true },
  },
  rowActions: [
    {
      id: 'test',
      label: { zh: '测试连接', en: 'Test' },
      permission: SETTING_TEST_CODES.wechat,
      dialog: async () => ({ default: (await import('./test-connection-dialog')).WechatTest }),
    },
  ],
  recordLabel: (row) => `${row.settingName}（${row.mchId}）`,
});
