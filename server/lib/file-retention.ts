import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { PollingWorker } from './polling-worker.js';
import { exportStorageOf, isObjectKey, storageOf } from './storage/index.js';
import { formatDateTime } from './time.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention job of import result and export files (buildApp). */
    fileRetention: FileRetention;
  }
}

/**
 * Result and export files expire (domain.md "No plain codes at rest"; issue 24 item 3): import
 * result workbooks (`blade_import.result_file`, object storage: DATA_DIR/files or S3) and export
 * centre files (`blade_data_export.file_path`, storage/index.ts exportStorageOf: DATA_DIR/exports
 * or the bucket's exports/) older than FILE_RETENTION_DAYS are deleted, and the rows' pointers
 * cleared, so a download of one answers 410 'expired'
 * (lib/import RESULT_EXPIRED, lib/export EXPORT_FILE_EXPIRED) instead of failing.
 *
 * A worker in every server process polls (hourly by default). Nothing is claimed: processes
 * sharing a database may pick the same rows, deleting a file already gone is not an error, and a
 * pointer is cleared only while it still names the file deleted, so running twice does no harm.
 * Age is the server clock (ctx.now) against the import's createTime and the export's finishTime
 * (or an expireTime already passed).
 */

/** One poll's share of expired files: rows and the file each points at. */
export interface ExpiredFiles {
  imports: { id: string; file: string }[];
  exports: { id: string; file: string }[];
}

export interface FileRetentionOptions {
  /** Poll interval (ms); default an hour. */
  pollMs?: number;
  /** Rows of each table handled per claim (default 200). */
  batchSize?: number;
  logger?: FastifyBaseLogger;
}

export const RETENTION_POLL_MS = 3600_000;

export class FileRetention extends PollingWorker<ExpiredFiles> {
  private readonly batchSize: number;

  constructor(
    private readonly ctx: AppContext,
    options: FileRetentionOptions = {},
  ) {
    super('file retention', options.pollMs ?? RETENTION_POLL_MS, options.logger);
    this.batchSize = options.batchSize ?? 200;
  }

  private text(epochSeconds: number): string {
    return formatDateTime(new Date(epochSeconds * 1000));
  }

  /** The oldest expired files of both kinds, up to batchSize each; undefined when none. */
  override async claim(): Promise<ExpiredFiles | undefined> {
    const now = this.ctx.now();
    const cutoff = this.text(now - this.ctx.config.fileRetentionDays * 86400);
    const db = this.ctx.db;
    const imports = await db
      .selectFrom('bladeImport')
      .select(['id', 'resultFile'])
      .where('resultFile', 'is not', null)
      .where('createTime', '<=', cutoff)
      .orderBy('createTime')
      .orderBy('id')
      .limit(this.batchSize)
      .execute();
    const exports = await db
      .selectFrom('bladeDataExport')
      .select(['id', 'filePath'])
      .where('filePath', 'is not', null)
      .where((eb) =>
        eb.or([eb('finishTime', '<=', cutoff), eb('expireTime', '<=', this.text(now))]),
      )
      .orderBy('createTime')
      .orderBy('id')
      .limit(this.batchSize)
      .execute();
    if (imports.length === 0 && exports.length === 0) return undefined;
    return {
      imports: imports.map((r) => ({ id: r.id, file: r.resultFile! })),
      exports: exports.map((r) => ({ id: r.id, file: r.filePath! })),
    };
  }

  /**
   * Deletes each file, then clears the pointer of its row (still naming that file). A file that
   * cannot be deleted keeps its row for the next poll; the poll then stops with an error (logged),
   * so a storage outage is not retried in a tight loop.
   */
  override async run(expired: ExpiredFiles): Promise<void> {
    const db = this.ctx.db;
    const store = storageOf(this.ctx.config);
    const failures: unknown[] = [];
    for (const { id, file } of expired.imports) {
      try {
        // A key the server could not have made names nothing it may delete: only cleared.
        if (isObjectKey(file)) await store.remove(file);
        await db
          .updateTable('bladeImport')
          .set({ resultFile: null })
          .where('id', '=', id)
          .where('resultFile', '=', file)
          .execute();
      } catch (err) {
        failures.push(err);
        this.logger?.warn({ err, import: id }, 'file retention: result file not removed');
      }
    }
    const exportStore = exportStorageOf(this.ctx.config);
    const nowText = this.text(this.ctx.now());
    for (const { id, file } of expired.exports) {
      try {
        if (isObjectKey(file)) await exportStore.remove(file);
        await db
          .updateTable('bladeDataExport')
          .set((eb) => ({
            filePath: null,
            // Removed before the expiry the export centre showed: it now shows the real one.
            expireTime: eb
              .case()
              .when('expireTime', '>', nowText)
              .then(nowText)
              .else(eb.ref('expireTime'))
              .end(),
          }))
          .where('id', '=', id)
          .where('filePath', '=', file)
          .execute();
      } catch (err) {
        failures.push(err);
        this.logger?.warn({ err, export: id }, 'file retention: export file not removed');
      }
    }
    if (failures.length > 0)
      throw new Error(`file retention: ${failures.length} files could not be removed`, {
        cause: failures[0],
      });
  }
}
