import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  PRODUCT_REFUSALS,
  PSCLIENT_PRODUCT,
  type ProductMedia,
  type ProductMediaAnswer,
} from '../../../../src/contracts/platform-client/psclient-product.js';
import { perm } from '../../../auth/index.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { idList, param, requiredParam } from '../../../lib/params.js';
import type { TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { escapeLike, likeExpr } from '../../../lib/query.js';
import { callOf } from '../../shared/call.js';
import { code, FORM, PRODUCT_READ, productOf, productQuery, text } from './calls.js';
import { mediaList } from './table.js';

/**
 * The product form's calls and the shelf: listPicAndVideo, media-options, judge-product-code,
 * exist-product-code and shelfConfig.
 */
export default async function productFormRoutes(app: FastifyInstance): Promise<void> {
  const base = `/api/${PSCLIENT_PRODUCT}`;

  app.get(
    `${base}/listPicAndVideo`,
    {
      config: {
        access: PRODUCT_READ,
        doc: {
          summary: text('产品的图片和视频', "A product's pictures and videos"),
          query: productQuery,
          response: text(
            '{productId, pictures: [{id, name, link}], videos: [{id, name, link}]}，按设置的顺序；已从素材库删除的不返回',
            '{productId, pictures: [{id, name, link}], videos: [{id, name, link}]} in their order; ones removed from the stock are left out',
          ),
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const product = await productOf(call, requiredParam(request, 'productId'));
      const read = async (table: 'bladePic' | 'bladeVideo', ids: string[]) => {
        if (ids.length === 0) return [];
        const rows = await call.db
          .selectFrom(table)
          .select(['id', 'name', 'link'])
          .where('tenantId', '=', call.user.tenantId)
          .where('isDeleted', '=', 0)
          .where('id', 'in', ids)
          .execute();
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.flatMap((id) => {
          const r = byId.get(id);
          return r ? [{ id: r.id, name: r.name, link: r.link } satisfies ProductMedia] : [];
        });
      };
      const answer: ProductMediaAnswer = {
        productId: product.id,
        pictures: await read('bladePic', mediaList(product.pictures)),
        videos: await read('bladeVideo', mediaList(product.videos)),
      };
      return ok(answer);
    },
  );

  app.get(
    `${base}/media-options`,
    {
      config: {
        access: FORM,
        doc: {
          summary: text('产品表单可选的图片或视频', 'Pictures or videos the product form offers'),
          query: [
            { name: 'kind', type: 'string', required: true, enum: ['picture', 'video'] },
            { name: 'name', type: 'string', description: text('名称包含', 'Name contains') },
          ],
          response: text(
            '[{id, name, link}]：素材库中最新的500个',
            '[{id, name, link}]: the newest 500 of the stock',
          ),
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const kind = param(request, 'kind');
      if (kind !== 'picture' && kind !== 'video') throw badRequest('kind:参数格式错误');
      const name = param(request, 'name');
      let q = call.db
        .selectFrom(kind === 'picture' ? 'bladePic' : 'bladeVideo')
        .select(['id', 'name', 'link'])
        .where('tenantId', '=', call.user.tenantId)
        .where('isDeleted', '=', 0);
      if (name) q = q.where(likeExpr('name', `%${escapeLike(name)}%`, app.ctx.dialect));
      const rows = await q.orderBy('createTime', 'desc').orderBy('id', 'desc').limit(500).execute();
      return ok(rows satisfies ProductMedia[]);
    },
  );

  /** Whether a live product of the tenant other than `id` has the code. */
  const codeTaken = async (call: TableCall, productCode: string, id?: string) => {
    let q = call.db
      .selectFrom('bladePsclientProduct')
      .select('id')
      .where('tenantId', '=', call.user.tenantId)
      .where('productCode', '=', productCode)
      .where('isDeleted', '=', 0);
    if (id) q = q.where('id', '<>', id);
    return (await q.executeTakeFirst()) !== undefined;
  };
  const codeParam = (request: FastifyRequest) => {
    const value = param(request, 'productCode')?.trim();
    if (!value) throw badRequest(`productCode:${PRODUCT_REFUSALS.productCode.zh}`);
    return value;
  };

  app.get(
    `${base}/judge-product-code`,
    {
      config: {
        access: FORM,
        doc: {
          summary: text('产品编码是否可用于该产品', 'Whether the code is free for this product'),
          query: [
            { name: 'productCode', type: 'string', required: true },
            {
              name: 'id',
              type: 'string',
              description: text('编辑的产品id；新增不传', 'The product edited; none for a new one'),
            },
          ],
          response: text(
            'true：没有其他在用产品使用该编码；false：已被占用',
            'true: no other live product has the code; false: taken',
          ),
        },
      },
    },
    async (request) =>
      ok(!(await codeTaken(callOf(app, request), codeParam(request), param(request, 'id')))),
  );

  app.get(
    `${base}/exist-product-code`,
    {
      config: {
        access: FORM,
        doc: {
          summary: text('是否存在该编码的产品', 'Whether a live product has the code'),
          query: [{ name: 'productCode', type: 'string', required: true }],
          response: text('true：存在；false：不存在', 'true: one has it; false: none'),
        },
      },
    },
    async (request) => ok(await codeTaken(callOf(app, request), codeParam(request))),
  );

  const shelfBody = z.object({
    onShelf: z.preprocess(
      (v) => (v === 1 || v === '1' || v === true ? 1 : v === 0 || v === '0' || v === false ? 0 : v),
      z.union([z.literal(0), z.literal(1)], { error: PRODUCT_REFUSALS.onShelf.zh }),
    ),
  });

  app.post(
    `${base}/shelfConfig`,
    {
      config: {
        access: perm(code('shelf')),
        doc: {
          summary: text('产品上架/下架', 'Products on or off the shelf'),
          query: [
            {
              name: 'ids',
              type: 'string',
              required: true,
              description: text(
                '产品id，逗号分隔（也可在JSON体中）',
                'Product ids, comma-joined (or in the JSON body)',
              ),
            },
            { name: 'onShelf', type: 'integer', required: true, enum: ['0', '1'] },
          ],
          body: { description: text('{ids: [...], onShelf: 1|0}', '{ids: [...], onShelf: 1|0}') },
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const ids = [...new Set(idList(request))];
      const { onShelf } = parseBody(shelfBody, {
        onShelf:
          param(request, 'onShelf') ?? (request.body as { onShelf?: unknown } | undefined)?.onShelf,
      });
      await call.db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('bladePsclientProduct')
          .set({
            onShelf,
            updateUser: call.user.userId,
            updateTime: nowText(),
            version: sql<number>`version + 1`,
          })
          .where('id', 'in', ids)
          .where('tenantId', '=', call.user.tenantId)
          .where('isDeleted', '=', 0)
          .executeTakeFirst();
        // All or nothing: an id that is not the caller's live product undoes the rest.
        if (Number(changed.numUpdatedRows) !== ids.length) throw notFound();
      });
      return okStatus(onShelf === 1 ? '上架成功' : '下架成功');
    },
  );
}
