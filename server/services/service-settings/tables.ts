import {
  dingxinSettingContract,
  SETTING_REFUSALS,
  wechatPaySettingContract,
} from '../../../src/contracts/service-settings/settings.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { isRefusedHost, outboundRefusal } from '../../lib/outbound.js';
import { defineContractTable, type TableCall } from '../../lib/table/index.js';
import { maskSecret, secretField } from '../blade-resource/settings.js';
import { sealSecret } from '../platform-finance/driver/index.js';

/**
 * The provider settings (issue 28 item 5): secrets sealed at rest (sealSecret), answered as the
 * mask, kept when the mask or nothing comes back, required on a new setting. `enabled` is not
 * written by submit (a new setting starts disabled): routes.ts serves `enable`, which switches
 * the tenant's one enabled setting in one transaction. An enabled setting is not removed.
 */
const needSecrets = (id: string | undefined, ...secrets: (string | undefined)[]) => {
  if (!id && secrets.some((s) => s === undefined))
    throw badRequest(SETTING_REFUSALS.secretRequired.zh);
};

const refuseEnabled =
  (table: 'bladeWechatPaySetting' | 'bladeDingxinSetting') =>
  async (call: TableCall, ids: string[]) => {
    const on = await call.db
      .selectFrom(table)
      .select('id')
      .where('tenantId', '=', call.user.tenantId)
      .where('id', 'in', ids)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (on) throw conflict(SETTING_REFUSALS.enabledRemove.zh);
  };

const wf = wechatPaySettingContract.fields;
export const wechatPayTable = defineContractTable({
  contract: wechatPaySettingContract,
  table: 'bladeWechatPaySetting',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  own: ['enable'],
  readColumns: ['enabled'],
  fieldInputs: {
    apiV3Key: secretField(wf.apiV3Key.maxLength),
    privateKey: secretField(wf.privateKey.maxLength),
  },
  toRow: ({ apiV3Key, privateKey, ...rest }, call) => ({
    ...rest,
    ...(apiV3Key === undefined ? {} : { apiV3Key: sealSecret(call.ctx, apiV3Key) }),
    ...(privateKey === undefined ? {} : { privateKey: sealSecret(call.ctx, privateKey) }),
  }),
  beforeSave: async (_call, input, id) => needSecrets(id, input.apiV3Key, input.privateKey),
  beforeRemove: refuseEnabled('bladeWechatPaySetting'),
  decorate: (_call, rows) =>
    rows.map((r) => ({
      ...r,
      apiV3Key: maskSecret(r.apiV3Key),
      privateKey: maskSecret(r.privateKey),
    })),
});

export const dingxinTable = defineContractTable({
  contract: dingxinSettingContract,
  table: 'bladeDingxinSetting',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  own: ['enable'],
  readColumns: ['enabled'],
  fieldInputs: { appSecret: secretField(dingxinSettingContract.fields.appSecret.maxLength) },
  toRow: ({ appSecret, ...rest }, call) => ({
    ...rest,
    ...(appSecret === undefined ? {} : { appSecret: sealSecret(call.ctx, appSecret) }),
  }),
  beforeSave: async (call, input, id) => {
    needSecrets(id, input.appSecret);
    // The http driver calls it: not this machine, a private network or a metadata service.
    if (input.driver === 'http') {
      let host = '';
      try {
        host = new URL(input.endpoint).hostname;
      } catch {
        host = '';
      }
      if (!host || isRefusedHost(host, call.ctx.config.outboundAllowlist))
        throw badRequest(`endpoint:${outboundRefusal('接口地址')}`);
    }
  },
  beforeRemove: refuseEnabled('bladeDingxinSetting'),
  decorate: (_call, rows) => rows.map((r) => ({ ...r, appSecret: maskSecret(r.appSecret) })),
});
