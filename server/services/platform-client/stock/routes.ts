import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  appStockContract,
  STOCK_CALLS,
  STOCK_CODES,
  STOCK_MAX,
  STOCK_REASON_MAX,
  STOCK_TEXTS,
} from '../../../../src/contracts/platform-client/app-stock.js';
import { currentUser, perm } from '../../../auth/index.js';
import { isUniqueViolation } from '../../../db/unique.js';
import { ok } from '../../../lib/envelope.js';
import { badInput, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { bodyObject } from '../../../lib/params.js';
import { withReferencesChecked } from '../../../lib/table/contract-hooks.js';
import { tableRoutes, type TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { checkFields, parseBody } from '../../../lib/validation.js';
import { changeAppStock } from './ledger.js';
import { appStockRecordTable, appStockTable } from './table.js';

/**
 * Client app stock (issue 27 item 6): the engine serves both lists and their exports; these are
 * the writes, each behind its button and an Idempotency-Key, every quantity move through the
 * ledger (ledger.ts) in one transaction. Reads and writes are bound to the token's tenant
 * (another tenant's row: 404).
 */

const api = (path: string) => `/api/${path}`;
const ID = /^[A-Za-z0-9_-]{1,32}$/;
const PRODUCT_TAKEN = `productId:${appStockContract.fields.productId.unique.zh}`;

/** A row of the tenant as the list answers it. */
async function answerRow(app: FastifyInstance, tenantId: string, id: string) {
  const row = await app.ctx.db
    .selectFrom('bladeClientAppStock')
    .select(['id', 'appId', 'productId', 'quantity', 'warnQuantity', 'version'])
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { ...row, quantity: Number(row.quantity) };
}

function idOf(request: FastifyRequest): string {
  const id = bodyObject(request).id;
  if (typeof id !== 'string' || !ID.test(id)) throw notFound();
  return id;
}

/** A whole number in the body, or undefined when it is not one. */
function wholeOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

export default async function appStockRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db;
  await app.register(tableRoutes(appStockTable));
  await app.register(tableRoutes(appStockRecordTable));
  const checkRefs = withReferencesChecked(appStockContract, undefined)!;

  app.post(
    api(STOCK_CALLS.submit),
    {
      config: {
        access: perm(STOCK_CODES.add),
        idempotent: true,
        doc: {
          summary: {
            zh: '新增应用库存：应用与产品各一，期初数量记为一条“增加”记录（同一应用同一产品只能有一条：409）',
            en: 'Add app stock: an app and a product, the opening quantity as an "add" record (one row per app and product: 409)',
          },
          body: {
            contentType: 'application/json',
            description: {
              zh: '{appId, productId, quantity: 0到99999999, warnQuantity?: 预警数量}',
              en: '{appId, productId, quantity: 0 to 99999999, warnQuantity?}',
            },
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const input = parseBody(appStockContract.input, request.body);
      const call: TableCall = { ctx: app.ctx, db, user };
      await checkRefs(call, input as never, undefined);
      const appRow = await db
        .selectFrom('bladePsclientApp')
        .select('clientId')
        .where('tenantId', '=', user.tenantId)
        .where('id', '=', input.appId)
        .executeTakeFirstOrThrow();
      const id = nextId();
      const now = nowText();
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('bladeClientAppStock')
            .values({
              id,
              tenantId: user.tenantId,
              appId: input.appId,
              clientId: appRow.clientId,
              productId: input.productId,
              quantity: 0,
              warnQuantity: input.warnQuantity ?? null,
              createUser: user.userId,
              createDept: null,
              createTime: now,
              updateUser: null,
              updateTime: null,
              status: 1,
              isDeleted: 0,
              version: 1,
            })
            .execute();
          if (input.quantity > 0)
            await changeAppStock(trx, {
              tenantId: user.tenantId,
              id,
              quantity: input.quantity,
              reason: STOCK_TEXTS.opening.zh,
              sourceId: id,
              userId: user.userId,
            });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(PRODUCT_TAKEN);
        throw err;
      }
      return ok(await answerRow(app, user.tenantId, id), '新增成功');
    },
  );

  app.post(
    api(STOCK_CALLS.change),
    {
      config: {
        access: perm(STOCK_CODES.change),
        idempotent: true,
        doc: {
          summary: {
            zh: '库存增减：quantity 为正增加、为负扣减（不能扣到0以下），须填原因；Idempotency-Key 相同只变动一次',
            en: 'Add to or deduct from a stock (never below 0), with a reason; one change per Idempotency-Key',
          },
          body: {
            contentType: 'application/json',
            description: {
              zh: `{id, quantity: 不为0的整数, reason: 不超过${STOCK_REASON_MAX}字}`,
              en: `{id, quantity: a non-zero whole number, reason: at most ${STOCK_REASON_MAX}}`,
            },
          },
          response: { zh: '{id, quantity: 变动后数量, ...}', en: '{id, quantity: after, ...}' },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = bodyObject(request);
      const checked = checkFields({
        quantity: () => {
          const n = wholeOf(body.quantity);
          if (n === undefined || n === 0 || Math.abs(n) > STOCK_MAX)
            throw badInput(`quantity:${STOCK_TEXTS.changeQuantity.zh}`);
          return n;
        },
        reason: () => {
          const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
          if (!reason) throw badInput(`reason:${STOCK_TEXTS.reason.zh}`);
          if ([...reason].length > STOCK_REASON_MAX)
            throw badInput(`reason:${STOCK_TEXTS.reasonLength.zh}`);
          return reason;
        },
      });
      const id = idOf(request);
      await db.transaction().execute((trx) =>
        changeAppStock(trx, {
          tenantId: user.tenantId,
          id,
          quantity: checked.quantity,
          reason: checked.reason,
          sourceId: nextId(),
          userId: user.userId,
        }),
      );
      return ok(await answerRow(app, user.tenantId, id), '操作成功');
    },
  );

  app.post(
    api(STOCK_CALLS.warn),
    {
      config: {
        access: perm(STOCK_CODES.warn),
        idempotent: true,
        doc: {
          summary: {
            zh: '预警设置：库存低于预警数量时标红（null 或空为不预警）',
            en: 'Warning quantity: a stock below it is marked (null or empty: none)',
          },
          body: {
            contentType: 'application/json',
            description: { zh: '{id, warnQuantity: 整数或null}', en: '{id, warnQuantity}' },
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = bodyObject(request);
      const { range } = appStockContract.fields.warnQuantity;
      const { warnQuantity } = checkFields({
        warnQuantity: () => {
          const value = body.warnQuantity;
          if (value === undefined || value === null || value === '') return null;
          const n = wholeOf(value);
          if (n === undefined || n < range.min || n > range.max)
            throw badInput(`warnQuantity:${range.message.zh}`);
          return n;
        },
      });
      const id = idOf(request);
      const result = await db
        .updateTable('bladeClientAppStock')
        .set({
          warnQuantity,
          updateUser: user.userId,
          updateTime: nowText(),
          version: sql<number>`version + 1`,
        })
        .where('tenantId', '=', user.tenantId)
        .where('id', '=', id)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw notFound();
      return ok(await answerRow(app, user.tenantId, id), '设置成功');
    },
  );
}
