import { defineResource, type ValueOption } from '../types';
import { enableActions, ENABLED_STATUS } from './sms';

/** An object-storage setting of the caller's tenant: blade-resource/oss (spec sections 4 and 7). */
export interface OssSetting {
  id: string;
  category: number;
  categoryName: string;
  ossCode: string;
  endpoint: string;
  accessKey: string;
  /** Always the mask ('******'): the server never answers the key; sent back it is kept. */
  secretKey: string;
  bucketName: string;
  appId: string | null;
  region: string | null;
  remark: string | null;
  /** 1 off, 2 on: one setting per tenant is on. */
  status: number;
  createTime: string;
}

/** Providers (the server's OSS_CATEGORIES). */
export const OSS_CATEGORIES: readonly ValueOption[] = [
  { value: '1', label: { zh: 'MinIO', en: 'MinIO' } },
  { value: '2', label: { zh: '七牛云', en: 'Qiniu' } },
  { value: '3', label: { zh: '阿里云', en: 'Alibaba Cloud' } },
  { value: '4', label: { zh: '腾讯云', en: 'Tencent Cloud' } },
];

export default defineResource<OssSetting>({
  service: 'blade-resource/oss',
  route: '/system/oss',
  title: { zh: '对象存储', en: 'Object storage' },
  permissions: { add: 'oss_add', edit: 'oss_edit', remove: 'oss_delete', view: 'oss_view' },
  paging: 'generic',
  columns: [
    {
      field: 'category',
      label: { zh: '分类', en: 'Provider' },
      kind: 'tag',
      options: OSS_CATEGORIES,
      width: 120,
      sortable: true,
    },
    { field: 'ossCode', label: { zh: '资源编号', en: 'Code' }, sortable: true, width: 160 },
    { field: 'endpoint', label: { zh: '资源地址', en: 'Endpoint' }, width: 240 },
    { field: 'bucketName', label: { zh: '空间名', en: 'Bucket' }, width: 160 },
    { field: 'accessKey', label: { zh: 'accessKey', en: 'Access key' }, width: 200 },
    {
      field: 'status',
      label: { zh: '是否启用', en: 'Enabled' },
      kind: 'status',
      options: ENABLED_STATUS,
      width: 110,
      sortable: true,
    },
    { field: 'remark', label: { zh: '备注', en: 'Remark' }, width: 200, hiddenByDefault: true },
  ],
  filters: [
    {
      name: 'category',
      kind: 'select',
      options: OSS_CATEGORIES,
      label: { zh: '分类', en: 'Provider' },
    },
    { name: 'ossCode', kind: 'input', label: { zh: '资源编号', en: 'Code' } },
    { name: 'bucketName', kind: 'input', label: { zh: '空间名', en: 'Bucket' } },
  ],
  form: [
    {
      name: 'category',
      kind: 'select',
      options: OSS_CATEGORIES,
      label: { zh: '分类', en: 'Provider' },
      required: { zh: '请选择分类', en: 'Please choose a provider' },
    },
    {
      name: 'ossCode',
      kind: 'text',
      label: { zh: '资源编号', en: 'Code' },
      required: { zh: '请输入资源编号', en: 'Please enter the code' },
      maxLength: 32,
    },
    {
      name: 'endpoint',
      kind: 'text',
      label: { zh: '资源地址', en: 'Endpoint' },
      required: { zh: '请输入资源地址', en: 'Please enter the endpoint' },
      maxLength: 255,
      wide: true,
    },
    {
      name: 'bucketName',
      kind: 'text',
      label: { zh: '空间名', en: 'Bucket' },
      required: { zh: '请输入空间名', en: 'Please enter the bucket' },
      maxLength: 255,
    },
    { name: 'region', kind: 'text', label: { zh: '地域', en: 'Region' }, maxLength: 64 },
    {
      name: 'accessKey',
      kind: 'text',
      label: { zh: 'accessKey', en: 'Access key' },
      required: { zh: '请输入accessKey', en: 'Please enter the access key' },
      maxLength: 255,
    },
    {
      // Edit shows the mask: saved unchanged it keeps the stored key, anything else replaces it.
      name: 'secretKey',
      kind: 'password',
      label: { zh: 'secretKey', en: 'Secret key' },
      required: { zh: '请输入secretKey', en: 'Please enter the secret key' },
      maxLength: 255,
    },
    {
      name: 'appId',
      kind: 'text',
      label: { zh: 'appId（腾讯云）', en: 'App ID (Tencent)' },
      maxLength: 64,
    },
    {
      name: 'remark',
      kind: 'textarea',
      label: { zh: '备注', en: 'Remark' },
      maxLength: 255,
      wide: true,
    },
  ],
  rowActions: enableActions<OssSetting>('blade-resource/oss', 'oss_enable', {
    zh: '存储配置',
    en: 'storage setting',
  }),
  recordLabel: (oss) => oss.ossCode,
});
