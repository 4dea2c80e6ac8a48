import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import { couponCodeLifecycle } from '../../../../machines/lifecycles/coupon-code-machine.js';
import type {
  BatchTaskResult,
  BatchTaskState,
} from '../../../../src/contracts/platform-supplier/batch-task.js';
import { FAILURE_REASONS, fillText, TEXT_SHAPES } from '../../../../src/contracts/server-texts.js';
import type { AppContext } from '../../../context.js';
import type { SupBatchTaskTable } from '../../../db/schema.js';
import { nextId } from '../../../lib/ids.js';
import { PollingWorker } from '../../../lib/polling-worker.js';
import { formatDateTime } from '../../../lib/time.js';
import { openCode } from '../coupon-code/code-crypto.js';
import { DriverError, driverSupplier, supplierDriver } from '../driver/index.js';
import { transitionOrConflict } from '../../../lib/lifecycle-guard.js';

/**
 * The batch-task job (issue 18 item 3, domain.md "Bulk work is a job"): `submit` queues a task
 * ('waiting'); a worker in every server process claims the oldest one with one conditional
 * UPDATE (PostgreSQL: the candidate row locked `FOR UPDATE SKIP LOCKED`, as lib/export's engine
 * does), walks the issued codes of the supplier (and good) issued in the range, 100 at a time,
 * asks the supplier's interface for their state and records the redemptions it reports. Progress
 * is written after every chunk together with the claim's lease (`claimedAt`); a task whose
 * lease runs out (the process died) is failed by the next sweep, never left running.
 */

export type BatchTaskRow = Selectable<SupBatchTaskTable>;

/** What `submit` stores in `params`. */
export interface RefreshParams {
  supId: string;
  goodId: string | null;
  issueStart: string;
  issueEnd: string;
}

/** Codes asked of the supplier per call (and written per transaction). */
export const CHUNK = 100;
/** The reason of a task whose worker stopped holding it. */
export const TASK_INTERRUPTED = FAILURE_REASONS.taskInterrupted.zh;

const STATE: Record<BatchTaskState, BatchTaskState> = {
  waiting: 'waiting',
  running: 'running',
  done: 'done',
  failed: 'failed',
};

export interface BatchTaskWorkerOptions {
  /** Idle poll interval (ms). */
  pollMs?: number;
  /** A running task not touched for this long (s) is failed by the sweep. */
  leaseSeconds?: number;
  logger?: FastifyBaseLogger;
}

/** The last lease a worker wrote on a task no longer matches: swept, or deleted. */
class LeaseLost extends Error {}

export class BatchTaskEngine extends PollingWorker<BatchTaskRow> {
  readonly leaseSeconds: number;

  constructor(
    private readonly ctx: AppContext,
    options: BatchTaskWorkerOptions = {},
  ) {
    super('batch-task worker', options.pollMs ?? 2000, options.logger);
    this.leaseSeconds = options.leaseSeconds ?? 120;
  }

  private text(epochSeconds: number): string {
    return formatDateTime(new Date(epochSeconds * 1000));
  }

  /** Fails running tasks whose process died (their lease ran out) before each poll. */
  protected override async beforePoll(): Promise<void> {
    await this.sweep();
  }

  /**
   * Takes the oldest waiting task: the UPDATE's own condition is still `state = waiting`, so of
   * two processes racing for it only one changes the row; on PostgreSQL the candidate is also
   * locked with SKIP LOCKED, so concurrent workers take different tasks instead of waiting.
   */
  override async claim(): Promise<BatchTaskRow | undefined> {
    const now = this.ctx.now();
    const postgres = this.ctx.dialect === 'postgres';
    const claimed = await this.ctx.db
      .updateTable('bladeSupBatchTask')
      .set({ state: STATE.running, claimedAt: now, startedAt: this.text(now) })
      .where('id', '=', (eb) => {
        const next = eb
          .selectFrom('bladeSupBatchTask')
          .select('id')
          .where('state', '=', STATE.waiting)
          .where('isDeleted', '=', 0)
          .orderBy('createTime')
          .orderBy('id')
          .limit(1);
        return postgres ? next.forUpdate().skipLocked() : next;
      })
      .where('state', '=', STATE.waiting)
      .where('isDeleted', '=', 0)
      .returningAll()
      .executeTakeFirst();
    return claimed as BatchTaskRow | undefined;
  }

  /**
   * Progress and a new lease in one conditional update on the lease this worker last wrote;
   * answers the new lease, or throws LeaseLost when the task is no longer this worker's.
   */
  private async report(
    task: BatchTaskRow,
    lease: number,
    counts: { total?: number; processed: number; succeeded: number; failedCount: number },
  ): Promise<number> {
    const now = Math.max(this.ctx.now(), lease);
    const result = await this.ctx.db
      .updateTable('bladeSupBatchTask')
      .set({ ...counts, claimedAt: now })
      .where('id', '=', task.id)
      .where('state', '=', STATE.running)
      .where('claimedAt', '=', lease)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new LeaseLost();
    return now;
  }

  private async finish(
    task: BatchTaskRow,
    lease: number,
    outcome: { state: 'done'; result: BatchTaskResult } | { state: 'failed'; error: string },
  ): Promise<void> {
    await this.ctx.db
      .updateTable('bladeSupBatchTask')
      .set({
        state: outcome.state,
        ...(outcome.state === 'done'
          ? { result: JSON.stringify(outcome.result), error: null }
          : { error: outcome.error.slice(0, 500) }),
        finishedAt: this.text(this.ctx.now()),
        claimedAt: null,
      })
      .where('id', '=', task.id)
      .where('state', '=', STATE.running)
      .where('claimedAt', '=', lease)
      .execute();
  }

  /** Works a claimed task to its end (done or failed). */
  override async run(task: BatchTaskRow): Promise<void> {
    let lease = Number(task.claimedAt);
    try {
      if (task.taskType !== 'refreshVerification') throw new Error('不支持的任务类型');
      const params = JSON.parse(task.params ?? '{}') as RefreshParams;
      const outcome = await this.refresh(task, params, (counts) =>
        this.report(task, lease, counts).then((next) => {
          lease = next;
        }),
      );
      await this.finish(task, lease, outcome);
    } catch (err) {
      if (err instanceof LeaseLost) {
        this.logger?.warn({ task: task.id }, 'batch-task worker: task no longer held');
        return;
      }
      const ref = nextId();
      this.logger?.error({ err, task: task.id, ref }, 'batch task failed');
      const message =
        err instanceof DriverError ? err.message : fillText(TEXT_SHAPES.taskFailed.zh, { ref });
      await this.finish(task, lease, { state: 'failed', error: message });
    }
  }

  /** The refresh of verification status: chunks of issued codes, asked of the driver. */
  private async refresh(
    task: BatchTaskRow,
    params: RefreshParams,
    report: (counts: {
      total?: number;
      processed: number;
      succeeded: number;
      failedCount: number;
    }) => Promise<void>,
  ): Promise<{ state: 'done'; result: BatchTaskResult } | { state: 'failed'; error: string }> {
    const { db } = this.ctx;
    const scope = () => {
      let q = db
        .selectFrom('bladeSupCouponCode')
        .where('tenantId', '=', task.tenantId)
        .where('supId', '=', params.supId)
        .where('isDeleted', '=', 0)
        .where('state', '=', 'issued')
        .where('issueTime', '>=', params.issueStart)
        .where('issueTime', '<=', params.issueEnd);
      if (params.goodId) q = q.where('goodId', '=', params.goodId);
      return q;
    };
    const totalRow = await scope()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const total = Number(totalRow?.n ?? 0);
    const counts = { total, processed: 0, succeeded: 0, failedCount: 0 };
    await report(counts);
    const supplier = await driverSupplier(this.ctx, task.tenantId, params.supId);
    const driver = supplierDriver(this.ctx, supplier);
    // issued -> used through the machine (the same one the console asks).
    const used = transitionOrConflict(couponCodeLifecycle, 'issued', 'use');
    let usedCount = 0;
    let lastFailure: string | undefined;
    let after = '';
    for (;;) {
      const chunk = await scope()
        .select(['id', 'codeCipher', 'goodId', 'orderId'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(CHUNK)
        .execute();
      if (chunk.length === 0) break;
      after = chunk[chunk.length - 1]!.id;
      const plain = new Map(chunk.map((c) => [openCode(this.ctx, c.codeCipher), c]));
      let answers: Awaited<ReturnType<typeof driver.queryCodeStatus>> | undefined;
      try {
        answers = await driver.queryCodeStatus(supplier, [...plain.keys()]);
      } catch (err) {
        if (!(err instanceof DriverError)) throw err;
        lastFailure = err.message;
      }
      if (!answers) {
        counts.failedCount += chunk.length;
      } else {
        const nowText = this.text(this.ctx.now());
        // One conditional UPDATE for the chunk's redeemed codes (each its own use time) and one
        // INSERT of their redemptions, in one transaction: two round trips per chunk. A code
        // moved meanwhile (refunded, invalidated, another refresh) keeps its new state: the
        // condition leaves it out, and only the codes really moved get a redemption.
        const times = new Map(
          answers
            .filter((a) => a.state === 'used' && plain.has(a.code))
            .map((a) => [plain.get(a.code)!.id, a.usedTime ?? nowText]),
        );
        if (times.size > 0)
          usedCount += await db.transaction().execute(async (trx) => {
            const ids = [...times.keys()];
            const moved = await trx
              .updateTable('bladeSupCouponCode')
              .set((eb) => {
                let usedTime = eb.case('id').when(ids[0]!).then(times.get(ids[0]!)!);
                for (const id of ids.slice(1)) usedTime = usedTime.when(id).then(times.get(id)!);
                return {
                  state: used,
                  usedTime: usedTime.end(),
                  updateTime: nowText,
                  version: eb('version', '+', 1),
                };
              })
              .where('tenantId', '=', task.tenantId)
              .where('id', 'in', ids)
              .where('state', '=', 'issued')
              .returning(['id', 'goodId', 'orderId'])
              .execute();
            if (moved.length > 0)
              await trx
                .insertInto('bladeSupCouponCodeExchange')
                .values(
                  moved.map((code) => ({
                    id: nextId(),
                    tenantId: task.tenantId,
                    codeId: code.id,
                    supId: params.supId,
                    goodId: code.goodId,
                    orderId: code.orderId,
                    storeCode: null,
                    storeName: null,
                    exchangeTime: times.get(code.id)!,
                    source: 'renew',
                    cancelled: 0,
                    cancelTime: null,
                    createUser: task.createUser,
                    createDept: null,
                    createTime: nowText,
                    updateUser: null,
                    updateTime: null,
                    status: 1,
                    isDeleted: 0,
                  })),
                )
                .execute();
            return moved.length;
          });
        counts.succeeded += chunk.length;
      }
      counts.processed += chunk.length;
      await report({
        processed: counts.processed,
        succeeded: counts.succeeded,
        failedCount: counts.failedCount,
      });
    }
    if (counts.processed > 0 && counts.succeeded === 0 && lastFailure)
      return { state: 'failed', error: lastFailure };
    return {
      state: 'done',
      result: {
        total,
        checked: counts.succeeded,
        used: usedCount,
        failed: counts.failedCount,
      },
    };
  }

  /** Running tasks whose lease ran out (their process died) become failed. */
  async sweep(): Promise<void> {
    const now = this.ctx.now();
    await this.ctx.db
      .updateTable('bladeSupBatchTask')
      .set({
        state: STATE.failed,
        error: TASK_INTERRUPTED,
        finishedAt: this.text(now),
        claimedAt: null,
      })
      .where('state', '=', STATE.running)
      .where((eb) =>
        eb.or([eb('claimedAt', 'is', null), eb('claimedAt', '<', now - this.leaseSeconds)]),
      )
      .execute();
  }
}

const engines = new WeakMap<AppContext, BatchTaskEngine>();

/** The batch-task engine of a server (one per app; its routes create it). */
export function batchTaskEngine(
  ctx: AppContext,
  options?: BatchTaskWorkerOptions,
): BatchTaskEngine {
  let engine = engines.get(ctx);
  if (!engine) {
    engine = new BatchTaskEngine(ctx, options);
    engines.set(ctx, engine);
  }
  return engine;
}
