import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, okStatus } from '../../../lib/envelope.js';
import { idList, queryMap, requiredParam } from '../../../lib/params.js';
import { versionField } from '../../../lib/table/fields.js';
import { parseBody, requiredText } from '../../../lib/validation.js';
import { currentUser, perm, assertPermission } from '../../../auth/index.js';
import { listQuery, type RouteDocInput } from '../../../lib/api-doc/index.js';
import { idArray, optionalId, optionalInt, optionalText } from '../menu/input.js';
import {
  TOP_MENU_LIST,
  getTopMenu,
  grantTopMenus,
  listTopMenus,
  removeTopMenus,
  saveTopMenu,
} from './repository.js';

const topMenuInput = z.object({
  id: optionalId,
  name: requiredText('请输入顶部菜单名称', 100),
  code: requiredText('请输入顶部菜单编号', 100),
  nameEn: optionalText(100),
  source: optionalText(100),
  path: optionalText(500),
  sort: optionalInt('排序须为整数'),
  version: versionField,
});

const grantInput = z.object({
  topMenuIds: idArray('请选择顶部菜单').refine(
    (ids) => ids.length <= 100,
    '一次最多设置100个顶部菜单',
  ),
  menuIds: idArray('请选择菜单'),
});

const READ = perm('top_menu', 'top_menu_view');

/** The top menu list in the API reference (lib/api-doc). */
const LIST_DOC: RouteDocInput = {
  summary: { zh: '顶部菜单分页列表（本租户）', en: "Paged top menus of the caller's tenant" },
  query: listQuery(TOP_MENU_LIST),
  response: {
    zh: '分页：records、total、size、current、pages',
    en: 'A page: records, total, size, current, pages',
  },
};

/** /api/blade-system/topmenu: the caller's tenant's top-bar entries and their menus. */
export default async function topmenuRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-system/topmenu';

  app.get(`${base}/list`, { config: { access: READ, doc: LIST_DOC } }, async (request) =>
    ok(await listTopMenus(ctx, currentUser(request), queryMap(request))),
  );

  app.get(`${base}/detail`, { config: { access: READ } }, async (request) =>
    ok(await getTopMenu(ctx, currentUser(request), requiredParam(request, 'id'))),
  );

  app.post(
    `${base}/submit`,
    { config: { access: perm('top_menu_add', 'top_menu_edit') } },
    async (request) => {
      const input = parseBody(topMenuInput, request.body);
      const user = currentUser(request);
      await assertPermission(ctx.db, user, input.id ? 'top_menu_edit' : 'top_menu_add');
      const id = await saveTopMenu(ctx, user, input);
      return ok({ id }, input.id ? '修改成功' : '新增成功');
    },
  );

  app.post(`${base}/remove`, { config: { access: perm('top_menu_delete') } }, async (request) => {
    await removeTopMenus(ctx, currentUser(request), idList(request));
    return okStatus('删除成功');
  });

  app.post(`${base}/grant`, { config: { access: perm('top_menu_grant') } }, async (request) => {
    await grantTopMenus(ctx, currentUser(request), parseBody(grantInput, request.body));
    return okStatus('操作成功');
  });
}
