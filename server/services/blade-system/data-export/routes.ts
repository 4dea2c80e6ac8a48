import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ok, okStatus } from '../../../lib/envelope.js';
import { ApiError, forbidden, notFound } from '../../../lib/errors.js';
import {
  attachmentDisposition,
  exportContentType,
  EXPORT_FILE_EXPIRED,
  EXPORT_STATUS,
  exportFilesDir,
  type ExportTask,
} from '../../../lib/export/index.js';
import { idList, param, queryMap, requiredParam } from '../../../lib/params.js';
import { listQuery, type RouteDocInput } from '../../../lib/api-doc/index.js';
import { paged, type ListSpec } from '../../../lib/query.js';
import { exportStorageOf, isObjectKey } from '../../../lib/storage/index.js';
import { wire } from '../../../lib/records.js';
import { formatDateTime } from '../../../lib/time.js';
import { currentUser, PUBLIC, SIGNED_IN, type AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';

export { EXPORT_STATUS, exportFilesDir };

/** A download ticket lives this long (s) and works once. */
export const TICKET_SECONDS = 60;

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
  'progress',
  'rowCount',
  'totalRows',
  'fileSize',
  'finishTime',
] as const;

/** Every user sees and manages only their own export tasks. */
function ownTasks(ctx: AppContext, user: Pick<AuthUser, 'tenantId' | 'userId'>) {
  return ctx.db
    .selectFrom('bladeDataExport')
    .where('tenantId', '=', user.tenantId)
    .where('userId', '=', user.userId)
    .where('isDeleted', '=', 0);
}

const nowText = (ctx: AppContext) => formatDateTime(new Date(ctx.now() * 1000));

/** A finished task whose file is still kept (not past expireTime, not removed by retention). */
/** A task as the centre reads it: its answered columns and where its file lies. */
type TaskRow = Pick<ExportTask, (typeof COLUMNS)[number] | 'filePath'>;

const fileKept = (ctx: AppContext, task: Pick<ExportTask, 'status' | 'expireTime' | 'filePath'>) =>
  task.status === EXPORT_STATUS.done && !!task.filePath && task.expireTime > nowText(ctx);

/**
 * The stored file of a finished task (export store: the S3 bucket when configured, so any process
 * serves it; else DATA_DIR/exports): 409 while it is not finished, 410 once it has expired (past
 * expireTime, or removed by the retention job, lib/file-retention.ts, which clears filePath).
 */
async function finishedFile(ctx: AppContext, task: ExportTask): Promise<string> {
  if (task.status !== EXPORT_STATUS.done) throw new ApiError(409, '文件尚未生成');
  if (!fileKept(ctx, task)) throw new ApiError(410, EXPORT_FILE_EXPIRED);
  const key = task.filePath ?? '';
  if (!isObjectKey(key) || !(await exportStorageOf(ctx.config).stat(key)))
    throw new ApiError(410, EXPORT_FILE_EXPIRED);
  return key;
}

async function sendFile(ctx: AppContext, reply: FastifyReply, task: ExportTask, key: string) {
  const object = await exportStorageOf(ctx.config).get(key);
  if (!object) throw new ApiError(410, EXPORT_FILE_EXPIRED);
  return reply
    .header('Content-Type', exportContentType(task.sourceFileName))
    .header('Content-Length', object.size)
    .header('Content-Disposition', attachmentDisposition(task.sourceFileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(object.stream);
}

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * blade-system/data-export: the export centre (list, del, empty-all), the authenticated download
 * (`download?id=`, the token in the header) and the one-time ticket download (`ticket?id=` ->
 * `file?ticket=`, for a plain browser navigation that streams to disk).
 */
export default async function dataExportRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-system/data-export';

  const listDoc: RouteDocInput = {
    summary: { zh: '导出中心：本人的导出任务', en: "Export centre: the caller's own export tasks" },
    query: listQuery(LIST),
    response: {
      zh: '分页；记录含 status（生成中/文件已生成/生成失败）、progress、expireTime、fileUrl',
      en: 'A page; records carry status (生成中 / 文件已生成 / 生成失败), progress, expireTime, fileUrl',
    },
  };
  app.get(`${base}/list`, { config: { access: SIGNED_IN, doc: listDoc } }, async (request) => {
    const page = await paged(
      ownTasks(ctx, currentUser(request)),
      (qb) => qb.select([...COLUMNS, 'filePath']),
      queryMap(request),
      LIST,
      ctx.dialect,
      [
        { column: 'createTime', direction: 'desc' },
        { column: 'id', direction: 'desc' },
      ],
    );
    return ok({ ...page, records: page.records.map(answerOf) });
  });

  // fileUrl is the download call of the export centre, not a link that carries credentials;
  // empty once the file has expired. Where the file lies on disk is not answered.
  function answerOf(task: TaskRow) {
    const { filePath: _path, ...r } = task;
    return {
      ...wire(r),
      fileUrl: fileKept(ctx, task) ? `blade-system/data-export/download?id=${task.id}` : '',
    };
  }

  const detailDoc: RouteDocInput = {
    summary: {
      zh: '导出中心：本人的一个导出任务（进度跟踪用）',
      en: "Export centre: one of the caller's own export tasks (to follow its progress)",
    },
    response: {
      zh: '与列表记录相同；不是本人的任务答 404',
      en: "As a list record; 404 for a task that is not the caller's",
    },
  };
  /** One own task: what the console's task machine asks while it follows an export (issue 32). */
  app.get(`${base}/detail`, { config: { access: SIGNED_IN, doc: detailDoc } }, async (request) => {
    const task = await ownTasks(ctx, currentUser(request))
      .select([...COLUMNS, 'filePath'])
      .where('id', '=', requiredParam(request, 'id'))
      .executeTakeFirst();
    if (!task) throw notFound();
    return ok(answerOf(task));
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
    return sendFile(ctx, reply, task, await finishedFile(ctx, task));
  });

  /** A ticket for one download of the caller's own finished task, valid TICKET_SECONDS. */
  app.post(`${base}/ticket`, { config: { access: SIGNED_IN } }, async (request) => {
    const user = currentUser(request);
    const task = await ownTasks(ctx, user)
      .selectAll()
      .where('id', '=', requiredParam(request, 'id'))
      .executeTakeFirst();
    if (!task) throw notFound();
    await finishedFile(ctx, task);
    const ticket = randomBytes(32).toString('base64url');
    await ctx.db
      .insertInto('bladeExportTicket')
      .values({
        id: ticketHash(ticket),
        taskId: task.id,
        tenantId: user.tenantId,
        userId: user.userId,
        expiresAt: ctx.now() + TICKET_SECONDS,
        usedAt: null,
      })
      .execute();
    return ok({
      ticket,
      expiresIn: TICKET_SECONDS,
      url: `blade-system/data-export/file?ticket=${ticket}`,
    });
  });

  /**
   * The file for a ticket (no token: the ticket is the credential, and it is spent by a
   * conditional update before anything is sent, so it works once). Unknown ticket: 403; used or
   * timed out: 410; task deleted: 404; not finished: 409; expired file: 410.
   */
  app.get(
    `${base}/file`,
    { config: { access: PUBLIC, rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const ticket = param(request, 'ticket') ?? '';
      if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) throw forbidden('下载凭证无效');
      const id = ticketHash(ticket);
      const now = ctx.now();
      const spent = await ctx.db
        .updateTable('bladeExportTicket')
        .set({ usedAt: now })
        .where('id', '=', id)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>=', now)
        .executeTakeFirst();
      const row = await ctx.db
        .selectFrom('bladeExportTicket')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw forbidden('下载凭证无效');
      if (Number(spent.numUpdatedRows) !== 1) throw new ApiError(410, '下载凭证已失效');
      const task = await ownTasks(ctx, row)
        .selectAll()
        .where('id', '=', row.taskId)
        .executeTakeFirst();
      if (!task) throw notFound();
      return sendFile(ctx, reply, task, await finishedFile(ctx, task));
    },
  );
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
  // A task being written notices on its next lease renewal and removes its partial file.
  const store = exportStorageOf(ctx.config);
  for (const t of tasks) if (t.filePath && isObjectKey(t.filePath)) await store.remove(t.filePath);
}
