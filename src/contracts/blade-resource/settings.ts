import type { FieldSpec, Text } from '../resource-contract';

/** Fields the SMS and object-storage settings share (the server's blade-resource/settings.ts). */

/** The provider (1 to 4), with the screen's own word for it in `required`. */
export const providerCategory = (label: Text, required: Text) =>
  ({
    label,
    kind: 'integer',
    required,
    range: { min: 1, max: 4, message: required },
    filter: 'equal',
    sortable: true,
  }) as const satisfies FieldSpec;

/** The setting's code (`smsCode`, `ossCode`): unique in the tenant. */
export const RESOURCE_CODE = {
  label: { zh: '资源编号', en: 'Code' },
  required: { zh: '请输入资源编号', en: 'Please enter the code' },
  maxLength: 32,
  pattern: {
    regex: /^[A-Za-z0-9_-]+$/,
    message: { zh: '资源编号只能包含字母、数字、_和-', en: 'Letters, digits, _ and - only' },
  },
  filter: 'like',
  sortable: true,
} as const satisfies FieldSpec;

export const ACCESS_KEY = {
  label: { zh: 'accessKey', en: 'Access key' },
  required: { zh: '请输入accessKey', en: 'Please enter the access key' },
  maxLength: 255,
} as const satisfies FieldSpec;

/**
 * Never answered (the mask instead); required of a new setting, the mask or nothing keeps the
 * stored one on an update (the server checks it itself).
 */
export const SECRET_KEY = {
  label: { zh: 'secretKey', en: 'Secret key' },
  required: { zh: '请输入secretKey', en: 'Please enter the secret key' },
  maxLength: 255,
} as const satisfies FieldSpec;

/** 1 off, 2 on: changed by enable/disable only, one setting per tenant is on. */
export const ENABLED = {
  label: { zh: '是否启用', en: 'Enabled' },
  kind: 'integer',
  readOnly: true,
  filter: 'equal',
  sortable: true,
} as const satisfies FieldSpec;

export const CREATE_TIME = {
  label: { zh: '创建时间', en: 'Created' },
  kind: 'dateTime',
  readOnly: true,
  sortable: true,
} as const satisfies FieldSpec;
