import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { parseDateTime } from '../../../lib/time.js';
import { blank, defineTable, integerEquality, optionalText } from '../../../lib/table/index.js';
import { requiredText } from '../../../lib/validation.js';

/** Names of dict `notice` (1 发布通知 … 6 事务通知), read each time so edits show. */
async function categoryNames(ctx: AppContext): Promise<Map<string, string>> {
  const rows = await ctx.db
    .selectFrom('bladeDict')
    .select(['dictKey', 'dictValue'])
    .where('code', '=', 'notice')
    .where('parentId', '<>', '0')
    .where('isDeleted', '=', 0)
    .execute();
  return new Map(rows.map((r) => [r.dictKey, r.dictValue]));
}

const CATEGORY = '请选择通知类型';
const RELEASE_TIME = '请选择通知日期';

/**
 * blade-desk/notice (contract.md 4.11): the notices of the caller's tenant. Read by the notice
 * screen and by the dashboard (`wel`), which every role holds; written with the screen's buttons.
 */
export default defineTable({
  path: 'blade-desk/notice',
  table: 'bladeNotice',
  scope: 'tenant',
  access: {
    read: ['notice', 'notice_view', 'wel'],
    add: 'notice_add',
    edit: 'notice_edit',
    remove: 'notice_delete',
  },
  columns: ['title', 'category', 'releaseTime', 'content'],
  list: {
    filters: {
      title: { column: 'title' },
      category: { column: 'category', default: 'equal' },
      releaseTime: { column: 'releaseTime' },
    },
    sorts: {
      releaseTime: 'releaseTime',
      title: 'title',
      category: 'category',
      createTime: 'createTime',
    },
  },
  beforeList: integerEquality('category'),
  defaultOrder: { releaseTime: 'desc', id: 'desc' },
  input: z.object({
    title: requiredText(z, '请输入通知标题', 255),
    category: z.preprocess(
      (v) => (blank(v) ? undefined : Number(v)),
      z.number({ error: CATEGORY }).int(CATEGORY).min(1, CATEGORY).max(6, CATEGORY),
    ),
    releaseTime: z.preprocess(
      (v) => (typeof v === 'string' ? (parseDateTime(v.trim()) ?? '') : v),
      z.string({ error: RELEASE_TIME }).min(1, RELEASE_TIME),
    ),
    content: optionalText(2000),
  }),
  decorate: async ({ ctx }, rows) => {
    const names = await categoryNames(ctx);
    return rows.map((r) => ({ ...r, categoryName: names.get(String(r.category)) ?? '' }));
  },
});
