import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { fenToYuan } from '../../../../src/contracts/money.js';
import {
  APP_AUTH_CODE,
  APP_IP_CODE,
  PSCLIENT_APP_REFUSALS,
  PSCLIENT_APP_SERVICE,
  psclientAppContract,
} from '../../../../src/contracts/platform-client/psclient-app.js';
import { assertPermission, currentUser, perm } from '../../../auth/index.js';
import { isUniqueViolation } from '../../../db/unique.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { badInput, badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { param, requiredParam } from '../../../lib/params.js';
import { assertUpdated, insertAudit, wire } from '../../../lib/records.js';
import { idField, versionField } from '../../../lib/table/fields.js';
import { tableRoutes, type TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { CLIENT_PICKER_SCREENS } from '../psclient/table.js';
import { parseIpAllowlist } from './ip-allowlist.js';
import { appSecretOf, newSecretSalt, secretHintOf } from './secret.js';
import appTable, { presentApps, shownHint, storedAllowlist } from './table.js';

const { codes } = psclientAppContract;
const BASE = `/api/${PSCLIENT_APP_SERVICE}`;
const READ = perm(codes.menu, codes.view!, ...CLIENT_PICKER_SCREENS);
const ADD = codes.add!;
const EDIT = codes.edit!;

/** The calls that answer a secret: a new app's submit and reset-secret. */
const SUBMIT_URL = `${BASE}/submit`;
const RESET_URL = `${BASE}/reset-secret`;

/** 'qk' + 16 hex characters: public, unique across tenants (a live unique index). */
const newAppKey = () => `qk${randomBytes(8).toString('hex')}`;

const meta = z.object({ id: idField, version: versionField });
const idText = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '参数格式错误');
const authBody = z.object({
  appId: idText,
  productIds: z
    .preprocess(
      (v) =>
        v === undefined || v === null || v === ''
          ? []
          : typeof v === 'string'
            ? v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : v,
      z.array(idText, { error: `productIds:${PSCLIENT_APP_REFUSALS.productMissing.zh}` }),
    )
    .pipe(z.array(idText).max(1000, `productIds:${PSCLIENT_APP_REFUSALS.tooManyProducts.zh}`)),
});
const ipBody = z.object({
  appId: idText,
  ipAllowlist: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string()),
});
const resetBody = z.object({ id: idText });

/** The columns every answer of an app may hold: never the salt. */
const APP_COLUMNS = [
  'id',
  'tenantId',
  'clientId',
  'appName',
  'appKey',
  'secretHint',
  'secretTime',
  'callbackUrl',
  'ipAllowlist',
  'rateLimit',
  'enabled',
  'remark',
  'version',
  'createTime',
] as const;

const SECRET_NOTE = {
  zh: '{id, appKey, secretHint, secretTime, appSecret}：appSecret 只在这一次返回，之后无法再查看（同一 Idempotency-Key 的重发除外）',
  en: '{id, appKey, secretHint, secretTime, appSecret}: appSecret is answered this once and can never be read again (except by a repeat with the same Idempotency-Key)',
};

/**
 * The apps' calls beyond the engine's (issue 27 item 1): submit (a new app: its appKey, secret
 * salt and prepay account in one transaction), reset-secret, getByClientCode, listAuth and
 * authConfig, listIpAddress and saveIpAddress. Every query is bound to the token's tenant: an
 * app of another tenant answers 404.
 *
 * The secret travels once: the two calls that issue one answer without it, and this plugin's
 * onSend adds `appSecret`, derived from the app's current salt. The idempotency store
 * (lib/idempotency), whose onSend runs before this one, so keeps the answer without the secret,
 * and a repeat with the same key gets it derived again: nothing at rest ever holds it.
 */
export default async function psclientAppRoutes(app: FastifyInstance): Promise<void> {
  await tableRoutes(appTable)(app);
  const { db } = app.ctx;
  const callOf = (request: FastifyRequest): TableCall => ({
    ctx: app.ctx,
    db,
    user: currentUser(request),
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    const issues =
      url === RESET_URL ||
      (url === SUBMIT_URL && !(request.body as { id?: unknown } | undefined)?.id);
    if (!issues || reply.statusCode !== 200 || typeof payload !== 'string' || !request.auth)
      return payload;
    const answer = JSON.parse(payload) as { code?: number; data?: { id?: unknown } };
    const id = answer.data?.id;
    if (answer.code !== 200 || typeof id !== 'string') return payload;
    const row = await db
      .selectFrom('bladePsclientApp')
      .select(['id', 'secretSalt'])
      .where('id', '=', id)
      .where('tenantId', '=', request.auth.tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!row) return payload;
    return JSON.stringify({
      ...answer,
      data: { ...answer.data, appSecret: appSecretOf(app.ctx, row) },
    });
  });

  /** The caller's live app, or 404. */
  async function appOf(call: TableCall, id: string) {
    const row = await call.db
      .selectFrom('bladePsclientApp')
      .select(APP_COLUMNS)
      .where('id', '=', id)
      .where('tenantId', '=', call.user.tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  const issued = (row: {
    id: string;
    appKey: string;
    secretHint: string | null;
    secretTime: string | null;
  }) => ({
    id: row.id,
    appKey: row.appKey,
    secretHint: shownHint(row.secretHint),
    secretTime: row.secretTime ?? '',
  });

  app.post(
    SUBMIT_URL,
    {
      config: {
        access: perm(ADD, EDIT),
        idempotent: true,
        doc: {
          summary: {
            zh: '新增或修改接入应用（新增时生成 appKey、密钥和预存账户）',
            en: 'Add or update an app (a new one gets its appKey, secret and prepay account)',
          },
          body: { schema: psclientAppContract.input },
          response: {
            zh: `新增：${SECRET_NOTE.zh}；修改：{id}`,
            en: `Add: ${SECRET_NOTE.en}; update: {id}`,
          },
        },
      },
    },
    async (request) => {
      const { id, version } = parseBody(meta, request.body);
      const parsed = parseBody(psclientAppContract.input, request.body) as Record<string, unknown>;
      const input = Object.fromEntries(psclientAppContract.inputKeys.map((k) => [k, parsed[k]]));
      const call = callOf(request);
      await assertPermission(db, call.user, id ? EDIT : ADD);
      await appTable.beforeSave?.(call, input, id);
      const row = {
        clientId: String(input.clientId),
        appName: String(input.appName),
        callbackUrl: (input.callbackUrl as string | undefined) ?? null,
        ipAllowlist: storedAllowlist(input.ipAllowlist as string | undefined),
        rateLimit: Number(input.rateLimit),
        enabled: Number(input.enabled),
        remark: (input.remark as string | undefined) ?? null,
      };
      const now = nowText();
      if (id) {
        await db.transaction().execute(async (trx) => {
          let q = trx
            .updateTable('bladePsclientApp')
            .set({
              ...row,
              updateUser: call.user.userId,
              updateTime: now,
              version: sql<number>`version + 1`,
            })
            .where('id', '=', id)
            .where('tenantId', '=', call.user.tenantId)
            .where('isDeleted', '=', 0);
          if (version !== undefined) q = q.where('version', '=', version);
          const result = await q.executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) {
            const exists = await trx
              .selectFrom('bladePsclientApp')
              .select('id')
              .where('id', '=', id)
              .where('tenantId', '=', call.user.tenantId)
              .where('isDeleted', '=', 0)
              .executeTakeFirst();
            assertUpdated(result.numUpdatedRows, !!exists);
          }
          // The prepay account follows the app to another party.
          await trx
            .updateTable('bladePsclientAppPrepay')
            .set({ clientId: row.clientId })
            .where('tenantId', '=', call.user.tenantId)
            .where('appId', '=', id)
            .where('clientId', '<>', row.clientId)
            .execute();
        });
        return ok({ id }, '修改成功');
      }
      // A new app: key, salt and its prepay account together. Another app drawing the same key
      // (2^-64) meets the unique index: draw again.
      for (let attempt = 1; ; attempt += 1) {
        const appId = nextId();
        const salt = newSecretSalt();
        const created = {
          id: appId,
          appKey: newAppKey(),
          secretHint: secretHintOf(appSecretOf(app.ctx, { id: appId, secretSalt: salt })),
          secretTime: now,
        };
        try {
          await db.transaction().execute(async (trx) => {
            await trx
              .insertInto('bladePsclientApp')
              .values({
                ...created,
                tenantId: call.user.tenantId,
                ...row,
                secretSalt: salt,
                ...insertAudit(call.user, now),
                version: 1,
              })
              .execute();
            await trx
              .insertInto('bladePsclientAppPrepay')
              .values({
                id: nextId(),
                tenantId: call.user.tenantId,
                appId,
                clientId: row.clientId,
                balance: 0,
                creditLimit: 0,
                warningAmount: null,
                prepayType: 1,
                warned: 0,
                ...insertAudit(call.user, now),
                version: 1,
              })
              .execute();
          });
        } catch (error) {
          if (isUniqueViolation(error) && attempt < 3) continue;
          throw error;
        }
        return ok(issued(created), '新增成功');
      }
    },
  );

  app.post(
    RESET_URL,
    {
      config: {
        access: perm(EDIT),
        idempotent: true,
        doc: {
          summary: {
            zh: '重置应用密钥（旧密钥立即失效）',
            en: "Reset an app's secret (the old one stops working at once)",
          },
          body: { schema: resetBody },
          response: SECRET_NOTE,
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const { id } = parseBody(resetBody, { id: param(request, 'id'), ...body });
      const salt = newSecretSalt();
      const hint = secretHintOf(appSecretOf(app.ctx, { id, secretSalt: salt }));
      const now = nowText();
      const result = await db
        .updateTable('bladePsclientApp')
        .set({
          secretSalt: salt,
          secretHint: hint,
          secretTime: now,
          updateUser: call.user.userId,
          updateTime: now,
          version: sql<number>`version + 1`,
        })
        .where('id', '=', id)
        .where('tenantId', '=', call.user.tenantId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw notFound();
      return ok(issued(await appOf(call, id)), '密钥已重置');
    },
  );

  app.get(
    `${BASE}/getByClientCode`,
    {
      config: {
        access: READ,
        doc: {
          summary: { zh: '接入方的应用', en: "An access party's apps" },
          query: [{ name: 'clientCode', type: 'string', required: true }],
          response: {
            zh: '应用列表（与 list 的记录相同，不含密钥）',
            en: 'The apps (as list records; never the secret)',
          },
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const rows = await db
        .selectFrom('bladePsclientApp as a')
        .innerJoin('bladePsclient as c', (join) =>
          join.onRef('c.id', '=', 'a.clientId').onRef('c.tenantId', '=', 'a.tenantId'),
        )
        .select(APP_COLUMNS.map((c) => `a.${c}` as const))
        .select('c.clientName')
        .where('a.tenantId', '=', call.user.tenantId)
        .where('c.clientCode', '=', requiredParam(request, 'clientCode'))
        .where('a.isDeleted', '=', 0)
        .where('c.isDeleted', '=', 0)
        .orderBy('a.createTime', 'desc')
        .orderBy('a.id', 'desc')
        .execute();
      return ok(presentApps(call, rows).map(wire));
    },
  );

  /** The tenant's live products, optionally only `ids`. */
  const productsOf = (call: TableCall) =>
    call.db
      .selectFrom('bladePsclientProduct')
      .select(['id', 'productCode', 'productName', 'salePrice', 'enabled'])
      .where('tenantId', '=', call.user.tenantId)
      .where('isDeleted', '=', 0);

  app.get(
    `${BASE}/listAuth`,
    {
      config: {
        access: perm(codes.menu, codes.view!, APP_AUTH_CODE),
        doc: {
          summary: { zh: '应用可下单的产品', en: 'The products an app may order' },
          query: [{ name: 'appId', type: 'string', required: true }],
          response: {
            zh: '{appId, authorised: [{id, productCode, productName, salePrice（元）, enabled}], available: 租户的其他产品}',
            en: "{appId, authorised: [{id, productCode, productName, salePrice (yuan), enabled}], available: the tenant's other products}",
          },
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const { id } = await appOf(call, requiredParam(request, 'appId'));
      const [granted, products] = await Promise.all([
        db
          .selectFrom('bladePsclientAppProduct')
          .select('productId')
          .where('tenantId', '=', call.user.tenantId)
          .where('appId', '=', id)
          .execute(),
        productsOf(call).orderBy('productCode').orderBy('id').execute(),
      ]);
      const chosen = new Set(granted.map((g) => g.productId));
      const shown = products.map((p) => ({ ...p, salePrice: fenToYuan(Number(p.salePrice)) }));
      return ok({
        appId: id,
        authorised: shown.filter((p) => chosen.has(p.id)),
        available: shown.filter((p) => !chosen.has(p.id)),
      });
    },
  );

  app.post(
    `${BASE}/authConfig`,
    {
      config: {
        access: perm(APP_AUTH_CODE),
        doc: {
          summary: {
            zh: '设置应用可下单的产品（替换原有授权）',
            en: 'Set the products an app may order (replaces them)',
          },
          body: { schema: authBody },
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const { appId, productIds } = parseBody(authBody, request.body);
      const wanted = [...new Set(productIds)];
      await appOf(call, appId);
      const found =
        wanted.length === 0 ? [] : await productsOf(call).where('id', 'in', wanted).execute();
      if (found.length !== wanted.length)
        throw badRequest(`productIds:${PSCLIENT_APP_REFUSALS.productMissing.zh}`);
      const now = nowText();
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('bladePsclientAppProduct')
          .where('tenantId', '=', call.user.tenantId)
          .where('appId', '=', appId)
          .execute();
        if (wanted.length > 0)
          await trx
            .insertInto('bladePsclientAppProduct')
            .values(
              wanted.map((productId) => ({
                id: nextId(),
                tenantId: call.user.tenantId,
                appId,
                productId,
                createUser: call.user.userId,
                createTime: now,
              })),
            )
            .execute();
      });
      return okStatus('保存成功');
    },
  );

  app.get(
    `${BASE}/listIpAddress`,
    {
      config: {
        access: perm(codes.menu, codes.view!, APP_IP_CODE),
        doc: {
          summary: { zh: '应用的IP白名单', en: "An app's IP allowlist" },
          query: [{ name: 'appId', type: 'string', required: true }],
          response: {
            zh: '地址或CIDR网段的数组；空数组：不限来源地址',
            en: 'An array of addresses or CIDR ranges; empty: any address',
          },
        },
      },
    },
    async (request) => {
      const row = await appOf(callOf(request), requiredParam(request, 'appId'));
      return ok(parseIpAllowlist(row.ipAllowlist).entries);
    },
  );

  app.post(
    `${BASE}/saveIpAddress`,
    {
      config: {
        access: perm(APP_IP_CODE),
        doc: {
          summary: { zh: '设置应用的IP白名单', en: "Set an app's IP allowlist" },
          body: {
            schema: ipBody,
            description: {
              zh: 'ipAllowlist：每行一个IPv4/IPv6地址或CIDR网段，留空不限来源地址',
              en: 'ipAllowlist: one IPv4/IPv6 address or CIDR range a line; empty: any address',
            },
          },
        },
      },
    },
    async (request) => {
      const call = callOf(request);
      const { appId, ipAllowlist } = parseBody(ipBody, request.body);
      if (ipAllowlist.length > 4000) throw badInput('ipAllowlist:长度不能超过4000个字符');
      const stored = storedAllowlist(ipAllowlist);
      const result = await db
        .updateTable('bladePsclientApp')
        .set({
          ipAllowlist: stored,
          updateUser: call.user.userId,
          updateTime: nowText(),
          version: sql<number>`version + 1`,
        })
        .where('id', '=', appId)
        .where('tenantId', '=', call.user.tenantId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw notFound();
      return ok(parseIpAllowlist(stored).entries, '保存成功');
    },
  );
}
