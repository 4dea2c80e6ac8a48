import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { bulkOrderBatchLifecycle } from '../../../../machines/lifecycles/bulk-order-batch-machine.js';
import { BULK_ORDER_MESSAGES } from '../../../../src/contracts/platform-client/bulk-order.js';
import type { AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import { ApiError, badInput, badRequest, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { RESULT_EXPIRED, XLSX_TYPE, type Upload } from '../../../lib/import/index.js';
import { moveRecord } from '../../../lib/lifecycle-guard.js';
import { insertAudit } from '../../../lib/records.js';
import { attachmentDisposition } from '../../../lib/storage/file-types.js';
import { storageOf } from '../../../lib/storage/index.js';
import { formatDateTime } from '../../../lib/time.js';
import { batchFileKey } from './engine.js';
import { readOrders } from './sheet.js';

/** What the upload answers: the queued batch. */
export interface QueuedBatch {
  id: string;
  batchNo: string;
  fileName: string;
  total: number;
  state: string;
}

const { appRequired, appMissing, appDisabled, noResult } = BULK_ORDER_MESSAGES;

/**
 * Queues a batch of an upload already checked as an xlsx (type, size): its app (field `appId`)
 * must be a live, enabled app of the caller's tenant; its headers and row count are checked
 * here, each row by the job. The upload is stored (lib/storage) and the batch written 'waiting'.
 */
export async function queueBatch(
  ctx: AppContext,
  user: AuthUser,
  upload: Upload,
): Promise<QueuedBatch> {
  const appId = upload.fields.appId?.trim();
  if (!appId) throw badInput(`appId:${appRequired.zh}`);
  const app = await ctx.db
    .selectFrom('bladePsclientApp')
    .select(['id', 'clientId', 'enabled'])
    .where('tenantId', '=', user.tenantId)
    .where('id', '=', appId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!app) throw badRequest(`appId:${appMissing.zh}`);
  if (Number(app.enabled) !== 1) throw badRequest(`appId:${appDisabled.zh}`);
  const rows = await readOrders(upload.buffer);

  const id = nextId();
  const now = formatDateTime(new Date(ctx.now() * 1000));
  const batchNo = `BO${now.slice(0, 10).replace(/-/g, '')}${id}`;
  const key = batchFileKey(user.tenantId, id, 'upload');
  const store = storageOf(ctx.config);
  await store.put(key, upload.buffer, { contentType: XLSX_TYPE, size: upload.buffer.length });
  const fileName = upload.fileName.slice(0, 255);
  try {
    await ctx.db
      .insertInto('bladeClientOrderImportBatch')
      .values({
        id,
        tenantId: user.tenantId,
        batchNo,
        clientId: app.clientId,
        appId: app.id,
        fileName,
        uploadKey: key,
        resultKey: null,
        total: rows.length,
        processed: 0,
        succeeded: 0,
        failed: 0,
        state: 'waiting',
        error: null,
        startedAt: null,
        finishedAt: null,
        claimedAt: null,
        ...insertAudit(user, now),
      })
      .execute();
  } catch (err) {
    await store.remove(key);
    throw err;
  }
  return { id, batchNo, fileName, total: rows.length, state: 'waiting' };
}

async function batchOf(ctx: AppContext, user: AuthUser, id: string) {
  return ctx.db
    .selectFrom('bladeClientOrderImportBatch')
    .selectAll()
    .where('tenantId', '=', user.tenantId)
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

/** Cancels a waiting batch (the machine refuses any other state: 409 naming it). */
export async function cancelBatch(ctx: AppContext, user: AuthUser, id: string): Promise<void> {
  await moveRecord(
    bulkOrderBatchLifecycle,
    'cancel',
    () => batchOf(ctx, user, id),
    async (row, to) => {
      const now = formatDateTime(new Date(ctx.now() * 1000));
      const moved = await ctx.db
        .updateTable('bladeClientOrderImportBatch')
        .set({
          state: to,
          finishedAt: now,
          updateUser: user.userId,
          updateTime: now,
          version: sql<number>`version + 1`,
        })
        .where('id', '=', row.id)
        .where('state', '=', row.state)
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1;
    },
  );
}

/**
 * Sends a batch's result file as an attachment ('<batchNo>-下单结果.xlsx'). A batch of another
 * tenant is 404; one without a result file (not finished, cancelled) is 404 naming it; a result
 * file removed after FILE_RETENTION_DAYS is 410, as for imports.
 */
export async function sendResult(
  ctx: AppContext,
  user: AuthUser,
  reply: FastifyReply,
  id: string,
): Promise<FastifyReply> {
  const batch = await batchOf(ctx, user, id);
  if (!batch) throw notFound();
  if (!batch.resultKey) {
    if (batch.state === 'done') throw new ApiError(410, RESULT_EXPIRED);
    throw notFound(noResult.zh);
  }
  const stored = await storageOf(ctx.config).get(batch.resultKey);
  if (!stored) throw new ApiError(410, RESULT_EXPIRED);
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Length', String(stored.size))
    .header('Content-Disposition', attachmentDisposition(`${batch.batchNo}-下单结果.xlsx`))
    .header('X-Content-Type-Options', 'nosniff')
    .send(stored.stream);
}
