import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { blank, defineTable, integerEquality, optionalText } from '../../../lib/table/index.js';
import { requiredText } from '../../../lib/validation.js';
import { dataScopeFor } from '../data-scope/resolve.js';

/** Names of dict `post_category` (1 高层, 2 中层, 3 基层, 4 其他), read each time so edits show. */
async function categoryNames(ctx: AppContext): Promise<Map<string, string>> {
  const rows = await ctx.db
    .selectFrom('bladeDict')
    .select(['dictKey', 'dictValue'])
    .where('code', '=', 'post_category')
    .where('parentId', '<>', '0')
    .where('isDeleted', '=', 0)
    .execute();
  return new Map(rows.map((r) => [r.dictKey, r.dictValue]));
}

/** blade-system/post (contract.md 4.6): posts of the caller's tenant; user screens read them too. */
export default defineTable({
  path: 'blade-system/post',
  table: 'bladePost',
  scope: 'tenant',
  access: {
    read: ['post', 'post_view', 'user', 'user_info'],
    add: 'post_add',
    edit: 'post_edit',
    remove: 'post_delete',
  },
  columns: ['category', 'postCode', 'postName', 'sort', 'remark'],
  list: {
    filters: {
      category: { column: 'category', default: 'equal' },
      postCode: { column: 'postCode' },
      postName: { column: 'postName' },
    },
    sorts: {
      sort: 'sort',
      postCode: 'postCode',
      postName: 'postName',
      category: 'category',
      createTime: 'createTime',
    },
  },
  // category is an integer column: equality on an integer only, anything else is a 400.
  beforeList: integerEquality('category'),
  defaultOrder: { sort: 'asc', id: 'asc' },
  select: true,
  // Data scopes granted for resource code 'post' narrow what the caller sees.
  dataScope: dataScopeFor('post'),
  input: z.object({
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
    remark: optionalText(255),
  }),
  export: {
    fileName: '岗位列表',
    access: 'post_export',
    columns: [
      { field: 'categoryName', header: '岗位类型', width: 12 },
      { field: 'postCode', header: '岗位编号', width: 20 },
      { field: 'postName', header: '岗位名称', width: 24 },
      { field: 'sort', header: '排序', width: 8 },
      { field: 'remark', header: '备注', width: 32 },
      { field: 'createTime', header: '创建时间', width: 20 },
    ],
  },
  decorate: async ({ ctx }, rows) => {
    const names = await categoryNames(ctx);
    return rows.map((r) => ({ ...r, categoryName: names.get(String(r.category)) ?? '' }));
  },
});
