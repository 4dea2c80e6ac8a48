import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { psclientAppContract } from '../../../../src/contracts/platform-client/psclient-app.js';
import { assertPermission, perm } from '../../../auth/index.js';
import { isUniqueViolation } from '../../../db/unique.js';
import { ok } from '../../../lib/envelope.js';
import { notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { param } from '../../../lib/params.js';
import { assertUpdated, insertAudit } from '../../../lib/records.js';
import { idField, versionField } from '../../../lib/table/fields.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { callOf } from '../../shared/call.js';
import { idText } from '../../shared/input.js';
import { appOf, BASE } from './calls.js';
import { appSecretOf, newSecretSalt, secretHintOf } from './secret.js';
import appTable, { shownHint, storedAllowlist } from './table.js';

const { codes } = psclientAppContract;
const ADD = codes.add!;
const EDIT = codes.edit!;

/** The calls that answer a secret: a new app's submit and reset-secret. */
const SUBMIT_URL = `${BASE}/submit`;
const RESET_URL = `${BASE}/reset-secret`;

/** 'qk' + 16 hex characters: public, unique across tenants (a live unique index). */
const newAppKey = () => `qk${randomBytes(8).toString('hex')}`;

const meta = z.object({ id: idField, version: versionField });
const resetBody = z.object({ id: idText });

const SECRET_NOTE = {
  zh: '{id, appKey, secretHint, secretTime, appSecret}：appSecret 只在这一次返回，之后无法再查看（同一 Idempotency-Key 的重发除外）',
  en: '{id, appKey, secretHint, secretTime, appSecret}: appSecret is answered this once and can never be read again (except by a repeat with the same Idempotency-Key)',
};

/**
 * An app's secret: submit (a new app: its appKey, secret salt and prepay account in one
 * transaction) and reset-secret.
 *
 * The secret travels once: the two calls that issue one answer without it, and this plugin's
 * onSend adds `appSecret`, derived from the app's current salt. The idempotency store
 * (lib/idempotency), whose onSend runs before this one, so keeps the answer without the secret,
 * and a repeat with the same key gets it derived again: nothing at rest ever holds it.
 */
export default async function appSecretRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

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
      const call = callOf(app, request);
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
      const call = callOf(app, request);
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
}
