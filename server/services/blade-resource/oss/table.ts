import { ossContract } from '../../../../src/contracts/blade-resource/oss.js';
import { badRequest } from '../../../lib/errors.js';
import { endpointHost, isRefusedHost, outboundRefusal } from '../../../lib/outbound.js';
import { defineContractTable } from '../../../lib/table/index.js';
import { secretField, secretKeyHooks } from '../settings.js';

/** Providers of an object-storage setting (BladeX's `oss` dictionary). */
export const OSS_CATEGORIES: Readonly<Record<number, string>> = {
  1: 'MinIO',
  2: '七牛云',
  3: '阿里云',
  4: '腾讯云',
};

const hooks = secretKeyHooks(OSS_CATEGORIES);

/**
 * blade-resource/oss: the object-storage settings of the caller's tenant. As with SMS, the secret
 * key is answered masked, kept when the mask comes back, and the enabled row changes through
 * `enable`/`disable` only (oss/routes.ts). The endpoint may not point at this machine, a private
 * network or a metadata service unless OUTBOUND_ALLOWLIST names it (lib/outbound.ts).
 */
export default defineContractTable({
  contract: ossContract,
  table: 'bladeOss',
  versioned: true,
  scope: 'tenant',
  defaultOrder: { createTime: 'desc', id: 'desc' },
  fieldInputs: { secretKey: secretField(ossContract.fields.secretKey.maxLength) },
  ...hooks,
  beforeSave: async (call, input, id) => {
    await hooks.beforeSave(call, input, id);
    const host = endpointHost(input.endpoint);
    if (!host || isRefusedHost(host, call.ctx.config.outboundAllowlist))
      throw badRequest(`endpoint:${outboundRefusal('资源地址')}`);
  },
  unique: [{ columns: ['ossCode'], message: '资源编号已存在' }],
});
