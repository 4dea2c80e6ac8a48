import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, okStatus } from '../../../lib/envelope.js';
import { notFound } from '../../../lib/errors.js';
import { idList, queryMap, requiredParam } from '../../../lib/params.js';
import { parseBody, requiredText } from '../../../lib/validation.js';
import { currentUser, perm, assertPermission } from '../../../auth/index.js';
import { idArray, optionalId, optionalInt, optionalParentId } from '../menu/input.js';
import { listQuery, type RouteDocInput } from '../../../lib/api-doc/index.js';
import { grantRoles } from './grant.js';
import {
  ROLE_LIST,
  findRole,
  removeRoles,
  roleDetail,
  roleList,
  roleSelect,
  roleTree,
  saveRole,
} from './repository.js';

const roleInput = z.object({
  id: optionalId,
  parentId: optionalParentId,
  roleName: requiredText('请输入角色名称', 50),
  roleAlias: requiredText('请输入角色别名', 50),
  sort: optionalInt('排序须为整数'),
  version: optionalInt('版本号须为整数'),
});

const grantInput = z.object({
  roleIds: idArray('请选择角色').refine((ids) => ids.length <= 100, '一次最多授权100个角色'),
  menuIds: idArray(),
  dataScopeIds: idArray(),
  apiScopeIds: idArray(),
});

/**
 * Two screens manage roles: system/role and setting/role_permission. Each access admits the
 * codes of both.
 */
const READ = perm('role', 'role_view', 'role_permission', 'role_permission_view');
/** The user screens' role pickers (user form, grant roles) read the tree too. */
const TREE = perm(
  'role',
  'role_view',
  'role_permission',
  'role_permission_view',
  'user',
  'user_info',
);
const ADD = ['role_add', 'role_permission_add'];
const EDIT = ['role_edit', 'role_permission_edit'];
const DELETE = ['role_delete', 'role_permission_delete'];
const GRANT = ['role_grant', 'role_permission_grant'];

/** The role list in the API reference (lib/api-doc): a tree, filtered and sorted, not paged. */
const LIST_DOC: RouteDocInput = {
  summary: { zh: '角色树（本租户，可筛选、排序）', en: "The caller's tenant's roles as a tree" },
  query: listQuery(ROLE_LIST, { paged: false }),
  response: {
    zh: '角色树：节点含 parentName、children',
    en: 'A tree: nodes with parentName and children',
  },
};

/** /api/blade-system/role: the roles of the caller's tenant and their grants. */
export default async function roleRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-system/role';

  app.get(`${base}/list`, { config: { access: READ, doc: LIST_DOC } }, async (request) =>
    ok(await roleList(ctx, currentUser(request), queryMap(request))),
  );

  // The tenant is the caller's own: a tenantId parameter is ignored (contract Part 1 decision 5).
  app.get(`${base}/tree`, { config: { access: TREE } }, async (request) =>
    ok(await roleTree(ctx.db, currentUser(request).tenantId)),
  );

  app.get(`${base}/tree-by-id`, { config: { access: READ } }, async (request) => {
    const user = currentUser(request);
    const role = await findRole(ctx.db, user.tenantId, requiredParam(request, 'roleId'));
    if (!role) throw notFound();
    return ok(await roleTree(ctx.db, role.tenantId));
  });

  app.get(`${base}/select`, { config: { access: READ } }, async (request) =>
    ok(await roleSelect(ctx, currentUser(request), requiredParam(request, 'userId'))),
  );

  app.get(`${base}/detail`, { config: { access: READ } }, async (request) =>
    ok(await roleDetail(ctx, currentUser(request), requiredParam(request, 'id'))),
  );

  app.post(`${base}/submit`, { config: { access: perm(...ADD, ...EDIT) } }, async (request) => {
    const input = parseBody(roleInput, request.body);
    const user = currentUser(request);
    await assertPermission(app.ctx.db, user, ...(input.id ? EDIT : ADD));
    const id = await saveRole(ctx, user, input);
    return ok({ id }, input.id ? '修改成功' : '新增成功');
  });

  app.post(`${base}/remove`, { config: { access: perm(...DELETE) } }, async (request) => {
    await removeRoles(ctx, currentUser(request), idList(request));
    return okStatus('删除成功');
  });

  app.post(`${base}/grant`, { config: { access: perm(...GRANT) } }, async (request) => {
    await grantRoles(ctx, currentUser(request), parseBody(grantInput, request.body));
    return okStatus('操作成功');
  });
}
