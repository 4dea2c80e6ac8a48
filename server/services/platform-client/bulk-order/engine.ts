import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import { bulkOrderBatchLifecycle } from '../../../../machines/lifecycles/bulk-order-batch-machine.js';
import { BULK_ORDER_MESSAGES } from '../../../../src/contracts/platform-client/bulk-order.js';
import { FAILURE_REASONS, fillText, TEXT_SHAPES } from '../../../../src/contracts/server-texts.js';
import type { AppContext } from '../../../context.js';
import type { ClientOrderImportBatchTable } from '../../../db/schema.js';
import { nextId } from '../../../lib/ids.js';
import { XLSX_TYPE } from '../../../lib/import/index.js';
import { transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { PollingWorker } from '../../../lib/polling-worker.js';
import { isObjectKey, storageOf } from '../../../lib/storage/index.js';
import { formatDateTime } from '../../../lib/time.js';
import { placeOrder, PlaceOrderRefusal } from '../order/place-order.js';
import { checkLine, readOrders, resultFile, type LineResult } from './sheet.js';

/**
 * The bulk order job (issue 27 item 5; mirrors platform-supplier/batch-task/engine.ts): the
 * upload queues a batch ('waiting'); a worker in every server process claims the oldest with one
 * conditional UPDATE (PostgreSQL: the candidate locked `FOR UPDATE SKIP LOCKED`), reads the
 * stored upload and places each row through `placeOrder` (the one service path of client
 * orders). Progress is written every few rows together with the claim's lease (`claimedAt`); the
 * result file (one row per input row) is stored when the batch ends. A batch whose lease runs
 * out (its process died) is failed by the next sweep; a stopping server gives its batch back to
 * the queue, and the rerun is safe: an outOrderNo already placed answers its order (replayed).
 * Uploads are removed once a batch has ended, result files after FILE_RETENTION_DAYS.
 */

export type BulkOrderBatchRow = Selectable<ClientOrderImportBatchTable>;

/** Progress is written after this many rows (or a second), with the lease. */
export const REPORT_EVERY = 10;
/** The error of a batch whose process died (the sweep's). */
export const BATCH_INTERRUPTED = FAILURE_REASONS.taskInterrupted.zh;
/** Final states: the upload is no longer needed; the result file ages out. */
const ENDED = ['done', 'failed', 'cancelled'];
/** How often (s) a process looks for files to remove. */
const RETAIN_EVERY_SECONDS = 60;

const STARTED = transitionOrConflict(bulkOrderBatchLifecycle, 'waiting', 'start');
const DONE = transitionOrConflict(bulkOrderBatchLifecycle, STARTED, 'finish');
const FAILED = transitionOrConflict(bulkOrderBatchLifecycle, STARTED, 'fail');
const RELEASED = transitionOrConflict(bulkOrderBatchLifecycle, STARTED, 'release');
/** Order states that count as a failed row (the rest were placed). */
const FAILED_ORDER = new Set(['failed', 'closed', 'cancelled']);

/** Object keys of a batch's files (tenant ids are digits; anything else is kept out). */
export function batchFileKey(tenantId: string, id: string, kind: 'upload' | 'result'): string {
  const tenant = /^[A-Za-z0-9_-]{1,64}$/.test(tenantId) ? tenantId : 'other';
  return `bulk-orders/${tenant}/${id}-${kind}.xlsx`;
}

export interface BulkOrderWorkerOptions {
  /** Idle poll interval (ms). */
  pollMs?: number;
  /** A running batch not touched for this long (s) is failed by the sweep. */
  leaseSeconds?: number;
  /** Progress is also written when this long (ms) has passed since the last report. */
  reportMs?: number;
  logger?: FastifyBaseLogger;
}

type Counts = { processed: number; succeeded: number; failed: number };
/** The batch's app, or why none of its rows can be placed. */
type BatchApp = { app?: { id: string; clientId: string }; refusal?: string };

/** The lease this worker last wrote no longer matches: swept, or taken by another. */
class LeaseLost extends Error {}
/** The server is stopping: the batch goes back to the queue. */
class Stopping extends Error {}

export class BulkOrderEngine extends PollingWorker<BulkOrderBatchRow> {
  readonly leaseSeconds: number;
  private readonly reportMs: number;
  private retainedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly ctx: AppContext,
    options: BulkOrderWorkerOptions = {},
  ) {
    super('bulk-order worker', options.pollMs ?? 2000, options.logger);
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.reportMs = options.reportMs ?? 1000;
  }

  private text(epochSeconds: number): string {
    return formatDateTime(new Date(epochSeconds * 1000));
  }

  /** Before each poll: fail batches whose process died; now and then, remove ended files. */
  protected override async beforePoll(): Promise<void> {
    await this.sweep();
    const now = this.ctx.now();
    if (now - this.retainedAt >= RETAIN_EVERY_SECONDS) {
      this.retainedAt = now;
      await this.retain();
    }
  }

  /** Takes the oldest waiting batch; of racing processes only one changes the row. */
  override async claim(): Promise<BulkOrderBatchRow | undefined> {
    const now = this.ctx.now();
    const postgres = this.ctx.dialect === 'postgres';
    const claimed = await this.ctx.db
      .updateTable('bladeClientOrderImportBatch')
      .set({
        state: STARTED,
        claimedAt: now,
        startedAt: this.text(now),
        // A batch given back by a stopping server starts again from its first row.
        processed: 0,
        succeeded: 0,
        failed: 0,
        error: null,
      })
      .where('id', '=', (eb) => {
        const next = eb
          .selectFrom('bladeClientOrderImportBatch')
          .select('id')
          .where('state', '=', 'waiting')
          .where('isDeleted', '=', 0)
          .orderBy('createTime')
          .orderBy('id')
          .limit(1);
        return postgres ? next.forUpdate().skipLocked() : next;
      })
      .where('state', '=', 'waiting')
      .where('isDeleted', '=', 0)
      .returningAll()
      .executeTakeFirst();
    return claimed as BulkOrderBatchRow | undefined;
  }

  /** Progress and a new lease, on the lease this worker last wrote; answers the new lease. */
  protected async report(batch: BulkOrderBatchRow, lease: number, counts: Counts) {
    const now = Math.max(this.ctx.now(), lease);
    const result = await this.ctx.db
      .updateTable('bladeClientOrderImportBatch')
      .set({ ...counts, claimedAt: now })
      .where('id', '=', batch.id)
      .where('state', '=', STARTED)
      .where('claimedAt', '=', lease)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new LeaseLost();
    return now;
  }

  /** The batch's end: its state, counts and result file, if the lease is still this worker's. */
  private async finish(
    batch: BulkOrderBatchRow,
    lease: number,
    end: { state: string; counts: Counts; lines: LineResult[]; error: string | null },
  ): Promise<void> {
    const key = batchFileKey(batch.tenantId, batch.id, 'result');
    const file = await resultFile(end.lines);
    const store = storageOf(this.ctx.config);
    await store.put(key, file, { contentType: XLSX_TYPE, size: file.length });
    const now = this.text(this.ctx.now());
    const ended = await this.ctx.db
      .updateTable('bladeClientOrderImportBatch')
      .set((eb) => ({
        ...end.counts,
        state: end.state,
        error: end.error?.slice(0, 500) ?? null,
        resultKey: key,
        finishedAt: now,
        updateTime: now,
        claimedAt: null,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', batch.id)
      .where('state', '=', STARTED)
      .where('claimedAt', '=', lease)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) {
      await store.remove(key);
      this.logger?.warn({ batch: batch.id }, 'bulk-order worker: batch no longer held');
    }
  }

  /** Back to the queue (this process is stopping): the next claim runs it from its first row. */
  private async release(batch: BulkOrderBatchRow, lease: number): Promise<void> {
    await this.ctx.db
      .updateTable('bladeClientOrderImportBatch')
      .set({ state: RELEASED, claimedAt: null, startedAt: null })
      .where('id', '=', batch.id)
      .where('state', '=', STARTED)
      .where('claimedAt', '=', lease)
      .execute();
  }

  /** Works a claimed batch to its end: every row placed or refused, then the result file. */
  override async run(batch: BulkOrderBatchRow): Promise<void> {
    let lease = Number(batch.claimedAt);
    const lines: LineResult[] = [];
    const counts: Counts = { processed: 0, succeeded: 0, failed: 0 };
    let rows: Awaited<ReturnType<typeof readOrders>> = [];
    try {
      rows = await readOrders(await this.upload(batch));
      const app = await this.app(batch);
      const seen = new Map<string, number>();
      let reported = Date.now();
      for (const row of rows) {
        if (this.stopping) throw new Stopping();
        const line = await this.placeRow(batch, app, row, seen);
        lines.push(line);
        counts.processed += 1;
        if (line.ok) counts.succeeded += 1;
        else counts.failed += 1;
        if (counts.processed % REPORT_EVERY === 0 || Date.now() - reported >= this.reportMs) {
          lease = await this.report(batch, lease, counts);
          reported = Date.now();
        }
      }
      await this.finish(batch, lease, { state: DONE, counts, lines, error: null });
    } catch (err) {
      if (err instanceof LeaseLost) {
        this.logger?.warn({ batch: batch.id }, 'bulk-order worker: batch no longer held');
        return;
      }
      if (err instanceof Stopping) {
        await this.release(batch, lease);
        return;
      }
      const ref = nextId();
      this.logger?.error({ err, batch: batch.id, ref }, 'bulk order batch failed');
      // What was done so far is in the result file; the rest is named as not processed.
      const rest = rows.slice(lines.length).map((r) => ({
        row: r.row,
        values: r.values,
        ok: false,
        reason: '未处理：批次执行中断',
      }));
      const error = fillText(TEXT_SHAPES.taskFailed.zh, { ref });
      await this.finish(batch, lease, { state: FAILED, counts, lines: [...lines, ...rest], error });
    }
  }

  /** The stored upload; a missing one fails the batch. */
  private async upload(batch: BulkOrderBatchRow): Promise<Buffer> {
    const stored = batch.uploadKey
      ? await storageOf(this.ctx.config).get(batch.uploadKey)
      : undefined;
    if (!stored) throw new Error(`bulk order upload ${batch.uploadKey ?? '(none)'} is missing`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The batch's app as it is now: a refusal for every row when it is gone or disabled. */
  private async app(batch: BulkOrderBatchRow): Promise<BatchApp> {
    const app = await this.ctx.db
      .selectFrom('bladePsclientApp')
      .select(['id', 'clientId', 'enabled'])
      .where('tenantId', '=', batch.tenantId)
      .where('id', '=', batch.appId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!app) return { refusal: BULK_ORDER_MESSAGES.appMissing.zh };
    if (Number(app.enabled) !== 1) return { refusal: BULK_ORDER_MESSAGES.appDisabled.zh };
    return { app: { id: app.id, clientId: app.clientId } };
  }

  /** One row: its cells checked, then placed; a refusal or a failed order is a failed row. */
  private async placeRow(
    batch: BulkOrderBatchRow,
    { app, refusal }: BatchApp,
    row: Awaited<ReturnType<typeof readOrders>>[number],
    seen: Map<string, number>,
  ): Promise<LineResult> {
    const base = { row: row.row, values: row.values };
    const checked = checkLine(row, seen);
    if ('reason' in checked) return { ...base, ok: false, reason: checked.reason };
    if (!app) return { ...base, ok: false, reason: refusal ?? '' };
    try {
      const { order, replayed } = await placeOrder(this.ctx, {
        tenantId: batch.tenantId,
        app,
        ...checked.line,
        source: 'bulk',
        userId: batch.createUser,
      });
      const failed = FAILED_ORDER.has(order.state);
      const earlier = replayed && (order.createTime ?? '') <= (batch.createTime ?? '');
      return {
        ...base,
        ok: !failed,
        orderNo: order.orderNo,
        orderState: order.state,
        reason: failed
          ? (order.lastError ?? '下单失败')
          : earlier
            ? '该应用订单号此前已下单，返回已有订单'
            : '',
      };
    } catch (err) {
      if (err instanceof PlaceOrderRefusal) return { ...base, ok: false, reason: err.message };
      throw err;
    }
  }

  /** Running batches whose lease ran out (their process died) become failed. */
  async sweep(): Promise<void> {
    const now = this.ctx.now();
    await this.ctx.db
      .updateTable('bladeClientOrderImportBatch')
      .set({
        state: FAILED,
        error: BATCH_INTERRUPTED,
        finishedAt: this.text(now),
        claimedAt: null,
      })
      .where('state', '=', STARTED)
      .where((eb) =>
        eb.or([eb('claimedAt', 'is', null), eb('claimedAt', '<', now - this.leaseSeconds)]),
      )
      .execute();
  }

  /**
   * Removes the uploads of ended batches (the result file holds what the job made of them) and
   * the result files older than FILE_RETENTION_DAYS (a download then answers 410). A pointer is
   * cleared only while it still names the file removed, so processes doing it at once do no harm.
   */
  async retain(batchSize = 200): Promise<void> {
    const db = this.ctx.db;
    const store = storageOf(this.ctx.config);
    const cutoff = this.text(this.ctx.now() - this.ctx.config.fileRetentionDays * 86400);
    const uploads = await db
      .selectFrom('bladeClientOrderImportBatch')
      .select(['id', 'uploadKey as key'])
      .where('state', 'in', ENDED)
      .where('uploadKey', 'is not', null)
      .limit(batchSize)
      .execute();
    const results = await db
      .selectFrom('bladeClientOrderImportBatch')
      .select(['id', 'resultKey as key'])
      .where('state', 'in', ENDED)
      .where('resultKey', 'is not', null)
      .where('createTime', '<=', cutoff)
      .limit(batchSize)
      .execute();
    for (const [column, rows] of [
      ['uploadKey', uploads],
      ['resultKey', results],
    ] as const)
      for (const { id, key } of rows) {
        try {
          if (key && isObjectKey(key)) await store.remove(key);
          await db
            .updateTable('bladeClientOrderImportBatch')
            .set({ [column]: null })
            .where('id', '=', id)
            .where(column, '=', key)
            .execute();
        } catch (err) {
          this.logger?.warn({ err, batch: id }, 'bulk-order worker: file not removed');
        }
      }
  }
}

const engines = new WeakMap<AppContext, BulkOrderEngine>();

/** The bulk order engine of a server (one per app; its routes create it). */
export function bulkOrderEngine(
  ctx: AppContext,
  options?: BulkOrderWorkerOptions,
): BulkOrderEngine {
  let engine = engines.get(ctx);
  if (!engine) {
    engine = new BulkOrderEngine(ctx, options);
    engines.set(ctx, engine);
  }
  return engine;
}
