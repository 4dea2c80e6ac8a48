import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  dingxinSettingContract,
  PAY_CONFIG_LIST,
  SETTING_REFUSALS,
  SETTING_TEST_CODES,
  TEST_ANSWERS,
  TEST_CONNECTION,
  wechatPaySettingContract,
  type ConnectionTest,
  type PayChannelConfig,
} from '../../../src/contracts/service-settings/settings.js';
import { currentUser, perm } from '../../auth/index.js';
import { isUniqueViolation } from '../../db/unique.js';
import { ok, okStatus } from '../../lib/envelope.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { idList, requiredParam } from '../../lib/params.js';
import { tableRoutes } from '../../lib/table/index.js';
import { nowText } from '../../lib/time.js';
import { openSecret, payDriver, PayDriverError } from '../platform-finance/driver/index.js';
import { merchantOf } from '../platform-finance/pay-order/payments.js';
import { testDingxin } from './dingxin-driver.js';
import { dingxinTable, wechatPayTable } from './tables.js';

const text = (zh: string, en: string) => ({ zh, en });
type SettingTable = 'bladeWechatPaySetting' | 'bladeDingxinSetting';

/**
 * Service settings (issue 28 item 5): the declared lists and forms of the WeChat pay and Dingxin
 * settings, their `enable` (one enabled per tenant: enabling one switches the others off in the
 * same transaction), `test-connection` (the driver's answer, never a secret) and blade-system
 * `pay/config/list` (the tenant's enabled pay channels, no secrets).
 */
export default async function serviceSettingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await app.register(tableRoutes(wechatPayTable));
  await app.register(tableRoutes(dingxinTable));

  const enableRoute = (
    contract: typeof wechatPaySettingContract | typeof dingxinSettingContract,
    table: SettingTable,
  ) =>
    app.post(
      `/api/${contract.service}/enable`,
      {
        config: {
          access: perm(contract.codes.enable!),
          doc: {
            summary: text(
              '启用（一次一个：其他配置同时停用）或停用配置',
              'Enable one setting (the others go off) or disable settings',
            ),
            query: [
              { name: 'ids', type: 'string', required: true },
              { name: 'enabled', type: 'string', required: true },
            ],
          },
        },
      },
      async (request: FastifyRequest) => {
        const user = currentUser(request);
        const ids = [...new Set(idList(request))];
        const value = requiredParam(request, 'enabled');
        if (value !== '0' && value !== '1') throw badRequest('enabled:启用只能是0或1');
        if (value === '1' && ids.length !== 1) throw badRequest(SETTING_REFUSALS.oneAtATime.zh);
        try {
          await ctx.db.transaction().execute(async (trx) => {
            const found = await trx
              .selectFrom(table)
              .select('id')
              .where('tenantId', '=', user.tenantId)
              .where('isDeleted', '=', 0)
              .where('id', 'in', ids)
              .execute();
            if (found.length !== ids.length) throw notFound();
            const stamp = { updateUser: user.userId, updateTime: nowText() };
            if (value === '1')
              await trx
                .updateTable(table)
                .set({ enabled: 0, ...stamp })
                .where('tenantId', '=', user.tenantId)
                .where('enabled', '=', 1)
                .where('id', 'not in', ids)
                .execute();
            await trx
              .updateTable(table)
              .set({ enabled: Number(value), ...stamp })
              .where('tenantId', '=', user.tenantId)
              .where('id', 'in', ids)
              .execute();
          });
        } catch (error) {
          // Two enables racing: the index keeps one; the other is told to try again.
          if (isUniqueViolation(error)) throw conflict(SETTING_REFUSALS.busy.zh);
          throw error;
        }
        return okStatus('操作成功');
      },
    );
  enableRoute(wechatPaySettingContract, 'bladeWechatPaySetting');
  enableRoute(dingxinSettingContract, 'bladeDingxinSetting');

  const testDoc = {
    summary: text('测试连接（驱动的回答，不含密钥）', "Test connection (the driver's answer)"),
    query: [{ name: 'id', type: 'string', required: true }],
    response: text('{ok, message}', '{ok, message}'),
  } as const;
  const settingOf = async <T extends SettingTable>(table: T, request: FastifyRequest) => {
    const user = currentUser(request);
    const row = await ctx.db
      .selectFrom(table as SettingTable)
      .selectAll()
      .where('tenantId', '=', user.tenantId)
      .where('isDeleted', '=', 0)
      .where('id', '=', requiredParam(request, 'id'))
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  app.post(
    `/api/${wechatPaySettingContract.service}/${TEST_CONNECTION}`,
    { config: { access: perm(SETTING_TEST_CODES.wechat), doc: testDoc } },
    async (request) => {
      const row = await ctx.db
        .selectFrom('bladeWechatPaySetting')
        .selectAll()
        .where('tenantId', '=', currentUser(request).tenantId)
        .where('isDeleted', '=', 0)
        .where('id', '=', requiredParam(request, 'id'))
        .executeTakeFirst();
      if (!row) throw notFound();
      const merchant = merchantOf(ctx, row);
      let answer: ConnectionTest;
      try {
        await payDriver(ctx, merchant).testConnection(merchant);
        answer = { ok: true, message: TEST_ANSWERS.ok.zh };
      } catch (error) {
        if (!(error instanceof PayDriverError)) throw error;
        answer = { ok: false, message: error.message };
      }
      return ok(answer);
    },
  );

  app.post(
    `/api/${dingxinSettingContract.service}/${TEST_CONNECTION}`,
    { config: { access: perm(SETTING_TEST_CODES.dingxin), doc: testDoc } },
    async (request) => {
      const row = (await settingOf('bladeDingxinSetting', request)) as {
        driver: string;
        endpoint: string;
        appKey: string;
        appSecret: string | null;
      };
      const answer: ConnectionTest = await testDingxin(
        { ...row, appSecret: openSecret(ctx, row.appSecret) },
        { allow: ctx.config.outboundAllowlist, timeoutMs: 10_000 },
      );
      return ok(answer);
    },
  );

  app.get(
    `/api/${PAY_CONFIG_LIST}`,
    {
      config: {
        access: perm(
          wechatPaySettingContract.codes.menu,
          wechatPaySettingContract.codes.view!,
          'pay_order',
        ),
        doc: {
          summary: text('已启用的支付渠道（不含密钥）', 'The enabled pay channels (no secrets)'),
          response: text(
            '[{id, channel, settingName, mchId, appId, driver}]',
            '[{id, channel, settingName, mchId, appId, driver}]',
          ),
        },
      },
    },
    async (request) => {
      const rows = await ctx.db
        .selectFrom('bladeWechatPaySetting')
        .select(['id', 'settingName', 'mchId', 'appId', 'driver'])
        .where('tenantId', '=', currentUser(request).tenantId)
        .where('isDeleted', '=', 0)
        .where('enabled', '=', 1)
        .execute();
      const channels: PayChannelConfig[] = rows.map((r) => ({ ...r, channel: 'wechat' }));
      return ok(channels);
    },
  );
}
