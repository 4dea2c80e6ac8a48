import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, okStatus } from '../../../lib/envelope.js';
import { idList, queryMap, requiredParam } from '../../../lib/params.js';
import { parseBody, requiredText } from '../../../lib/validation.js';
import { currentUser, perm } from '../../../plugins/auth.js';
import { assertPermission } from '../../access.js';
import { getPost, listPosts, postOptions, removePosts, savePost } from './repository.js';

const blank = (v: unknown) => v === undefined || v === null || v === '';

const postInput = z.object({
  id: z.preprocess(
    (v) => (blank(v) ? undefined : String(v)),
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, '参数格式错误')
      .optional(),
  ),
  // dict post_category: 1 高层, 2 中层, 3 基层, 4 其他.
  category: z.preprocess(
    (v) => (blank(v) ? undefined : Number(v)),
    z
      .number({ error: '请选择岗位类型' })
      .int('请选择岗位类型')
      .min(1, '请选择岗位类型')
      .max(4, '请选择岗位类型'),
  ),
  postCode: requiredText(z, '请输入岗位编号', 32),
  postName: requiredText(z, '请输入岗位名称', 64),
  sort: z.preprocess(
    (v) => (blank(v) ? 0 : Number(v)),
    z
      .number({ error: '排序必须是整数' })
      .int('排序必须是整数')
      .min(-999999, '排序必须是整数')
      .max(999999, '排序必须是整数'),
  ),
  remark: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.string().max(255, '长度不能超过255个字符').optional(),
  ),
});

/** blade-system/post (contract.md 4.6): the caller's tenant only; user screens read posts too. */
export default async function postRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-system/post';
  const read = { config: { access: perm('post', 'post_view', 'user', 'user_info') } };

  app.get(`${base}/list`, read, async (request) =>
    ok(await listPosts(ctx, currentUser(request), queryMap(request))),
  );

  app.get(`${base}/detail`, read, async (request) =>
    ok(await getPost(ctx, currentUser(request), requiredParam(request, 'id'))),
  );

  // A tenantId parameter is ignored: the tenant comes from the token (decision 5).
  app.get(`${base}/select`, read, async (request) =>
    ok(await postOptions(ctx, currentUser(request))),
  );

  app.post(
    `${base}/submit`,
    { config: { access: perm('post_add', 'post_edit') } },
    async (request) => {
      const input = parseBody(postInput, request.body);
      const user = currentUser(request);
      await assertPermission(ctx.db, user, input.id ? 'post_edit' : 'post_add');
      const id = await savePost(ctx, user, input);
      return ok({ id }, input.id ? '修改成功' : '新增成功');
    },
  );

  app.post(`${base}/remove`, { config: { access: perm('post_delete') } }, async (request) => {
    await removePosts(ctx, currentUser(request), idList(request));
    return okStatus('删除成功');
  });
}
