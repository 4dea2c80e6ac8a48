import { z } from 'zod';
import {
  BATCH_TASK_MAX_DAYS,
  BATCH_TASK_STATES,
  BATCH_TASK_TYPES,
  type BatchTask,
  type BatchTaskState,
} from '../../../../src/contracts/platform-supplier/batch-task.js';
import type { AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { insertAudit } from '../../../lib/records.js';
import { formatDateTime, parseDateTime } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { requiredText } from '../../../../src/contracts/resource-contract.js';
import type { BatchTaskRow, RefreshParams } from './engine.js';

export const RUNNING_NOT_REMOVABLE = '任务执行中，不能删除';

const dateTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, c) => {
      const parsed = parseDateTime(v);
      if (!parsed) {
        c.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed;
    });

const RANGE = '请选择发放时间范围';
const SUBMIT = z.object({
  taskName: requiredText('请输入任务名称', 100),
  supId: requiredText('请选择供应商', 32),
  goodId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().max(32).optional(),
  ),
  issueStart: dateTime(RANGE),
  issueEnd: dateTime(RANGE),
});

const seconds = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`) / 1000;

function present(
  row: BatchTaskRow,
  names: { sup: Map<string, string>; good: Map<string, string> },
): BatchTask {
  const params = JSON.parse(row.params ?? '{}') as Partial<RefreshParams>;
  const state = row.state as BatchTaskState;
  const total = Number(row.total);
  const processed = Number(row.processed);
  return {
    id: row.id,
    taskName: row.taskName,
    taskType: row.taskType,
    taskTypeName: BATCH_TASK_TYPES[row.taskType]?.zh ?? row.taskType,
    state,
    stateName: BATCH_TASK_STATES[state]?.zh ?? row.state,
    supId: params.supId ?? '',
    supName: names.sup.get(params.supId ?? '') ?? '',
    goodId: params.goodId ?? null,
    goodName: params.goodId ? (names.good.get(params.goodId) ?? '') : null,
    issueStart: params.issueStart ?? '',
    issueEnd: params.issueEnd ?? '',
    total,
    processed,
    succeeded: Number(row.succeeded),
    failedCount: Number(row.failedCount),
    progress:
      state === 'done' ? 100 : total > 0 ? Math.min(99, Math.floor((processed * 100) / total)) : 0,
    result: row.result,
    error: row.error,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    createTime: row.createTime ?? '',
  };
}

export async function presentAll(ctx: AppContext, tenantId: string, rows: BatchTaskRow[]) {
  const params = rows.map((r) => JSON.parse(r.params ?? '{}') as Partial<RefreshParams>);
  const supIds = [...new Set(params.flatMap((p) => (p.supId ? [p.supId] : [])))];
  const goodIds = [...new Set(params.flatMap((p) => (p.goodId ? [p.goodId] : [])))];
  const sup = new Map(
    supIds.length === 0
      ? []
      : (
          await ctx.db
            .selectFrom('bladeSup')
            .select(['id', 'supName'])
            .where('tenantId', '=', tenantId)
            .where('id', 'in', supIds)
            .execute()
        ).map((s) => [s.id, s.supName]),
  );
  const good = new Map(
    goodIds.length === 0
      ? []
      : (
          await ctx.db
            .selectFrom('bladeSupGood')
            .select(['id', 'goodName'])
            .where('tenantId', '=', tenantId)
            .where('id', 'in', goodIds)
            .execute()
        ).map((g) => [g.id, g.goodName]),
  );
  return rows.map((r) => present(r, { sup, good }));
}

/** A task as listPage and find answer it (the table's decorate and the submit's answer). */
export async function findTask(ctx: AppContext, user: AuthUser, id: string): Promise<BatchTask> {
  const row = await ctx.db
    .selectFrom('bladeSupBatchTask')
    .selectAll()
    .where('tenantId', '=', user.tenantId)
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  return (await presentAll(ctx, user.tenantId, [row as BatchTaskRow]))[0]!;
}

/**
 * Queues a refresh task: the supplier (and good, of that supplier) must be the tenant's (404
 * otherwise); the range runs forwards and spans at most 31 days.
 */
export async function submitTask(ctx: AppContext, user: AuthUser, body: unknown) {
  const input = parseBody(SUBMIT, body);
  const span = seconds(input.issueEnd) - seconds(input.issueStart);
  if (span < 0) throw badRequest('发放结束时间不能早于开始时间');
  if (span > BATCH_TASK_MAX_DAYS * 86400)
    throw badRequest(`发放时间范围不能超过${BATCH_TASK_MAX_DAYS}天`);
  const sup = await ctx.db
    .selectFrom('bladeSup')
    .select('id')
    .where('tenantId', '=', user.tenantId)
    .where('id', '=', input.supId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!sup) throw notFound('供应商不存在');
  if (input.goodId) {
    const good = await ctx.db
      .selectFrom('bladeSupGood')
      .select('id')
      .where('tenantId', '=', user.tenantId)
      .where('supId', '=', input.supId)
      .where('id', '=', input.goodId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!good) throw notFound('商品不存在');
  }
  const params: RefreshParams = {
    supId: input.supId,
    goodId: input.goodId ?? null,
    issueStart: input.issueStart,
    issueEnd: input.issueEnd,
  };
  const id = nextId();
  await ctx.db
    .insertInto('bladeSupBatchTask')
    .values({
      id,
      tenantId: user.tenantId,
      taskName: input.taskName,
      taskType: 'refreshVerification',
      params: JSON.stringify(params),
      state: 'waiting',
      total: 0,
      processed: 0,
      succeeded: 0,
      failedCount: 0,
      result: null,
      error: null,
      startedAt: null,
      finishedAt: null,
      claimedAt: null,
      ...insertAudit(user, formatDateTime(new Date(ctx.now() * 1000))),
    })
    .execute();
  return findTask(ctx, user, id);
}

/** Removes finished or waiting tasks (logic delete); a running task is 409, all or nothing. */
export async function removeTasks(ctx: AppContext, user: AuthUser, ids: readonly string[]) {
  if (ids.length === 0) throw badRequest('请选择要删除的任务');
  await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('bladeSupBatchTask')
      .select(['id', 'state'])
      .where('tenantId', '=', user.tenantId)
      .where('id', 'in', ids)
      .where('isDeleted', '=', 0)
      .execute();
    if (rows.length !== new Set(ids).size) throw notFound();
    if (rows.some((r) => r.state === 'running')) throw conflict(RUNNING_NOT_REMOVABLE);
    const result = await trx
      .updateTable('bladeSupBatchTask')
      .set({
        isDeleted: 1,
        updateUser: user.userId,
        updateTime: formatDateTime(new Date(ctx.now() * 1000)),
      })
      .where('tenantId', '=', user.tenantId)
      .where('id', 'in', ids)
      .where('isDeleted', '=', 0)
      // A worker that claimed one meanwhile wins: nothing is removed.
      .where('state', '!=', 'running')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== rows.length) throw conflict(RUNNING_NOT_REMOVABLE);
  });
}
