import { ossContract } from '../../../../src/contracts/blade-resource/oss.js';
import { defineContractTable } from '../../../lib/table/index.js';
import { secretField, secretKeyHooks } from '../settings.js';

/** Providers of an object-storage setting (BladeX's `oss` dictionary). */
export const OSS_CATEGORIES: Readonly<Record<number, string>> = {
  1: 'MinIO',
  2: '七牛云',
  3: '阿里云',
  4: '腾讯云',
};

/**
 * blade-resource/oss: the object-storage settings of the caller's tenant. As with SMS, the secret
 * key is answered masked, kept when the mask comes back, and the enabled row changes through
 * `enable`/`disable` only (oss/routes.ts).
 */
export default defineContractTable({
  contract: ossContract,
  table: 'bladeOss',
  scope: 'tenant',
  defaultOrder: { createTime: 'desc', id: 'desc' },
  fieldInputs: { secretKey: secretField(ossContract.fields.secretKey.maxLength) },
  ...secretKeyHooks(OSS_CATEGORIES),
  unique: [{ columns: ['ossCode'], message: '资源编号已存在' }],
});
