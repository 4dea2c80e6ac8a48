import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badInput, conflict, notFound } from '../../../lib/errors.js';
import { param } from '../../../lib/params.js';
import { nowText } from '../../../lib/time.js';
import { checkFields } from '../../../lib/validation.js';
import {
  APP_PREPAY,
  APP_PREPAY_WARNING_CODES,
  moneyFen,
  positiveFen,
  PREPAY_CODES,
  PREPAY_REFUSALS as R,
  PSCLIENT_PREPAY,
} from '../../../../src/contracts/platform-client/app-prepay.js';
import { api, fenOf, ID, raw, READ } from './calls.js';
import { clientPrepay, prepayById, prepayOfApp, prepayWarnings, WARNED } from './repository.js';

const MAX_WARNINGS = 50;

/**
 * An app prepay's settings and reads: getCurrentPrepay, updateWarning, updatePrepayType,
 * warnings, and the access party's sums (psclient-prepay/get).
 */
export default async function prepaySettingRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db;

  app.get(
    api(`${APP_PREPAY}/getCurrentPrepay`),
    {
      config: {
        // The app screen shows its app's prepay too.
        access: perm(...READ, 'client_app', 'client_app_view'),
        doc: {
          summary: { zh: '应用当前预存', en: "An app's current prepay" },
          query: [{ name: 'appId', type: 'string', required: true }],
        },
      },
    },
    async (request) => {
      const appId = param(request, 'appId');
      if (!appId) throw badInput(`appId:${R.app.zh}`);
      const found = ID.test(appId)
        ? await prepayOfApp(db, currentUser(request).tenantId, appId)
        : undefined;
      if (!found) throw notFound();
      return ok(found);
    },
  );

  /** Sets columns of one account (`guard`: a condition it must meet, else 409); none: 404. */
  async function settle(
    request: FastifyRequest,
    set: Record<string, unknown>,
    guard?: RawBuilder<boolean>,
  ) {
    const user = currentUser(request);
    const id = param(request, 'id');
    if (!id || !ID.test(id)) throw notFound();
    let q = db
      .updateTable('bladePsclientAppPrepay')
      .set({
        ...set,
        updateUser: user.userId,
        updateTime: nowText(),
        version: sql<number>`version + 1`,
      })
      .where('tenantId', '=', user.tenantId)
      .where('id', '=', id)
      .where('isDeleted', '=', 0);
    if (guard) q = q.where(guard);
    const result = await q.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      if (guard && (await prepayById(db, user.tenantId, id))) throw conflict(R.limitBelowDebt.zh);
      throw notFound();
    }
    return ok(await prepayById(db, user.tenantId, id), '设置成功');
  }

  app.post(
    api(`${APP_PREPAY}/updateWarning`),
    {
      config: {
        access: perm(PREPAY_CODES.warn),
        idempotent: true,
        doc: {
          summary: {
            zh: '预警设置：余额低于预警金额时提醒（null 或空为不预警）',
            en: 'Warning amount: a balance below it is warned of (null or empty: none)',
          },
          body: {
            description: { zh: '{id, warningAmount: 元或null}', en: '{id, warningAmount}' },
          },
        },
      },
    },
    async (request) => {
      const { warningAmount } = checkFields({
        warningAmount: () => {
          const value = raw(request, 'warningAmount');
          if (value === undefined) throw badInput(`warningAmount:${R.warning.zh}`);
          if (value === null || value === '') return null;
          return fenOf(value, 'warningAmount', moneyFen, R.money.zh);
        },
      });
      // The flag follows the new amount (SET reads the row as it was: the balance).
      const warned =
        warningAmount === null
          ? 0
          : sql<number>`case when balance < ${warningAmount} then 1 else 0 end`;
      return settle(request, { warningAmount, warned });
    },
  );

  app.post(
    api(`${APP_PREPAY}/updatePrepayType`),
    {
      config: {
        access: perm(PREPAY_CODES.type),
        idempotent: true,
        doc: {
          summary: {
            zh: '预存类型：1 预付（授信额度为0），2 授信（授信额度大于0）；余额已低于新下限时 409',
            en: 'Prepay type: 1 prepaid (credit line 0), 2 credit line (> 0); 409 when the balance is already below the new floor',
          },
          body: {
            description: {
              zh: '{id, prepayType: 1|2, creditLimit: 元}',
              en: '{id, prepayType: 1|2, creditLimit: yuan}',
            },
          },
        },
      },
    },
    async (request) => {
      const typeRaw = raw(request, 'prepayType');
      const { prepayType, creditLimit } = checkFields({
        prepayType: () => {
          if (String(typeRaw) !== '1' && String(typeRaw) !== '2')
            throw badInput(`prepayType:${R.prepayType.zh}`);
          return Number(typeRaw);
        },
        creditLimit: () =>
          String(typeRaw) !== '2'
            ? 0
            : fenOf(raw(request, 'creditLimit'), 'creditLimit', positiveFen, R.creditLimit.zh),
      });
      return settle(
        request,
        { prepayType, creditLimit, warned: WARNED },
        sql<boolean>`balance >= ${-creditLimit}`,
      );
    },
  );

  app.get(
    api(`${APP_PREPAY}/warnings`),
    {
      config: {
        access: perm(...APP_PREPAY_WARNING_CODES),
        doc: {
          summary: {
            zh: '预存余额预警：余额低于预警金额的应用（数量与差额最大的 size 个，默认5，最多50）',
            en: 'Prepay warnings: apps below their warning amount (count and the furthest `size`, default 5, at most 50)',
          },
          query: [{ name: 'size', type: 'integer' }],
        },
      },
    },
    async (request) => {
      const asked = Number(param(request, 'size') ?? 5);
      const size = Number.isInteger(asked) ? Math.min(MAX_WARNINGS, Math.max(0, asked)) : 5;
      return ok(await prepayWarnings(db, currentUser(request).tenantId, size));
    },
  );

  app.get(
    api(`${PSCLIENT_PREPAY}/get`),
    {
      config: {
        access: perm(...READ, 'client', 'client_view'),
        doc: {
          summary: {
            zh: '接入方预存：各应用预存及其合计',
            en: "An access party's prepay: its apps' accounts and their sums",
          },
          query: [{ name: 'clientId', type: 'string', required: true }],
        },
      },
    },
    async (request) => {
      const clientId = param(request, 'clientId');
      if (!clientId) throw badInput(`clientId:${R.client.zh}`);
      const found = ID.test(clientId)
        ? await clientPrepay(db, currentUser(request).tenantId, clientId)
        : undefined;
      if (!found) throw notFound();
      return ok(found);
    },
  );
}
