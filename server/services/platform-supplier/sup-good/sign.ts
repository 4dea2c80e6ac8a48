import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  SUP_GOOD,
  SUP_GOOD_REFUSALS,
  supGoodContract,
} from '../../../../src/contracts/platform-supplier/sup-good.js';
import type { RouteDocInput } from '../../../lib/api-doc/types.js';
import { currentUser, perm, type AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { idList, queryMap, requiredParam } from '../../../lib/params.js';
import { paged, type ListSpec } from '../../../lib/query.js';
import { assertUpdated, insertAudit, wire } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';

const MENU = supGoodContract.codes.menu;
const WRITE = perm(`${MENU}_sign_config`);
const READ = perm(MENU, `${MENU}_view`, `${MENU}_sign_config`);
/** The API reference's entry (lib/api-doc) of a route. */
const doc = (zh: string, en: string): RouteDocInput => ({ summary: { zh, en } });
const REMOVE_DOC = doc('删除签名参数（?ids=）', 'Remove sign parameters (?ids=)');
export const PARAM_TAKEN = `paramName:${SUP_GOOD_REFUSALS.paramTaken.zh}`;

const ID = /^[A-Za-z0-9_-]{1,32}$/;

/** A sign config as submitted: the good, the parameter's name and value, its order. */
const signInput = z.object({
  goodId: z.string({ error: 'goodId:请选择商品' }).regex(ID, 'goodId:请选择商品'),
  paramName: z
    .string({ error: 'paramName:请输入参数名' })
    .trim()
    .min(1, 'paramName:请输入参数名')
    .max(64, 'paramName:长度不能超过64个字符')
    .regex(/^[A-Za-z0-9_.-]+$/, 'paramName:参数名只能包含字母、数字和_.-'),
  paramValue: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().max(500, 'paramValue:长度不能超过500个字符').optional(),
  ),
  sort: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : Number(v)),
    z
      .number()
      .int('sort:排序必须是整数')
      .min(0, 'sort:排序必须是整数')
      .max(9999, 'sort:排序必须是整数'),
  ),
  remark: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().max(500, 'remark:长度不能超过500个字符').optional(),
  ),
});
const updateInput = signInput.extend({
  id: z.string({ error: '缺少必要的请求参数: id' }).regex(ID),
  version: z.coerce.number().int().optional(),
});

const SIGN_COLUMNS = [
  'id',
  'goodId',
  'paramName',
  'paramValue',
  'sort',
  'remark',
  'version',
  'createTime',
] as const;

const LIST: ListSpec = {
  filters: {
    goodId: { column: 'goodId', default: 'equal' },
    paramName: { column: 'paramName', default: 'like' },
  },
  sorts: { sort: 'sort', paramName: 'paramName', createTime: 'createTime' },
};

/** The good must be a live good of the caller's tenant (404 otherwise). */
async function assertGood(ctx: AppContext, user: AuthUser, goodId: string) {
  const good = await ctx.db
    .selectFrom('bladeSupGood')
    .select('id')
    .where('id', '=', goodId)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!good) throw notFound();
}

async function assertFreeName(
  ctx: AppContext,
  user: AuthUser,
  goodId: string,
  paramName: string,
  exceptId?: string,
) {
  let q = ctx.db
    .selectFrom('bladeSupGoodSign')
    .select('id')
    .where('tenantId', '=', user.tenantId)
    .where('goodId', '=', goodId)
    .where('paramName', '=', paramName)
    .where('isDeleted', '=', 0);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw conflict(PARAM_TAKEN);
}

/**
 * The good interface sign configs (`sup-good/interface-sign/...`): the parameters that go into a
 * signed request for a good. list (paged, ?goodId=), goodInterfaceSigns?goodId= (in order), add,
 * update (POST), remove?ids= (GET, as the spec has it).
 */
export async function signRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = `/api/${SUP_GOOD}/interface-sign`;
  const live = (user: AuthUser) =>
    ctx.db
      .selectFrom('bladeSupGoodSign')
      .where('tenantId', '=', user.tenantId)
      .where('isDeleted', '=', 0);

  app.get(
    `${base}/list`,
    {
      config: {
        access: READ,
        doc: doc('签名配置列表（分页，?goodId=）', 'Sign configs (paged, ?goodId=)'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const page = await paged(
        live(user),
        (qb) => qb.select(SIGN_COLUMNS),
        queryMap(request),
        LIST,
        ctx.dialect,
        [
          { column: 'sort', direction: 'asc' },
          { column: 'id', direction: 'asc' },
        ],
      );
      return ok({ ...page, records: page.records.map(wire) });
    },
  );

  app.get(
    `${base}/goodInterfaceSigns`,
    {
      config: {
        access: READ,
        doc: doc(
          '商品的签名参数（?goodId=，按排序）',
          "A good's sign parameters (?goodId=, in order)",
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const goodId = requiredParam(request, 'goodId');
      await assertGood(ctx, user, goodId);
      const rows = await live(user)
        .select(SIGN_COLUMNS)
        .where('goodId', '=', goodId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return ok(rows.map(wire));
    },
  );

  app.post(
    `${base}/add`,
    {
      config: {
        access: WRITE,
        doc: doc(
          '新增签名参数（goodId, paramName, paramValue, sort）',
          'Add a sign parameter (goodId, paramName, paramValue, sort)',
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = parseBody(signInput, request.body);
      await assertGood(ctx, user, body.goodId);
      await assertFreeName(ctx, user, body.goodId, body.paramName);
      const id = nextId();
      await ctx.db
        .insertInto('bladeSupGoodSign')
        .values({
          id,
          tenantId: user.tenantId,
          goodId: body.goodId,
          paramName: body.paramName,
          paramValue: body.paramValue ?? null,
          sort: body.sort,
          remark: body.remark ?? null,
          ...insertAudit(user, nowText()),
          version: 1,
        })
        .execute();
      return ok({ id }, '新增成功');
    },
  );

  app.post(
    `${base}/update`,
    {
      config: {
        access: WRITE,
        doc: doc('修改签名参数（id, version, ...）', 'Update a sign parameter (id, version, ...)'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = parseBody(updateInput, request.body);
      await assertGood(ctx, user, body.goodId);
      await assertFreeName(ctx, user, body.goodId, body.paramName, body.id);
      let q = ctx.db
        .updateTable('bladeSupGoodSign')
        .set({
          goodId: body.goodId,
          paramName: body.paramName,
          paramValue: body.paramValue ?? null,
          sort: body.sort,
          remark: body.remark ?? null,
          updateUser: user.userId,
          updateTime: nowText(),
          version: sql<number>`version + 1`,
        })
        .where('id', '=', body.id)
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0);
      if (body.version !== undefined) q = q.where('version', '=', body.version);
      const result = await q.executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        const exists = await live(user).select('id').where('id', '=', body.id).executeTakeFirst();
        assertUpdated(result.numUpdatedRows, !!exists);
      }
      return ok({ id: body.id }, '修改成功');
    },
  );

  // remove?ids=: GET as the spec has it; POST too (the console's calls post).
  const remove = async (request: FastifyRequest) => {
    const user = currentUser(request);
    const ids = [...new Set(idList(request))];
    await ctx.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('bladeSupGoodSign')
        .select('id')
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0)
        .where('id', 'in', ids)
        .execute();
      if (found.length !== ids.length) throw notFound();
      await trx
        .updateTable('bladeSupGoodSign')
        .set({ isDeleted: 1, updateUser: user.userId, updateTime: nowText() })
        .where('tenantId', '=', user.tenantId)
        .where('id', 'in', ids)
        .execute();
    });
    return okStatus('删除成功');
  };
  app.get(`${base}/remove`, { config: { access: WRITE, doc: REMOVE_DOC } }, remove);
  app.post(`${base}/remove`, { config: { access: WRITE, doc: REMOVE_DOC } }, remove);
}
