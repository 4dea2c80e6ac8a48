import { smsContract } from '../../../../src/contracts/blade-resource/sms.js';
import { defineContractTable } from '../../../lib/table/index.js';
import { secretField, secretKeyHooks } from '../settings.js';

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
export default defineContractTable({
  contract: smsContract,
  table: 'bladeSms',
  versioned: true,
  scope: 'tenant',
  defaultOrder: { createTime: 'desc', id: 'desc' },
  fieldInputs: { secretKey: secretField(smsContract.fields.secretKey.maxLength) },
  ...secretKeyHooks(SMS_CATEGORIES),
  unique: [{ columns: ['smsCode'], message: '资源编号已存在' }],
});
