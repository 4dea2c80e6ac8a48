import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ok, okStatus } from '../../../lib/envelope.js';
import { ApiError, notFound } from '../../../lib/errors.js';
import { idList, queryMap, requiredParam } from '../../../lib/params.js';
import { paged, type ListSpec } from '../../../lib/query.js';
import { wire } from '../../../lib/records.js';
import { formatDateTime } from '../../../lib/time.js';
import { currentUser, SIGNED_IN, type AuthUser } from '../../../plugins/auth.js';
import type { AppContext } from '../../../context.js';

/** Status texts the console shows (spec section 4: 'file generated' means finished). */
export const EXPORT_STATUS = { running: '生成中', done: '文件已生成', failed: '生成失败' } as const;

const LIST: ListSpec = {
  filters: {
    sourceFileName: { column: 'sourceFileName' },
    status: { column: 'status', default: 'equal' },
    createTime: { column: 'createTime' },
  },
  sorts: { createTime: 'createTime', expireTime: 'expireTime' },
};

const COLUMNS = [
  'id',
  'sourceFileName',
  'excelType',
  'status',
  'errorMessage',
  'createTime',
  'expireTime',
] as const;

/** Every user sees and manages only their own export tasks. */
function ownTasks(ctx: AppContext, user: AuthUser) {
  return ctx.db
    .selectFrom('bladeDataExport')
    .where('tenantId', '=', user.tenantId)
    .where('userId', '=', user.userId)
    .where('isDeleted', '=', 0);
}

export function exportFilesDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, 'exports');
}

/**
 * blade-system/data-export: the export centre (list, del, empty-all) and the authenticated
 * download of a finished file (the token travels in the header, never in a URL).
 */
export default async function dataExportRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-system/data-export';

  app.get(`${base}/list`, { config: { access: SIGNED_IN } }, async (request) => {
    const page = await paged(
      ownTasks(ctx, currentUser(request)),
      (qb) => qb.select(COLUMNS),
      queryMap(request),
      LIST,
      ctx.dialect,
      [
        { column: 'createTime', direction: 'desc' },
        { column: 'id', direction: 'desc' },
      ],
    );
    return ok({
      ...page,
      // fileUrl is the download call of the export centre, not a link that carries credentials.
      records: page.records.map((r) => ({
        ...wire(r),
        fileUrl:
          r.status === EXPORT_STATUS.done ? `blade-system/data-export/download?id=${r.id}` : '',
      })),
    });
  });

  app.post(`${base}/del`, { config: { access: SIGNED_IN } }, async (request) => {
    const user = currentUser(request);
    await removeTasks(ctx, user, idList(request));
    return okStatus('删除成功!');
  });

  app.post(`${base}/empty-all`, { config: { access: SIGNED_IN } }, async (request) => {
    await removeTasks(ctx, currentUser(request));
    return okStatus('清空成功!');
  });

  app.get(`${base}/download`, { config: { access: SIGNED_IN } }, async (request, reply) => {
    const task = await ownTasks(ctx, currentUser(request))
      .selectAll()
      .where('id', '=', requiredParam(request, 'id'))
      .executeTakeFirst();
    if (!task) throw notFound();
    if (task.status !== EXPORT_STATUS.done || !task.filePath)
      throw new ApiError(409, '文件尚未生成');
    if (task.expireTime <= formatDateTime(new Date(ctx.now() * 1000)))
      throw new ApiError(410, '文件已过期');
    const file = path.resolve(exportFilesDir(ctx), task.filePath);
    if (!file.startsWith(exportFilesDir(ctx) + path.sep) || !fs.existsSync(file))
      throw new ApiError(410, '文件已过期');
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header(
        'Content-Disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(task.sourceFileName)}`,
      )
      .send(fs.createReadStream(file));
  });
}

async function removeTasks(ctx: AppContext, user: AuthUser, ids?: string[]): Promise<void> {
  let q = ownTasks(ctx, user).select(['id', 'filePath']);
  if (ids) q = q.where('id', 'in', ids);
  const tasks = await q.execute();
  if (tasks.length === 0) return;
  await ctx.db
    .updateTable('bladeDataExport')
    .set({ isDeleted: 1 })
    .where(
      'id',
      'in',
      tasks.map((t) => t.id),
    )
    .execute();
  for (const t of tasks) {
    if (!t.filePath) continue;
    const file = path.resolve(exportFilesDir(ctx), t.filePath);
    if (file.startsWith(exportFilesDir(ctx) + path.sep)) fs.rmSync(file, { force: true });
  }
}
