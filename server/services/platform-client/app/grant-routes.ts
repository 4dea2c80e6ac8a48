import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { fenToYuan } from '../../../../src/contracts/money.js';
import {
  APP_AUTH_CODE,
  APP_IP_CODE,
  PSCLIENT_APP_REFUSALS,
  psclientAppContract,
} from '../../../../src/contracts/platform-client/psclient-app.js';
import { perm } from '../../../auth/index.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { badInput, badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { requiredParam } from '../../../lib/params.js';
import type { TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { callOf } from '../../shared/call.js';
import { idText, splitIds } from '../../shared/input.js';
import { appOf, BASE } from './calls.js';
import { parseIpAllowlist } from './ip-allowlist.js';
import { storedAllowlist } from './table.js';

const { codes } = psclientAppContract;

const authBody = z.object({
  appId: idText,
  productIds: z
    .preprocess(
      splitIds,
      z.array(idText, { error: `productIds:${PSCLIENT_APP_REFUSALS.productMissing.zh}` }),
    )
    .pipe(z.array(idText).max(1000, `productIds:${PSCLIENT_APP_REFUSALS.tooManyProducts.zh}`)),
});
const ipBody = z.object({
  appId: idText,
  ipAllowlist: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string()),
});

/** What an app may do: the products it may order (listAuth, authConfig) and its IP allowlist. */
export default async function appGrantRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

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
      const call = callOf(app, request);
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
      const call = callOf(app, request);
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
      const row = await appOf(callOf(app, request), requiredParam(request, 'appId'));
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
      const call = callOf(app, request);
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
