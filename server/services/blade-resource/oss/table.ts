import { z } from 'zod';
import { defineTable, integerEquality, optionalText } from '../../../lib/table/index.js';
import { requiredText } from '../../../lib/validation.js';
import { providerCategory, resourceCode, secretField, secretKeyHooks } from '../settings.js';

/** Providers of an object-storage setting (BladeX's `oss` dictionary). */
export const OSS_CATEGORIES: Readonly<Record<number, string>> = {
  1: 'MinIO',
  2: '七牛云',
  3: '阿里云',
  4: '腾讯云',
};

/** A host name or an http(s) address, with an optional port and path. */
const ENDPOINT = /^(https?:\/\/)?[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:\d{1,5})?(\/[^\s]*)?$/;

/**
 * blade-resource/oss: the object-storage settings of the caller's tenant. As with SMS, the secret
 * key is answered masked, kept when the mask comes back, and the enabled row changes through
 * `enable`/`disable` only (oss/routes.ts).
 */
export default defineTable({
  path: 'blade-resource/oss',
  table: 'bladeOss',
  scope: 'tenant',
  access: { read: ['oss', 'oss_view'], add: 'oss_add', edit: 'oss_edit', remove: 'oss_delete' },
  columns: [
    'category',
    'ossCode',
    'endpoint',
    'accessKey',
    'secretKey',
    'bucketName',
    'appId',
    'region',
    'remark',
  ],
  list: {
    filters: {
      category: { column: 'category', default: 'equal' },
      ossCode: { column: 'ossCode' },
      endpoint: { column: 'endpoint' },
      bucketName: { column: 'bucketName' },
      status: { column: 'status', default: 'equal' },
    },
    sorts: { ossCode: 'ossCode', category: 'category', status: 'status', createTime: 'createTime' },
  },
  beforeList: integerEquality('category', 'status'),
  defaultOrder: { createTime: 'desc', id: 'desc' },
  input: z.object({
    category: providerCategory('请选择分类'),
    ossCode: resourceCode(),
    endpoint: requiredText(z, '请输入资源地址', 255).regex(ENDPOINT, '资源地址格式不正确'),
    accessKey: requiredText(z, '请输入accessKey', 255),
    secretKey: secretField(255),
    bucketName: requiredText(z, '请输入空间名', 255),
    appId: optionalText(64),
    region: optionalText(64),
    remark: optionalText(255),
  }),
  ...secretKeyHooks(OSS_CATEGORIES),
  unique: [{ columns: ['ossCode'], message: '资源编号已存在' }],
});
