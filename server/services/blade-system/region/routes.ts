import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok, okStatus } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { param, queryMap } from '../../../lib/params.js';
import { blank, optionalText } from '../../../lib/table/index.js';
import { versionField } from '../../../lib/table/fields.js';
import { parseBody, requiredText } from '../../../lib/validation.js';
import { perm, SIGNED_IN, SUPER_ADMIN } from '../../../auth/index.js';
import { LAZY_PARENT_QUERY, listQuery, type RouteDocInput } from '../../../lib/api-doc/index.js';
import {
  REGION_LIST,
  getRegion,
  regionChildren,
  regionLevel,
  regionPage,
  regionSelectLevel,
  regionTree,
  removeRegions,
  saveRegion,
} from './repository.js';

/** Region codes are digits (00, 11, 1101, 110101, ...), at most 12. */
const CODE = /^\d{2,12}$/;
const codeOrRoot = (v: string) => v === '0' || CODE.test(v);

/** An update may leave out the code (the form shows it on create only): it is the id. */
const withCode = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? {
        ...(v as Record<string, unknown>),
        code: (v as Record<string, unknown>).code ?? (v as Record<string, unknown>).id,
      }
    : v;

const regionFields = z.object({
  id: z.preprocess(
    (v) => (blank(v) ? undefined : String(v)),
    z.string().regex(CODE, '参数格式错误').optional(),
  ),
  code: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    requiredText('请输入区划编号', 12).regex(CODE, '区划编号须为2到12位数字'),
  ),
  // The client writes an empty reference as '', null, 0 or -1 (contract.md Part 1 decision 1).
  parentCode: z.preprocess(
    (v) =>
      v === undefined ? undefined : blank(v) || v === '-1' || v === -1 || v === 0 ? '0' : String(v),
    z.string().refine(codeOrRoot, '上级区划不存在').optional(),
  ),
  name: requiredText('请输入区划名称', 32),
  sort: z.preprocess(
    (v) => (blank(v) ? 0 : Number(v)),
    z
      .number({ error: '排序必须是整数' })
      .int('排序必须是整数')
      .min(-999999, '排序必须是整数')
      .max(999999, '排序必须是整数'),
  ),
  remark: optionalText(255),
  version: versionField,
});
const regionInput = z.preprocess(withCode, regionFields);

/** A code parameter: a region code, or '0' (the root's parent); anything else matches nothing. */
function codeParam(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return codeOrRoot(value) ? value : '-';
}

/** `parentCode` (BladeX), or `parentId` as the console's lazy tree sends it. */
const parentOf = (request: FastifyRequest) =>
  codeParam(param(request, 'parentCode') ?? param(request, 'parentId'));

/** `ids` or BladeX's `id`: comma-joined region codes. */
function codesOf(request: FastifyRequest): string[] {
  const raw = param(request, 'ids') ?? param(request, 'id') ?? '';
  const codes = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (codes.length === 0) throw badRequest('请至少选择一条数据');
  if (codes.length > 1000) throw badRequest('一次最多处理1000条数据');
  if (codes.some((c) => !CODE.test(c))) throw badRequest('参数格式错误: id');
  return codes;
}

/**
 * blade-system/region (contract.md 4.10): a global table, written by the super administrator
 * only. The screen's reads need its menu; `lazy-tree`, `tree` and `select` serve pickers on any
 * screen (addresses), so any signed-in user may read them.
 */
export default async function regionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-system/region';
  const read = { config: { access: perm('region', 'region_view') } };
  const pickers = { config: { access: SIGNED_IN } };

  const listDoc: RouteDocInput = {
    summary: { zh: '区划分页列表', en: 'Paged regions' },
    query: listQuery(REGION_LIST),
    response: {
      zh: '分页：records、total、size、current、pages',
      en: 'A page: records, total, size, current, pages',
    },
  };
  app.get(`${base}/list`, { config: { ...read.config, doc: listDoc } }, async (request) =>
    ok(await regionPage(ctx, queryMap(request))),
  );

  // A level keeps its own order (sort, code): REGION_LIST's sorts do not apply.
  const lazyListDoc: RouteDocInput = {
    summary: { zh: '区划懒加载列表：一层区划', en: 'Regions one level at a time' },
    query: listQuery(REGION_LIST, {
      paged: false,
      sorted: false,
      extra: [
        {
          ...LAZY_PARENT_QUERY,
          pattern: '^(0|\\d{2,12})$',
          description: {
            zh: '上级区划编号（同 parentCode）：只列其下一层；不传为顶层，带筛选条件时为各层的匹配项',
            en: 'The parent region code (as parentCode): one level under it; without it the top level, or with a filter the matches of every level',
          },
        },
      ],
    }),
    response: { zh: '区划数组，含 hasChildren', en: 'Regions, with hasChildren' },
  };
  app.get(`${base}/lazy-list`, { config: { ...read.config, doc: lazyListDoc } }, async (request) =>
    ok(await regionLevel(ctx, queryMap(request), parentOf(request))),
  );

  app.get(`${base}/detail`, read, async (request) => {
    const code = param(request, 'code') ?? param(request, 'id');
    if (code === undefined) throw badRequest('缺少必要的请求参数: code');
    return ok(await getRegion(ctx, codeParam(code) ?? '-'));
  });

  const lazyTreeDoc: RouteDocInput = {
    summary: {
      zh: '区划懒加载树：一层子节点（选择器）',
      en: 'Region lazy tree: one level of children (pickers)',
    },
    query: [
      {
        name: 'parentCode',
        type: 'string',
        pattern: '^(0|\\d{2,12})$',
        description: {
          zh: '上级区划编号，0 为顶层（也接受 parentId）',
          en: 'The parent region code, 0 for the top level (parentId accepted too)',
        },
      },
    ],
    response: {
      zh: '节点数组：id、title、value、hasChildren 等',
      en: 'Nodes: id, title, value, hasChildren, ...',
    },
  };
  app.get(
    `${base}/lazy-tree`,
    { config: { ...pickers.config, doc: lazyTreeDoc } },
    async (request) => ok(await regionSelectLevel(ctx, parentOf(request))),
  );

  app.get(`${base}/tree`, pickers, async () => ok(await regionTree(ctx)));

  app.get(`${base}/select`, pickers, async (request) =>
    ok(await regionChildren(ctx, codeParam(param(request, 'code')) ?? '00')),
  );

  app.post(`${base}/submit`, { config: { access: SUPER_ADMIN } }, async (request) => {
    const input = parseBody(regionInput, request.body);
    const code = await saveRegion(ctx, input);
    return ok({ id: code, code }, input.id ? '修改成功' : '新增成功');
  });

  app.post(`${base}/remove`, { config: { access: SUPER_ADMIN } }, async (request) => {
    await removeRegions(ctx, codesOf(request));
    return okStatus('删除成功');
  });
}
