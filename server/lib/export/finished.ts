import path from 'node:path';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../auth/index.js';
import { nextId } from '../ids.js';
import { exportStorageOf } from '../storage/index.js';
import { formatDateTime } from '../time.js';
import { EXPORT_STATUS, type ExportTask } from './engine.js';
import { XLSX_TYPE } from './xlsx.js';

/**
 * Files a request makes at once (a code generator's zip) handed to the export centre: recorded as
 * the caller's finished task, so they are listed, expire and download through a one-time ticket
 * exactly like a written export. No worker is involved.
 */

/** Content types of the files the export centre serves, by extension (default .xlsx). */
const CONTENT_TYPES: Record<string, string> = {
  '.xlsx': XLSX_TYPE,
  '.zip': 'application/zip',
};

/** The Content-Type a finished task's file is served with (its name's extension). */
export function exportContentType(fileName: string): string {
  return CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? XLSX_TYPE;
}

export interface FinishedFile {
  /** The name the export centre shows and the download saves as, e.g. '代码生成-20250101.zip'. */
  fileName: string;
  /** What made it (the task's excelType, at most 64 characters), e.g. 'code'. */
  excelType: string;
  /** The service that made it, e.g. 'blade-develop/code'. */
  service: string;
  /** What the task reports as its row count (e.g. the files inside); default 0. */
  rows?: number;
}

/**
 * Stores `content` in the export store (storage/index.ts exportStorageOf: the S3 bucket when
 * configured, else DATA_DIR/exports, temporary file then rename) and records it as the
 * user's finished task (status '文件已生成', progress 100, kept FILE_RETENTION_DAYS). Resolves
 * to the task; if the record cannot be written the file is removed again.
 */
export async function recordFinishedFile(
  ctx: AppContext,
  user: Pick<AuthUser, 'tenantId' | 'userId'>,
  file: FinishedFile,
  content: Buffer,
): Promise<ExportTask> {
  const id = nextId();
  const ext = path.extname(file.fileName).toLowerCase();
  const stored = `${id}${/^\.[a-z0-9]{1,8}$/.test(ext) ? ext : ''}`;
  const store = exportStorageOf(ctx.config);
  await store.put(stored, content, {
    contentType: exportContentType(stored),
    size: content.length,
  });
  const now = ctx.now();
  const text = (epochSeconds: number) => formatDateTime(new Date(epochSeconds * 1000));
  try {
    await ctx.db
      .insertInto('bladeDataExport')
      .values({
        id,
        tenantId: user.tenantId,
        userId: user.userId,
        excelType: file.excelType.slice(0, 64),
        service: file.service,
        sourceFileName: file.fileName.slice(0, 255),
        status: EXPORT_STATUS.done,
        query: null,
        caller: null,
        filePath: stored,
        fileSize: content.length,
        errorMessage: null,
        progress: 100,
        rowCount: file.rows ?? 0,
        totalRows: file.rows ?? 0,
        createTime: text(now),
        startTime: text(now),
        finishTime: text(now),
        expireTime: text(now + ctx.config.fileRetentionDays * 86400),
        leaseOwner: null,
        leaseExpires: null,
        isDeleted: 0,
      })
      .execute();
  } catch (err) {
    await store.remove(stored).catch(() => undefined);
    throw err;
  }
  return (await ctx.db
    .selectFrom('bladeDataExport')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()) as ExportTask;
}
