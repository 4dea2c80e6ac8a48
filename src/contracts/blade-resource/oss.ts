import { defineContract } from '../resource-contract';
import {
  ACCESS_KEY,
  CREATE_TIME,
  ENABLED,
  providerCategory,
  RESOURCE_CODE,
  SECRET_KEY,
} from './settings';

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
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  createTime: string;
}

export const ossContract = defineContract<OssSetting>()({
  service: 'blade-resource/oss',
  route: '/system/oss',
  title: { zh: '对象存储', en: 'Object storage' },
  menu: 'oss',
  buttons: ['add', 'edit', 'delete', 'view'],
  fields: {
    category: providerCategory(
      { zh: '分类', en: 'Provider' },
      { zh: '请选择分类', en: 'Please choose a provider' },
    ),
    categoryName: { label: { zh: '分类', en: 'Provider' }, readOnly: true },
    ossCode: RESOURCE_CODE,
    // A host name or an http(s) address, with an optional port and path.
    endpoint: {
      label: { zh: '资源地址', en: 'Endpoint' },
      required: { zh: '请输入资源地址', en: 'Please enter the endpoint' },
      maxLength: 255,
      pattern: {
        regex: /^(https?:\/\/)?[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:\d{1,5})?(\/[^\s]*)?$/,
        message: { zh: '资源地址格式不正确', en: 'Not a host name or http(s) address' },
      },
      filter: 'like',
    },
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    bucketName: {
      label: { zh: '空间名', en: 'Bucket' },
      required: { zh: '请输入空间名', en: 'Please enter the bucket' },
      maxLength: 255,
      filter: 'like',
    },
    appId: { label: { zh: 'appId（腾讯云）', en: 'App ID (Tencent)' }, maxLength: 64 },
    region: { label: { zh: '地域', en: 'Region' }, maxLength: 64 },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 255 },
    status: ENABLED,
    createTime: CREATE_TIME,
  },
});
