import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, okStatus } from '../../../lib/envelope.js';
import { idList, queryMap, requiredParam } from '../../../lib/params.js';
import { parseBody, requiredText } from '../../../lib/validation.js';
import { currentUser, perm } from '../../../plugins/auth.js';
import { assertPermission } from '../../access.js';
import { getParam, listParams, removeParams, saveParam } from './repository.js';

const paramInput = z.object({
  id: z.coerce.string().max(32).optional(),
  paramName: requiredText(z, '请输入参数名称', 255),
  paramKey: requiredText(z, '请输入参数键名', 255),
  paramValue: requiredText(z, '请输入参数键值', 2000),
  remark: z.string().max(255).optional(),
  version: z.coerce.number().int().optional(),
});

/** blade-system/param: list, detail, submit, remove (spec section 5: name, key and value required). */
export default async function paramRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-system/param';

  app.get(`${base}/list`, { config: { access: perm('param', 'param_view') } }, async (request) =>
    ok(await listParams(ctx, currentUser(request), queryMap(request))),
  );

  app.get(`${base}/detail`, { config: { access: perm('param', 'param_view') } }, async (request) =>
    ok(await getParam(ctx, currentUser(request), requiredParam(request, 'id'))),
  );

  app.post(
    `${base}/submit`,
    { config: { access: perm('param_add', 'param_edit') } },
    async (request) => {
      const input = parseBody(paramInput, request.body);
      const user = currentUser(request);
      await assertPermission(ctx.db, user, input.id ? 'param_edit' : 'param_add');
      const id = await saveParam(ctx, user, input);
      return ok({ id }, input.id ? '修改成功' : '新增成功');
    },
  );

  app.post(`${base}/remove`, { config: { access: perm('param_delete') } }, async (request) => {
    await removeParams(ctx, currentUser(request), idList(request));
    return okStatus('删除成功');
  });
}
