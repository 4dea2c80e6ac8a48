import {
  ADVERTISER_SETTING_CODE,
  advertiserContract,
} from '../../contracts/platform-ad/advertiser';
import { defineContractResource } from '../contract-resource';

/** 广告主管理 (/ad/advertiser): phone masked in the list; 广告主配置 opens the settings dialog. */
export default defineContractResource({
  contract: advertiserContract,
  paging: 'generic',
  columns: [
    { field: 'advertiserCode', width: 120 },
    { field: 'advertiserName', width: 180 },
    { field: 'contactName', width: 100 },
    { field: 'contactPhone', width: 130 },
    { field: 'industry', width: 100 },
    { field: 'enabled', width: 80 },
    { field: 'createTime', width: 170 },
  ],
  filters: ['advertiserCode', 'advertiserName', 'industry', 'enabled'],
  rowActions: [
    {
      id: 'setting',
      label: { zh: '广告主配置', en: 'Settings' },
      permission: ADVERTISER_SETTING_CODE,
      dialog: () => import('./advertiser-config-dialog'),
    },
  ],
  recordLabel: (a) => `${a.advertiserName}（${a.advertiserCode}）`,
});
