import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DataExportTable, DB } from '../../db/schema.js';
import type { Access, AuthUser } from '../../auth/index.js';
import { ApiError } from '../errors.js';
import { nextId } from '../ids.js';
import type { QueryMap } from '../query.js';
import { PollingWorker } from '../polling-worker.js';
import { formatDateTime } from '../time.js';
import { exportStorageOf, putFile } from '../storage/index.js';
import {
  removeQuietly,
  XLSX_TYPE,
  XlsxStreamWriter,
  type ExportCell,
  type SheetColumn,
} from './xlsx.js';

/**
 * The export queue (issue 6): `POST {service}/excel/export/async` inserts a queued task; any
 * server process's worker claims it with a row lock (PostgreSQL `FOR UPDATE SKIP LOCKED`;
 * SQLite: one conditional UPDATE, so two processes cannot both win), holds it with a lease it
 * renews while writing, and streams the rows to an .xlsx under DATA_DIR/exports, which then goes
 * to the export store (storage/index.ts exportStorageOf: the S3 bucket when configured, so any
 * process serves the download; else it stays in DATA_DIR/exports). A task whose lease runs out
 * (the process died) is failed by the next sweep, never left running.
 */

/** Status texts the export centre shows (spec section 4: 'file generated' means finished). */
export const EXPORT_STATUS = {
  queued: '排队中',
  running: '生成中',
  done: '文件已生成',
  failed: '生成失败',
} as const;

/** Spec section 8: the answer to `excel/export/async`. */
export const EXPORT_CREATED = '新建导出任务成功，请在数据导出中心查看任务文件';
/** The reason of a task whose worker stopped holding it (crashed or killed). */
export const EXPORT_INTERRUPTED = '导出进程中断';
/**
 * A download of a file past its retention (FILE_RETENTION_DAYS; expireTime tells the user), which
 * the retention job (lib/file-retention.ts) has removed or is about to: 410 with this.
 */
export const EXPORT_FILE_EXPIRED = '文件已过期，请重新导出';
/** Unfinished (queued or running) tasks a user may have at once. */
export const MAX_PENDING_EXPORTS = 5;
/**
 * `Retry-After` (s) of the 429 past that limit: when a task will finish is not known, so the
 * client is told to look again after about the time a usual export takes (half a lease).
 */
export const EXPORT_RETRY_AFTER_SECONDS = 30;

/** Where exports are written while they are made (and kept, without S3). */
export function exportFilesDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, 'exports');
}

export type ExportTask = Selectable<DataExportTable>;

/** What an exporter reads with: the caller as authenticated when the task was created. */
export interface ExportCall {
  ctx: AppContext;
  db: Kysely<DB>;
  user: AuthUser;
}

/**
 * One kind of export (an excelType of a service). Table declarations get one from their
 * `export` option (lib/table); a hand-written service can register its own.
 */
export interface Exporter {
  /** Service path without /api; the route is `POST /api/<service>/excel/export/async`. */
  service: string;
  excelType: string;
  /** The file's name without extension (zh); the task's is `<fileName>-<yyyyMMddHHmmss>.xlsx`. */
  fileName: string;
  /** Who may start it. */
  access: Access;
  columns: readonly SheetColumn[];
  /**
   * Refuses parameters the list would refuse (a 400 when the task is created), with the caller
   * (an encrypted filter is opened with the server's key and matched in the caller's tenant).
   */
  validate?: (query: QueryMap, call: ExportCall) => void | Promise<void>;
  /** Rows the export will write (progress). */
  count(call: ExportCall, query: QueryMap): Promise<number>;
  /** The rows in the list's order, a batch at a time, one cell per column. */
  rows(call: ExportCall, query: QueryMap, batchSize: number): AsyncIterable<ExportCell[][]>;
}

/**
 * A failure whose message the export centre may show (no SQL, no stack). `cause` is logged
 * with a reference the message then carries.
 */
export class ExportFailure extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
  }
}

/** The worker no longer holds the task (swept as crashed, or deleted by its owner). */
class LeaseLost extends Error {}
/** The worker is stopping: the task goes back to the queue. */
class Stopping extends Error {}

export interface ExportWorkerOptions {
  /** This process's name in lease_owner (default host:pid:random). */
  owner?: string;
  /** How long a claim holds without renewal (s); renewed every third of it while writing. */
  leaseSeconds?: number;
  /** Idle poll interval of the worker loop (ms). */
  pollMs?: number;
  /** Crashed jobs and spent tickets are swept this often (s); expired files: lib/file-retention. */
  sweepSeconds?: number;
  /** Rows read per query. */
  batchSize?: number;
  logger?: FastifyBaseLogger;
}

const key = (service: string, excelType: string) => `${service}\n${excelType}`;

export class ExportEngine extends PollingWorker<ExportTask> {
  readonly owner: string;
  readonly leaseSeconds: number;
  private readonly sweepSeconds: number;
  /** Rows read per query (tests lower it to cross batch boundaries with few rows). */
  batchSize: number;
  private readonly exporters = new Map<string, Exporter>();
  private readonly services = new Map<string, Exporter[]>();
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly ctx: AppContext,
    options: ExportWorkerOptions = {},
  ) {
    super('export worker', options.pollMs ?? 1000, options.logger);
    this.owner =
      options.owner ??
      `${os.hostname().slice(0, 32)}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.leaseSeconds = options.leaseSeconds ?? 60;
    this.sweepSeconds = options.sweepSeconds ?? 15;
    this.batchSize = options.batchSize ?? 1000;
  }

  /** Adds an exporter; true when it is the first of its service (its route is then added). */
  register(exporter: Exporter): boolean {
    const k = key(exporter.service, exporter.excelType);
    if (this.exporters.has(k))
      throw new Error(`export ${exporter.service} ${exporter.excelType} is declared twice`);
    this.exporters.set(k, exporter);
    const list = this.services.get(exporter.service);
    if (list) list.push(exporter);
    else this.services.set(exporter.service, [exporter]);
    return !list;
  }

  /** The exporter of a service by excelType (absent: the service's only one). */
  exporter(service: string, excelType: string | undefined): Exporter | undefined {
    if (excelType !== undefined) return this.exporters.get(key(service, excelType));
    const list = this.services.get(service);
    return list?.length === 1 ? list[0] : undefined;
  }

  private text(epochSeconds: number): string {
    return formatDateTime(new Date(epochSeconds * 1000));
  }

  /** Queues a task for `user`; the worker (this process's or another's) writes it. */
  async create(user: AuthUser, exporter: Exporter, query: QueryMap): Promise<ExportTask> {
    const db = this.ctx.db;
    const pending = await db
      .selectFrom('bladeDataExport')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenantId', '=', user.tenantId)
      .where('userId', '=', user.userId)
      .where('isDeleted', '=', 0)
      .where('status', 'in', [EXPORT_STATUS.queued, EXPORT_STATUS.running])
      .executeTakeFirst();
    if (Number(pending?.n ?? 0) >= MAX_PENDING_EXPORTS)
      throw new ApiError(429, '进行中的导出任务过多，请等待完成后再试', {
        'retry-after': String(EXPORT_RETRY_AFTER_SECONDS),
      });
    const now = this.ctx.now();
    const stamp = this.text(now).replace(/\D/g, '');
    const task = {
      id: nextId(),
      tenantId: user.tenantId,
      userId: user.userId,
      excelType: exporter.excelType,
      service: exporter.service,
      sourceFileName: `${exporter.fileName}-${stamp}.xlsx`,
      status: EXPORT_STATUS.queued,
      query: JSON.stringify(query),
      caller: JSON.stringify(user),
      filePath: null,
      errorMessage: null,
      createTime: this.text(now),
      expireTime: this.text(now + this.ctx.config.fileRetentionDays * 86400),
      isDeleted: 0,
    };
    await db.insertInto('bladeDataExport').values(task).execute();
    this.wake();
    return (await db
      .selectFrom('bladeDataExport')
      .selectAll()
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow()) as ExportTask;
  }

  // ---- the worker loop -------------------------------------------------------------------

  /** Sweeps expired leases at most every `sweepSeconds`. */
  protected override async beforePoll(): Promise<void> {
    if (this.ctx.now() - this.lastSweep >= this.sweepSeconds) await this.sweep();
  }

  /**
   * Claims the oldest queued task: one UPDATE whose condition is still `status = queued`, so of
   * two workers racing for a row only one changes it; on PostgreSQL the candidate row is also
   * locked with SKIP LOCKED, so concurrent workers take different tasks instead of waiting.
   */
  override async claim(): Promise<ExportTask | undefined> {
    const now = this.ctx.now();
    const postgres = this.ctx.dialect === 'postgres';
    const claimed = await this.ctx.db
      .updateTable('bladeDataExport')
      .set({
        status: EXPORT_STATUS.running,
        leaseOwner: this.owner,
        leaseExpires: now + this.leaseSeconds,
        startTime: this.text(now),
        progress: 0,
        rowCount: 0,
      })
      .where('id', '=', (eb) => {
        const next = eb
          .selectFrom('bladeDataExport')
          .select('id')
          .where('status', '=', EXPORT_STATUS.queued)
          .where('isDeleted', '=', 0)
          .orderBy('createTime')
          .orderBy('id')
          .limit(1);
        return postgres ? next.forUpdate().skipLocked() : next;
      })
      .where('status', '=', EXPORT_STATUS.queued)
      .where('isDeleted', '=', 0)
      .returningAll()
      .executeTakeFirst();
    return claimed as ExportTask | undefined;
  }

  /** Renews the lease and reports progress; false when this worker no longer holds the task. */
  private async touch(id: string, rows: number, total: number | undefined): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('bladeDataExport')
      .set({
        leaseExpires: this.ctx.now() + this.leaseSeconds,
        rowCount: rows,
        progress: total ? Math.min(99, Math.floor((rows * 100) / total)) : 0,
        ...(total !== undefined ? { totalRows: total } : {}),
      })
      .where('id', '=', id)
      .where('leaseOwner', '=', this.owner)
      .where('status', '=', EXPORT_STATUS.running)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Writes a claimed task's file and records the outcome (done, failed, or back to the queue). */
  override async run(task: ExportTask): Promise<void> {
    const dir = exportFilesDir(this.ctx);
    const fileName = `${task.id}.xlsx`;
    const part = path.join(dir, `${fileName}.part`);
    let writer: XlsxStreamWriter | undefined;
    let stored = false;
    let lost = false;
    let total: number | undefined;
    const heartbeat = setInterval(
      () => {
        this.touch(task.id, writer?.rows ?? 0, total).then(
          (held) => {
            if (!held) lost = true;
          },
          (err: unknown) => this.logger?.warn({ err }, 'export worker: lease renewal failed'),
        );
      },
      Math.max(1000, (this.leaseSeconds * 1000) / 3),
    );
    heartbeat.unref();
    try {
      const exporter = task.service ? this.exporter(task.service, task.excelType) : undefined;
      if (!exporter || !task.caller) throw new ExportFailure('不支持的导出类型');
      const call: ExportCall = {
        ctx: this.ctx,
        db: this.ctx.db,
        user: JSON.parse(task.caller) as AuthUser,
      };
      const query = JSON.parse(task.query ?? '{}') as QueryMap;
      total = await exporter.count(call, query).catch((err: unknown) => {
        throw new ExportFailure('读取数据失败', err);
      });
      if (!(await this.touch(task.id, 0, total))) throw new LeaseLost();
      fs.mkdirSync(dir, { recursive: true });
      writer = new XlsxStreamWriter(part, exporter.fileName, exporter.columns);
      let reported = Date.now();
      const written = (err: unknown) => {
        throw new ExportFailure('写入文件失败', err);
      };
      for await (const batch of exporter.rows(call, query, this.batchSize)) {
        try {
          for (const cells of batch) writer.add(cells);
        } catch (err) {
          written(err);
        }
        // SQLite answers synchronously: without a turn of the event loop per batch, requests
        // would wait for the whole export and the zip would buffer it instead of writing it.
        await writer.flush().catch(written);
        if (lost) throw new LeaseLost();
        if (this.stopping) throw new Stopping();
        if (Date.now() - reported >= 1000) {
          reported = Date.now();
          if (!(await this.touch(task.id, writer.rows, total))) throw new LeaseLost();
        }
      }
      await writer.finish().catch(written);
      const store = exportStorageOf(this.ctx.config);
      stored = true;
      const fileSize = await putFile(store, fileName, part, XLSX_TYPE).catch(written);
      const now = this.ctx.now();
      const done = await this.ctx.db
        .updateTable('bladeDataExport')
        .set({
          status: EXPORT_STATUS.done,
          filePath: fileName,
          fileSize,
          rowCount: writer.rows,
          totalRows: writer.rows,
          progress: 100,
          finishTime: this.text(now),
          expireTime: this.text(now + this.ctx.config.fileRetentionDays * 86400),
          leaseOwner: null,
          leaseExpires: null,
        })
        .where('id', '=', task.id)
        .where('leaseOwner', '=', this.owner)
        .where('status', '=', EXPORT_STATUS.running)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) await store.remove(fileName);
    } catch (err) {
      // The outcome is recorded first, at once: the owner reads 生成失败 with the real reason on
      // the next status read (before, a cleanup that threw skipped this and the task showed
      // 生成中 until the sweep failed it as 导出进程中断). The cleanup after it never throws.
      clearInterval(heartbeat);
      if (err instanceof LeaseLost) {
        this.logger?.warn({ task: task.id }, 'export worker: task no longer held, abandoned');
      } else if (err instanceof Stopping) {
        await this.release(task.id);
      } else {
        await this.fail(task.id, err);
      }
      await writer?.discard().catch(() => undefined);
      removeQuietly(part);
      if (stored)
        await exportStorageOf(this.ctx.config)
          .remove(fileName)
          .catch((cause: unknown) =>
            this.logger?.warn({ err: cause, task: task.id }, 'export worker: file not removed'),
          );
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Back to the queue (this process is stopping): another worker, or the next start, runs it. */
  private async release(id: string): Promise<void> {
    await this.ctx.db
      .updateTable('bladeDataExport')
      .set({
        status: EXPORT_STATUS.queued,
        leaseOwner: null,
        leaseExpires: null,
        progress: 0,
        rowCount: 0,
      })
      .where('id', '=', id)
      .where('leaseOwner', '=', this.owner)
      .where('status', '=', EXPORT_STATUS.running)
      .execute();
  }

  private async fail(id: string, err: unknown): Promise<void> {
    let reason = '导出失败';
    let detail: unknown = err;
    if (err instanceof ExportFailure) {
      reason = err.message;
      detail = err.detail;
    } else if (err instanceof ApiError) {
      reason = err.message;
      detail = undefined;
    }
    if (detail !== undefined) {
      const ref = nextId();
      try {
        this.logger?.error({ err: detail, task: id, ref }, 'export failed');
      } catch {
        // A detail the logger cannot write must not keep the task from being failed.
      }
      reason = `${reason}（参考编号 ${ref}）`;
    }
    await this.ctx.db
      .updateTable('bladeDataExport')
      .set({
        status: EXPORT_STATUS.failed,
        errorMessage: reason.slice(0, 1000),
        finishTime: this.text(this.ctx.now()),
        leaseOwner: null,
        leaseExpires: null,
      })
      .where('id', '=', id)
      .where('leaseOwner', '=', this.owner)
      .where('status', '=', EXPORT_STATUS.running)
      .execute();
  }

  /**
   * Housekeeping any process may do: running tasks whose lease ran out become failed
   * ('导出进程中断'); spent tickets are deleted. Finished files past FILE_RETENTION_DAYS are the
   * retention job's (lib/file-retention.ts), with import result files.
   */
  async sweep(): Promise<void> {
    const now = this.ctx.now();
    this.lastSweep = now;
    const db = this.ctx.db;
    const crashed = await db
      .updateTable('bladeDataExport')
      .set({
        status: EXPORT_STATUS.failed,
        errorMessage: EXPORT_INTERRUPTED,
        finishTime: this.text(now),
        leaseOwner: null,
        leaseExpires: null,
      })
      .where('status', '=', EXPORT_STATUS.running)
      .where((eb) => eb.or([eb('leaseExpires', 'is', null), eb('leaseExpires', '<', now)]))
      .returning('id')
      .execute();
    const dir = exportFilesDir(this.ctx);
    for (const { id } of crashed) fs.rmSync(path.join(dir, `${id}.xlsx.part`), { force: true });
    await db
      .deleteFrom('bladeExportTicket')
      .where('expiresAt', '<', now - 3600)
      .execute();
  }
}
