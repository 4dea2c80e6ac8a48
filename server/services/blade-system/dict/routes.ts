import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, okStatus } from '../../../lib/envelope.js';
import { idList, queryMap, requiredParam } from '../../../lib/params.js';
import { parseBody, requiredText } from '../../../lib/validation.js';
import {
  currentUser,
  perm,
  SIGNED_IN,
  SUPER_ADMIN,
  type Access,
  assertPermission,
} from '../../../auth/index.js';
import { listQuery, type RouteDocInput } from '../../../lib/api-doc/index.js';
import {
  BIZ_DICT,
  CHILD_LIST,
  DICT_LIST,
  PARENT_LIST,
  childList,
  detail,
  dictionary,
  listTree,
  parentPage,
  SYSTEM_DICT,
  tree,
  type DictStore,
} from './repository.js';
import { removeDicts, saveDict } from './writes.js';

/** Clients send ids as strings or numbers, and null, '' or -1 for "none" (contract.md Part 1.1). */
const emptyToUndefined = (v: unknown) =>
  v === null || v === '' || v === -1 || v === '-1'
    ? undefined
    : typeof v === 'number'
      ? String(v)
      : v;
const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

const dictInput = z.object({
  id: z.preprocess(
    emptyToUndefined,
    z.string({ error: '参数格式错误' }).trim().max(32, '参数格式错误').optional(),
  ),
  parentId: z.preprocess(emptyToUndefined, z.string().trim().max(32, '上级字典不存在').optional()),
  code: requiredText('请输入字典编号', 100),
  dictKey: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v === null || v === '' ? undefined : v),
    z.string({ error: '请输入字典键值' }).trim().max(100, '长度不能超过100个字符').optional(),
  ),
  dictValue: requiredText('请输入字典名称', 255),
  sort: z.preprocess(
    numeric,
    z
      .number({ error: '请输入字典排序' })
      .int('请输入字典排序')
      .min(-2147483648, '排序值超出范围')
      .max(2147483647, '排序值超出范围'),
  ),
  remark: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string().max(255, '长度不能超过255个字符').optional(),
  ),
  isSealed: z.preprocess(
    (v) => (typeof v === 'boolean' ? Number(v) : numeric(v)),
    z.union([z.literal(0), z.literal(1)], { error: '请选择是否封存' }),
  ),
  version: z.preprocess(
    (v) => (v === null || v === '' ? undefined : numeric(v)),
    z.number({ error: '版本号格式错误' }).int('版本号格式错误').optional(),
  ),
});

interface DictAccess {
  read: Access;
  submit: Access;
  remove: Access;
  /** Codes of which one is needed to add, resp. to edit (the submit access admits both). */
  addCodes?: string[];
  editCodes?: string[];
}

const SYSTEM_ACCESS: DictAccess = {
  read: perm(
    'dict',
    'dict_view',
    'setting_dict',
    'setting_dict_view',
    'dict_horizontal',
    'dict_vertical',
  ),
  // The system dictionary is shared by every tenant, so only the super administrator writes it.
  submit: SUPER_ADMIN,
  remove: SUPER_ADMIN,
};

/** The business dictionary has two screens (system and setting menus); either one's buttons count. */
const BIZ_ACCESS: DictAccess = {
  read: perm(
    'dict_biz',
    'dict_biz_view',
    'setting_dict_biz',
    'setting_dict_biz_view',
    'dict_horizontal',
    'dict_vertical',
  ),
  submit: perm('dict_biz_add', 'dict_biz_edit', 'setting_dict_biz_add', 'setting_dict_biz_edit'),
  remove: perm('dict_biz_delete', 'setting_dict_biz_delete'),
  addCodes: ['dict_biz_add', 'setting_dict_biz_add'],
  editCodes: ['dict_biz_edit', 'setting_dict_biz_edit'],
};

/** The lists in the API reference (lib/api-doc), each over its ListSpec. */
const PAGE_RESPONSE = {
  zh: '分页：records、total、size、current、pages',
  en: 'A page: records, total, size, current, pages',
};
const LIST_DOC: RouteDocInput = {
  summary: {
    zh: '字典与字典项（树，可筛选、排序）',
    en: 'Dictionaries and their entries as a tree',
  },
  query: listQuery(DICT_LIST, { paged: false }),
  response: { zh: '树：节点含 children', en: 'A tree: nodes with children' },
};
const PARENT_LIST_DOC: RouteDocInput = {
  summary: { zh: '字典分页列表（仅字典本身）', en: 'Paged dictionaries (the parent rows)' },
  query: listQuery(PARENT_LIST),
  response: PAGE_RESPONSE,
};
const CHILD_LIST_DOC: RouteDocInput = {
  summary: {
    zh: '一个字典的字典项：传 current 或 size 时分页，否则全部',
    en: "One dictionary's entries: a page when current or size is given, else all of them",
  },
  query: listQuery(CHILD_LIST, {
    extra: [
      {
        name: 'parentId',
        type: 'string',
        required: true,
        description: { zh: '字典（上级行）主键', en: 'The id of the dictionary (its parent row)' },
      },
    ],
  }),
  response: { zh: '分页，或字典项数组', en: 'A page, or the entries' },
};

function registerDict(
  app: FastifyInstance,
  base: string,
  store: DictStore,
  access: DictAccess,
): void {
  const ctx = app.ctx;
  const read = { config: { access: access.read } };

  app.get(`${base}/list`, { config: { ...read.config, doc: LIST_DOC } }, async (request) =>
    ok(await listTree(ctx, store, currentUser(request), queryMap(request))),
  );

  const parentConfig = { config: { ...read.config, doc: PARENT_LIST_DOC } };
  app.get(`${base}/parent-list`, parentConfig, async (request) =>
    ok(await parentPage(ctx, store, currentUser(request), queryMap(request))),
  );

  const childConfig = { config: { ...read.config, doc: CHILD_LIST_DOC } };
  app.get(`${base}/child-list`, childConfig, async (request) =>
    ok(
      await childList(
        ctx,
        store,
        currentUser(request),
        requiredParam(request, 'parentId'),
        queryMap(request),
      ),
    ),
  );

  app.get(`${base}/detail`, read, async (request) =>
    ok(await detail(ctx, store, currentUser(request), requiredParam(request, 'id'))),
  );

  app.get(`${base}/tree`, read, async (request) =>
    ok(await tree(ctx, store, currentUser(request))),
  );

  // Every select of the console reads its options here, so any signed-in user may.
  app.get(`${base}/dictionary`, { config: { access: SIGNED_IN } }, async (request) =>
    ok(await dictionary(ctx, store, currentUser(request), requiredParam(request, 'code'))),
  );

  app.post(`${base}/submit`, { config: { access: access.submit } }, async (request) => {
    const input = parseBody(dictInput, request.body);
    const user = currentUser(request);
    const codes = input.id ? access.editCodes : access.addCodes;
    if (codes) await assertPermission(ctx.db, user, ...codes);
    const id = await saveDict(ctx, store, user, input);
    return ok({ id }, input.id ? '修改成功' : '新增成功');
  });

  app.post(`${base}/remove`, { config: { access: access.remove } }, async (request) => {
    await removeDicts(ctx, store, currentUser(request), idList(request));
    return okStatus('删除成功');
  });
}

/** blade-system/dict (global, seeded, sealed) and blade-system/dict-biz (per tenant). */
export default async function dictRoutes(app: FastifyInstance): Promise<void> {
  registerDict(app, '/api/blade-system/dict', SYSTEM_DICT, SYSTEM_ACCESS);
  registerDict(app, '/api/blade-system/dict-biz', BIZ_DICT, BIZ_ACCESS);
}
