import { ossContract, type OssSetting } from '../../contracts/blade-resource/oss';
import { defineContractResource } from '../contract-resource';
import type { ValueOption } from '../types';
import { enableActions, ENABLED_STATUS } from './sms';

export type { OssSetting } from '../../contracts/blade-resource/oss';

/** Providers (the server's OSS_CATEGORIES). */
export const OSS_CATEGORIES: readonly ValueOption[] = [
  { value: '1', label: { zh: 'MinIO', en: 'MinIO' } },
  { value: '2', label: { zh: '七牛云', en: 'Qiniu' } },
  { value: '3', label: { zh: '阿里云', en: 'Alibaba Cloud' } },
  { value: '4', label: { zh: '腾讯云', en: 'Tencent Cloud' } },
];

/** Object-storage settings of the caller's tenant; the fields are the contract's. */
export default defineContractResource({
  contract: ossContract,
  paging: 'generic',
  columns: [
    { field: 'category', kind: 'tag', options: OSS_CATEGORIES, width: 120 },
    { field: 'ossCode', width: 160 },
    { field: 'endpoint', width: 240 },
    { field: 'bucketName', width: 160 },
    { field: 'accessKey', width: 200 },
    { field: 'status', kind: 'status', options: ENABLED_STATUS, width: 110 },
    { field: 'remark', width: 200, hiddenByDefault: true },
  ],
  filters: [{ name: 'category', kind: 'select', options: OSS_CATEGORIES }, 'ossCode', 'bucketName'],
  form: {
    category: { kind: 'select', options: OSS_CATEGORIES },
    endpoint: { wide: true },
    // Edit shows the mask: saved unchanged it keeps the stored key, anything else replaces it.
    secretKey: { kind: 'password' },
    remark: { kind: 'textarea', wide: true },
  },
  formOrder: [
    'category',
    'ossCode',
    'endpoint',
    'bucketName',
    'region',
    'accessKey',
    'secretKey',
    'appId',
    'remark',
  ],
  rowActions: enableActions<OssSetting>('blade-resource/oss', 'oss_enable', {
    zh: '存储配置',
    en: 'storage setting',
  }),
  recordLabel: (oss) => oss.ossCode,
});
