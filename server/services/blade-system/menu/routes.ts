import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cachedForGrants, grantsKey } from '../../../auth/grants-cache.js';
import { z } from 'zod';
import { ok, okStatus } from '../../../lib/envelope.js';
import { idList, param, queryMap, requiredParam } from '../../../lib/params.js';
import { versionField } from '../../../lib/table/fields.js';
import { parseBody, requiredText } from '../../../lib/validation.js';
import { SIGNED_IN, SUPER_ADMIN, currentUser, perm, type AuthUser } from '../../../auth/index.js';
import { commaIds, optionalId, optionalInt, optionalParentId, optionalText } from './input.js';
import {
  grantTree,
  heldScreenTree,
  roleTreeKeys,
  topTreeKeys,
  userButtons,
  userRoutes,
  userTopMenus,
} from './navigation.js';
import { LAZY_PARENT_QUERY, listQuery, type RouteDocInput } from '../../../lib/api-doc/index.js';
import { lazyMenus, MENU_LIST, menuDetail, menuTree, removeMenus, saveMenu } from './repository.js';

const menuInput = z.object({
  id: optionalId,
  parentId: optionalParentId,
  name: requiredText('请输入菜单名称', 100),
  code: requiredText('请输入菜单编号', 100),
  nameEn: optionalText(100),
  alias: optionalText(50),
  path: optionalText(500),
  source: optionalText(100),
  sort: optionalInt('排序须为整数'),
  category: optionalInt('菜单类型须为1(菜单)或2(按钮)').refine(
    (v) => v === undefined || v === 1 || v === 2,
    '菜单类型须为1(菜单)或2(按钮)',
  ),
  action: optionalInt('按钮功能须为0-3').refine(
    (v) => v === undefined || (v >= 0 && v <= 3),
    '按钮功能须为0-3',
  ),
  isOpen: optionalInt('新窗口须为1(否)或2(是)').refine(
    (v) => v === undefined || v === 1 || v === 2,
    '新窗口须为1(否)或2(是)',
  ),
  remark: optionalText(255),
  version: versionField,
});

/** Screens that show the menu tree (menu management, menu resources). */
const MENU_READ = perm('menu', 'menu_view', 'menu_resource', 'menu_resource_view');
/** Every dialog that grants menus: roles, top menus, tenant packages. */
const GRANT_READ = perm(
  'role_grant',
  'role_permission_grant',
  'top_menu_grant',
  'tenant_pkg_add',
  'tenant_pkg_edit',
);

/** The management lists in the API reference (lib/api-doc): MENU_LIST's filters and sorts. */
const TREE_RESPONSE = { zh: '菜单树：节点含 children', en: 'A tree: nodes with children' };
const LEVEL_RESPONSE = { zh: '菜单数组，含 hasChildren', en: 'Menus, with hasChildren' };
const LIST_DOC: RouteDocInput = {
  summary: { zh: '菜单树（含按钮，可筛选、排序）', en: 'The menu tree with buttons' },
  query: listQuery(MENU_LIST, { paged: false }),
  response: TREE_RESPONSE,
};
const MENU_LIST_DOC: RouteDocInput = {
  summary: { zh: '菜单树（仅菜单，不含按钮）', en: 'The menu tree without buttons' },
  query: listQuery(MENU_LIST, { paged: false }),
  response: TREE_RESPONSE,
};
const LAZY_LIST_DOC: RouteDocInput = {
  summary: { zh: '菜单懒加载列表：一层菜单与按钮', en: 'Menus and buttons one level at a time' },
  query: listQuery(MENU_LIST, { paged: false, extra: [LAZY_PARENT_QUERY] }),
  response: LEVEL_RESPONSE,
};
const LAZY_MENU_LIST_DOC: RouteDocInput = {
  summary: {
    zh: '菜单懒加载列表：一层菜单（不含按钮）',
    en: 'Menus one level at a time, no buttons',
  },
  query: listQuery(MENU_LIST, { paged: false, extra: [LAZY_PARENT_QUERY] }),
  response: LEVEL_RESPONSE,
};

/** /api/blade-system/menu: the global menu tree, and each user's view of it. */
export default async function menuRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-system/menu';

  // Every start of the console asks for the user's routes, buttons and top menus: each answer
  // is a function of the role set and is kept serialised per role set and grants version
  // (auth/grants-cache.ts; any write to the menus, roles, grants or top menus moves the
  // version), so a call is the session check and a send.
  const sendForGrants = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    load: (user: AuthUser) => Promise<unknown>,
  ) => {
    const user = currentUser(request);
    const body = await cachedForGrants(
      ctx.db,
      user.grantsVersion,
      `${name}-json:${grantsKey(user)}`,
      async () => JSON.stringify(ok(await load(user))),
    );
    return reply.type('application/json; charset=utf-8').send(body);
  };
  app.get(`${base}/routes`, { config: { access: SIGNED_IN } }, async (request, reply) => {
    const topMenuId = param(request, 'topMenuId');
    return sendForGrants(request, reply, `routes:${topMenuId}`, (user) =>
      userRoutes(ctx, user, topMenuId),
    );
  });
  app.get(`${base}/buttons`, { config: { access: SIGNED_IN } }, async (request, reply) =>
    sendForGrants(request, reply, 'buttons', (user) => userButtons(ctx, user)),
  );
  app.get(`${base}/top-menu`, { config: { access: SIGNED_IN } }, async (request, reply) =>
    sendForGrants(request, reply, 'top-menu', (user) => userTopMenus(ctx, user)),
  );
  app.get(`${base}/tree`, { config: { access: SIGNED_IN } }, async (request) =>
    ok(await heldScreenTree(ctx, currentUser(request))),
  );

  app.get(`${base}/grant-tree`, { config: { access: GRANT_READ } }, async (request) =>
    ok(await grantTree(ctx, currentUser(request))),
  );
  app.get(`${base}/role-tree-keys`, { config: { access: GRANT_READ } }, async (request) =>
    ok(await roleTreeKeys(ctx, currentUser(request), commaIds(requiredParam(request, 'roleIds')))),
  );
  app.get(
    `${base}/grant-top-tree`,
    { config: { access: perm('top_menu_grant') } },
    async (request) => ok({ menu: await heldScreenTree(ctx, currentUser(request)) }),
  );
  app.get(
    `${base}/top-tree-keys`,
    { config: { access: perm('top_menu_grant') } },
    async (request) =>
      ok(
        await topTreeKeys(
          ctx,
          currentUser(request),
          commaIds(requiredParam(request, 'topMenuIds')),
        ),
      ),
  );

  app.get(`${base}/list`, { config: { access: MENU_READ, doc: LIST_DOC } }, async (request) =>
    ok(await menuTree(ctx, queryMap(request))),
  );
  const menuListConfig = { config: { access: MENU_READ, doc: MENU_LIST_DOC } };
  app.get(`${base}/menu-list`, menuListConfig, async (request) =>
    ok(await menuTree(ctx, queryMap(request), 1)),
  );
  const lazyConfig = { config: { access: MENU_READ, doc: LAZY_LIST_DOC } };
  app.get(`${base}/lazy-list`, lazyConfig, async (request) =>
    ok(await lazyMenus(ctx, queryMap(request), parentParam(param(request, 'parentId')))),
  );
  const lazyMenuConfig = { config: { access: MENU_READ, doc: LAZY_MENU_LIST_DOC } };
  app.get(`${base}/lazy-menu-list`, lazyMenuConfig, async (request) =>
    ok(await lazyMenus(ctx, queryMap(request), parentParam(param(request, 'parentId')), 1)),
  );
  app.get(`${base}/detail`, { config: { access: MENU_READ } }, async (request) =>
    ok(await menuDetail(ctx, requiredParam(request, 'id'))),
  );

  // Menus are shared by every tenant, so only the super administrator changes them.
  app.post(`${base}/submit`, { config: { access: SUPER_ADMIN } }, async (request) => {
    const input = parseBody(menuInput, request.body);
    const id = await saveMenu(ctx, input);
    return ok({ id }, input.id ? '修改成功' : '新增成功');
  });
  app.post(`${base}/remove`, { config: { access: SUPER_ADMIN } }, async (request) => {
    await removeMenus(ctx, idList(request));
    return okStatus('删除成功');
  });
}

/** A lazy list's parentId: "-1" is the console's "none", i.e. the top level. */
function parentParam(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  return raw === '-1' ? '0' : raw;
}
