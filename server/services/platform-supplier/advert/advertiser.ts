import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ADVERTISER_CONFIG,
  ADVERTISER_SETTING_CODE,
  advertiserContract,
  type AdvertiserSetting,
} from '../../../../src/contracts/platform-ad/advertiser.js';
import { ADVERT_REFUSALS } from '../../../../src/contracts/platform-ad/advert.js';
import { isMask, SECRET_MASK } from '../../../../src/contracts/secret-mask.js';
import { perm } from '../../../auth/index.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { requiredParam } from '../../../lib/params.js';
import { defineContractTable, tableRoutes, type TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { callOf } from '../../shared/call.js';
import { MASKED_PHONE, sealedPhoneInput } from '../../../lib/sealed-phone.js';
import { advertiserPhone, settingSecret } from './sealed.js';
import { text } from './served.js';

const { contactPhone } = advertiserContract.fields;

/** `advert/advertiser` (/ad/advertiser): phone whole for the session in a detail, else masked. */
export const advertiserTable = defineContractTable({
  contract: advertiserContract,
  table: 'bladeAdvertiser',
  scope: 'tenant',
  versioned: true,
  readers: ['ad_plan', 'advertising'],
  defaultOrder: { createTime: 'desc', id: 'desc' },
  fieldInputs: { contactPhone: sealedPhoneInput(contactPhone.pattern) },
  toRow: ({ contactPhone: phone, ...rest }, call) => ({
    ...rest,
    ...(phone && MASKED_PHONE.test(phone)
      ? {}
      : { contactPhone: advertiserPhone.seal(call.ctx, phone) }),
  }),
  decorate: (call, rows) =>
    rows.map((r) => ({
      ...r,
      contactPhone:
        call.use === 'detail'
          ? advertiserPhone.answer(call.ctx, call.user, r.contactPhone)
          : advertiserPhone.masked(call.ctx, r.contactPhone),
    })),
});

const saveBody = z.object({
  advertiserCode: z
    .string({ error: ADVERT_REFUSALS.advertiserCode.zh })
    .trim()
    .min(1, ADVERT_REFUSALS.advertiserCode.zh),
  settings: z
    .array(
      z.object({
        settingKey: z
          .string({ error: ADVERT_REFUSALS.settingKey.zh })
          .trim()
          .regex(/^[A-Za-z0-9_.-]{1,64}$/, ADVERT_REFUSALS.settingKey.zh),
        settingValue: z
          .string({ error: ADVERT_REFUSALS.settingValue.zh })
          .max(500, ADVERT_REFUSALS.settingValue.zh)
          .default(''),
        secret: z.preprocess((v) => (v === true || v === 1 || v === '1' ? 1 : 0), z.number()),
      }),
    )
    .max(50, ADVERT_REFUSALS.settingsMany.zh),
});

/** The live advertiser of the tenant with the code, or 404. */
async function advertiserOf(call: TableCall, code: string) {
  const row = await call.db
    .selectFrom('bladeAdvertiser')
    .select('id')
    .where('tenantId', '=', call.user.tenantId)
    .where('isDeleted', '=', 0)
    .where('advertiserCode', '=', code)
    .executeTakeFirst();
  if (!row) throw notFound();
}

async function settingsOf(call: TableCall, code: string) {
  return call.db
    .selectFrom('bladeAdvertiserSetting')
    .select(['id', 'settingKey', 'settingValue', 'secret'])
    .where('tenantId', '=', call.user.tenantId)
    .where('isDeleted', '=', 0)
    .where('advertiserCode', '=', code)
    .orderBy('settingKey')
    .execute();
}

/** Advertisers (engine) and their config: get, save, removeByCode behind 广告主配置. */
export default async function advertiserRoutes(app: FastifyInstance): Promise<void> {
  await app.register(tableRoutes(advertiserTable));
  const access = perm(ADVERTISER_SETTING_CODE);
  const codeQuery = [{ name: 'advertiserCode', type: 'string' as const, required: true }];

  app.get(
    `/api/${ADVERTISER_CONFIG.get}`,
    {
      config: {
        access,
        doc: {
          summary: text('广告主配置', "An advertiser's settings"),
          query: codeQuery,
          response: text(
            '[{settingKey, settingValue, secret}]：密钥类配置只返回掩码',
            '[{settingKey, settingValue, secret}]: secrets answered as the mask',
          ),
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const code = requiredParam(request, 'advertiserCode');
      await advertiserOf(call, code);
      const rows = await settingsOf(call, code);
      return ok(
        rows.map((r): AdvertiserSetting => ({
          settingKey: r.settingKey,
          settingValue: r.secret ? (r.settingValue ? SECRET_MASK : '') : (r.settingValue ?? ''),
          secret: r.secret,
        })),
      );
    },
  );

  app.post(
    `/api/${ADVERTISER_CONFIG.save}`,
    {
      config: {
        access,
        doc: {
          summary: text(
            '保存广告主配置（整体替换）',
            "Save an advertiser's settings (all of them)",
          ),
          body: {
            schema: saveBody,
            description: text(
              '{advertiserCode, settings: [{settingKey, settingValue, secret}]}；密钥传回掩码表示保留原值；未列出的配置项删除',
              '{advertiserCode, settings: [...]}: a secret sent back as the mask keeps the stored one; keys left out are removed',
            ),
          },
          response: text('无', 'Nothing'),
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const body = parseBody(saveBody, request.body);
      const keys = body.settings.map((s) => s.settingKey);
      if (new Set(keys).size !== keys.length)
        throw badRequest(`settingKey:${ADVERT_REFUSALS.settingDuplicate.zh}`);
      await advertiserOf(call, body.advertiserCode);
      await call.db.transaction().execute(async (trx) => {
        const stored = new Map(
          (await settingsOf({ ...call, db: trx }, body.advertiserCode)).map((r) => [
            r.settingKey,
            r,
          ]),
        );
        await trx
          .deleteFrom('bladeAdvertiserSetting')
          .where('tenantId', '=', call.user.tenantId)
          .where('advertiserCode', '=', body.advertiserCode)
          .execute();
        const now = nowText();
        const rows = body.settings.map((s) => {
          const before = stored.get(s.settingKey);
          const kept = s.secret && isMask(s.settingValue) && before?.secret;
          const value = kept
            ? before.settingValue
            : s.secret
              ? settingSecret.seal(call.ctx, s.settingValue)
              : s.settingValue;
          return {
            id: nextId(),
            tenantId: call.user.tenantId,
            advertiserCode: body.advertiserCode,
            settingKey: s.settingKey,
            settingValue: value,
            secret: s.secret,
            createUser: call.user.userId,
            createDept: null,
            createTime: now,
            updateUser: null,
            updateTime: null,
            status: 1,
            isDeleted: 0,
          };
        });
        if (rows.length > 0) await trx.insertInto('bladeAdvertiserSetting').values(rows).execute();
      });
      return okStatus('保存成功');
    },
  );

  app.post(
    `/api/${ADVERTISER_CONFIG.removeByCode}`,
    {
      config: {
        access,
        doc: {
          summary: text('删除广告主的全部配置', 'Remove every setting of an advertiser'),
          query: codeQuery,
          response: text('无', 'Nothing'),
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const code = requiredParam(request, 'advertiserCode');
      await advertiserOf(call, code);
      await call.db
        .deleteFrom('bladeAdvertiserSetting')
        .where('tenantId', '=', call.user.tenantId)
        .where('advertiserCode', '=', code)
        .execute();
      return okStatus('删除成功');
    },
  );
}
