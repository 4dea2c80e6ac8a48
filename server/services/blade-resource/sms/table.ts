import { z } from 'zod';
import { defineTable, integerEquality, optionalText } from '../../../lib/table/index.js';
import { requiredText } from '../../../lib/validation.js';
import { providerCategory, resourceCode, secretField, secretKeyHooks } from '../settings.js';

/** Providers of an SMS setting (BladeX's `sms` dictionary). */
export const SMS_CATEGORIES: Readonly<Record<number, string>> = {
  1: '云片',
  2: '七牛云',
  3: '阿里云',
  4: '腾讯云',
};

/**
 * blade-resource/sms: the SMS settings of the caller's tenant. The secret key is never answered
 * (the mask instead; sent back unchanged it keeps the stored key). Which row is enabled is
 * changed by `enable`/`disable` only (sms/routes.ts); a new row starts disabled.
 */
export default defineTable({
  path: 'blade-resource/sms',
  table: 'bladeSms',
  scope: 'tenant',
  access: { read: ['sms', 'sms_view'], add: 'sms_add', edit: 'sms_edit', remove: 'sms_delete' },
  columns: [
    'category',
    'smsCode',
    'templateId',
    'accessKey',
    'secretKey',
    'regionId',
    'signName',
    'remark',
  ],
  list: {
    filters: {
      category: { column: 'category', default: 'equal' },
      smsCode: { column: 'smsCode' },
      templateId: { column: 'templateId' },
      status: { column: 'status', default: 'equal' },
    },
    sorts: { smsCode: 'smsCode', category: 'category', status: 'status', createTime: 'createTime' },
  },
  beforeList: integerEquality('category', 'status'),
  defaultOrder: { createTime: 'desc', id: 'desc' },
  input: z.object({
    category: providerCategory('请选择服务商'),
    smsCode: resourceCode(),
    templateId: requiredText(z, '请输入模板ID', 64),
    accessKey: requiredText(z, '请输入accessKey', 255),
    secretKey: secretField(255),
    regionId: optionalText(64),
    signName: optionalText(64),
    remark: optionalText(255),
  }),
  ...secretKeyHooks(SMS_CATEGORIES),
  unique: [{ columns: ['smsCode'], message: '资源编号已存在' }],
});
