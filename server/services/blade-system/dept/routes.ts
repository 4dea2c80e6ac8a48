import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, okStatus } from '../../../lib/envelope.js';
import { idList, param, queryMap, requiredParam } from '../../../lib/params.js';
import { parseBody, requiredText } from '../../../lib/validation.js';
import { currentUser, perm, assertPermission } from '../../../auth/index.js';
import { LAZY_PARENT_QUERY, listQuery, type RouteDocInput } from '../../../lib/api-doc/index.js';
import {
  DEPT_LIST,
  deptLevel,
  deptOptions,
  deptSelectLevel,
  deptSelectTree,
  deptTree,
  getDept,
  removeDepts,
  saveDept,
} from './repository.js';

const ID = /^[A-Za-z0-9_-]{1,32}$/;
const blank = (v: unknown) => v === undefined || v === null || v === '';

/** The client writes an empty reference as '', null, 0 or -1 (contract.md Part 1 decision 1). */
const parentIdField = z.preprocess(
  (v) => (blank(v) || v === '-1' || v === -1 || v === 0 ? '0' : String(v)),
  z.string().regex(ID, '上级机构不存在!'),
);
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.string().max(max, `长度不能超过${max}个字符`).optional(),
  );
const intWithin = (min: number, max: number, fallback: number, message: string) =>
  z.preprocess(
    (v) => (blank(v) ? fallback : Number(v)),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

const deptInput = z.object({
  id: z.preprocess(
    (v) => (blank(v) ? undefined : String(v)),
    z.string().regex(ID, '参数格式错误').optional(),
  ),
  parentId: parentIdField,
  deptName: requiredText('请输入机构名称', 64),
  fullName: optionalText(128),
  deptCategory: intWithin(1, 3, 1, '请选择机构类型'),
  sort: intWithin(-999999, 999999, 0, '排序必须是整数'),
  remark: optionalText(255),
  version: z.preprocess((v) => (blank(v) ? undefined : Number(v)), z.number().int().optional()),
});

/** Lazy endpoints: `parentId` absent or empty means the top level. */
function parentParam(value: string | undefined): string {
  if (value === undefined || value === '-1') return '0';
  if (!ID.test(value)) return '-';
  return value;
}

/** The two lists in the API reference (lib/api-doc): the filters of DEPT_LIST, no paging. */
const LIST_DOC: RouteDocInput = {
  summary: {
    zh: '机构树（本租户，可筛选）',
    en: "The caller's tenant's departments as a tree (filterable)",
  },
  query: listQuery(DEPT_LIST, { paged: false }),
  response: { zh: '机构树：节点含 children', en: 'A tree: nodes with children' },
};
const LAZY_LIST_DOC: RouteDocInput = {
  summary: { zh: '机构懒加载列表：一层机构', en: 'Departments one level at a time' },
  query: listQuery(DEPT_LIST, { paged: false, extra: [LAZY_PARENT_QUERY] }),
  response: { zh: '机构数组，含 hasChildren', en: 'Departments, with hasChildren' },
};

/**
 * blade-system/dept (contract.md 4.5): the caller's tenant only. Reads are also open to the user
 * screens (`user`, `user_info`), which need the department tree.
 */
export default async function deptRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-system/dept';
  const read = { config: { access: perm('dept', 'dept_view', 'user', 'user_info') } };

  // The tree is the department table alone, which the grants version covers (migration 055).
  const listConfig = { config: { ...read.config, doc: LIST_DOC, answerCache: [] } };
  app.get(`${base}/list`, listConfig, async (request) =>
    ok(await deptTree(ctx, currentUser(request), queryMap(request))),
  );

  const lazyConfig = { config: { ...read.config, doc: LAZY_LIST_DOC } };
  app.get(`${base}/lazy-list`, lazyConfig, async (request) => {
    const given = param(request, 'parentId');
    return ok(
      await deptLevel(
        ctx,
        currentUser(request),
        queryMap(request),
        given === undefined ? undefined : parentParam(given),
      ),
    );
  });

  app.get(`${base}/detail`, read, async (request) =>
    ok(await getDept(ctx, currentUser(request), requiredParam(request, 'id'))),
  );

  // A tenantId parameter is ignored: the tenant comes from the token (decision 5).
  app.get(`${base}/tree`, read, async (request) =>
    ok(await deptSelectTree(ctx, currentUser(request))),
  );

  app.get(`${base}/lazy-tree`, read, async (request) =>
    ok(await deptSelectLevel(ctx, currentUser(request), parentParam(param(request, 'parentId')))),
  );

  app.get(`${base}/select`, read, async (request) =>
    ok(await deptOptions(ctx, currentUser(request))),
  );

  app.post(
    `${base}/submit`,
    { config: { access: perm('dept_add', 'dept_edit') } },
    async (request) => {
      const input = parseBody(deptInput, request.body);
      const user = currentUser(request);
      await assertPermission(ctx.db, user, input.id ? 'dept_edit' : 'dept_add');
      const id = await saveDept(ctx, user, input);
      return ok({ id }, input.id ? '修改成功' : '新增成功');
    },
  );

  app.post(`${base}/remove`, { config: { access: perm('dept_delete') } }, async (request) => {
    await removeDepts(ctx, currentUser(request), idList(request));
    return okStatus('删除成功');
  });
}
