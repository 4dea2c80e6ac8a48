import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { ImportTable } from '../../db/schema.js';
import type { AuthUser } from '../../auth/index.js';
import { nextId } from '../ids.js';
import { storageOf } from '../storage/index.js';
import { formatDateTime } from '../time.js';
import type { ImportCall, ImportDefinition, ImportRow, RowError } from './define.js';
import type { Upload } from './upload.js';
import { readSheet, resultWorkbook, XLSX_TYPE, type ResultRow } from './workbook.js';

/** How many row errors the answer lists (the result file has them all). */
export const ANSWER_ERRORS = 200;

/**
 * What an upload answers: the `data` of a 200 envelope whatever the outcome (a refused file, as
 * opposed to refused rows, is a 400/413 envelope), so the console gets the result id and counts.
 */
export interface ImportAnswer {
  /** The import's record (for `duplicate`: the earlier successful one). */
  id: string;
  /**
   * success: written; failed: some row is wrong, nothing written; duplicate: this file was
   * imported successfully before, nothing written again (the counts are the earlier import's).
   */
  status: 'success' | 'failed' | 'duplicate';
  fileName: string;
  /** Data rows in the file. */
  total: number;
  created: number;
  updated: number;
  /** Rows refused. */
  failed: number;
  /** The first ANSWER_ERRORS problems; `column` is the header text ('' = the whole row). */
  errors: RowError[];
  /** The id to download the result workbook with (failed imports only). */
  resultId: string | null;
  /** When it was imported ('yyyy-MM-dd HH:mm:ss'). */
  importTime: string;
}

export interface ImportOutcome {
  answer: ImportAnswer;
  msg: string;
}

type ImportRecord = Selectable<ImportTable>;

const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

/**
 * Object key of a result workbook (tenant ids are digits; anything else is kept out). Result
 * files hold no plain secret (ImportColumn.secret) and are deleted FILE_RETENTION_DAYS after the
 * import (lib/file-retention.ts), which clears the record's `resultFile`.
 */
export function resultKey(tenantId: string, id: string): string {
  const tenant = /^[A-Za-z0-9_-]{1,64}$/.test(tenantId) ? tenantId : 'other';
  return `imports/${tenant}/${id}.xlsx`;
}

async function findImported(
  ctx: AppContext,
  tenantId: string,
  type: string,
  hash: string,
): Promise<ImportRecord | undefined> {
  return ctx.db
    .selectFrom('bladeImport')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('importType', '=', type)
    .where('fileHash', '=', hash)
    .where('status', '=', 'success')
    .executeTakeFirst();
}

function duplicate(earlier: ImportRecord, fileName: string): ImportOutcome {
  return {
    answer: {
      id: earlier.id,
      status: 'duplicate',
      fileName,
      total: earlier.totalCount,
      created: earlier.createdCount,
      updated: earlier.updatedCount,
      failed: 0,
      errors: [],
      resultId: null,
      importTime: earlier.createTime,
    },
    msg: `该文件已于${earlier.createTime}导入成功，未重复导入`,
  };
}

/**
 * One upload of `def`'s kind: the same file again (sha256 per tenant and type) after a
 * successful import writes nothing; otherwise every row is checked (schema, duplicates inside
 * the file, the definition's database checks) and either nothing is written and a result
 * workbook names each bad row and why, or every row is written in one transaction together
 * with the import's record.
 */
export async function runImport<T, Plan>(
  ctx: AppContext,
  caller: AuthUser,
  def: ImportDefinition<T, Plan>,
  upload: Upload,
  covered: boolean,
): Promise<ImportOutcome> {
  const hash = sha256(upload.buffer);
  const earlier = await findImported(ctx, caller.tenantId, def.type, hash);
  if (earlier) return duplicate(earlier, upload.fileName);

  const sheet = await readSheet(upload.buffer, def.columns, def.maxRows);
  const errors: RowError[] = [];
  const valid: ImportRow<T>[] = [];
  const firstRow = new Map<string, number>();
  for (const r of sheet) {
    const parsed = def.schema.safeParse(r.values);
    let bad = !parsed.success;
    if (!parsed.success) {
      const reported = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? '');
        if (reported.has(column)) continue; // the first reason per cell is enough
        reported.add(column);
        errors.push({ row: r.row, column, message: issue.message });
      }
    }
    const key = def.uniqueKey ? r.values[def.uniqueKey] : undefined;
    if (def.uniqueKey && key) {
      const first = firstRow.get(key);
      if (first === undefined) {
        firstRow.set(key, r.row);
      } else {
        errors.push({ row: r.row, column: def.uniqueKey, message: `与第${first}行重复` });
        bad = true;
      }
    }
    if (!bad && parsed.success) valid.push({ row: r.row, data: parsed.data });
  }

  const call: ImportCall = { ctx, caller, covered };
  const checked = await def.check(call, valid);
  errors.push(...checked.errors);

  const id = nextId();
  // The server's clock (ctx.now): the retention job ages result files by it.
  const createTime = formatDateTime(new Date(ctx.now() * 1000));
  const header = new Map(def.columns.map((c) => [c.key, c.header]));
  const base = {
    id,
    tenantId: caller.tenantId,
    userId: caller.userId,
    importType: def.type,
    fileName: upload.fileName,
    fileHash: hash,
    totalCount: sheet.length,
    createTime,
  };

  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row);
    const reasons = new Map<number, string[]>();
    for (const e of errors) {
      const list = reasons.get(e.row) ?? [];
      const name = header.get(e.column);
      list.push(name ? `${name}：${e.message}` : e.message);
      reasons.set(e.row, list);
    }
    const rows: ResultRow[] = sheet
      .filter((r) => reasons.has(r.row))
      .map((r) => ({ row: r.row, values: r.values, reason: reasons.get(r.row)!.join('；') }));
    const file = await resultWorkbook(def.columns, rows);
    const key = resultKey(caller.tenantId, id);
    await storageOf(ctx.config).put(key, file, { contentType: XLSX_TYPE, size: file.length });
    await ctx.db
      .insertInto('bladeImport')
      .values({
        ...base,
        status: 'failed',
        createdCount: 0,
        updatedCount: 0,
        errorCount: rows.length,
        resultFile: key,
      })
      .execute();
    return {
      answer: {
        id,
        status: 'failed',
        fileName: upload.fileName,
        total: sheet.length,
        created: 0,
        updated: 0,
        failed: rows.length,
        errors: errors
          .slice(0, ANSWER_ERRORS)
          .map((e) => ({ ...e, column: header.get(e.column) ?? '' })),
        resultId: id,
        importTime: createTime,
      },
      msg: `导入失败：${rows.length}行数据有误，未导入任何数据，请下载导入结果查看原因`,
    };
  }

  let counts;
  try {
    counts = await ctx.db.transaction().execute(async (trx) => {
      const written = await def.write({ ...call, ctx: { ...ctx, db: trx } }, checked.plan);
      await trx
        .insertInto('bladeImport')
        .values({
          ...base,
          status: 'success',
          createdCount: written.created,
          updatedCount: written.updated,
          errorCount: 0,
          resultFile: null,
        })
        .execute();
      return written;
    });
  } catch (err) {
    // The same file imported meanwhile by another request: its record won (unique index).
    const winner = await findImported(ctx, caller.tenantId, def.type, hash);
    if (winner) return duplicate(winner, upload.fileName);
    throw err;
  }
  return {
    answer: {
      id,
      status: 'success',
      fileName: upload.fileName,
      total: sheet.length,
      created: counts.created,
      updated: counts.updated,
      failed: 0,
      errors: [],
      resultId: null,
      importTime: createTime,
    },
    msg: `导入成功：新增${counts.created}条，更新${counts.updated}条`,
  };
}

/** The result workbook of a failed import, for its uploader only. */
export async function findResult(
  ctx: AppContext,
  caller: AuthUser,
  type: string,
  id: string,
): Promise<ImportRecord | undefined> {
  return ctx.db
    .selectFrom('bladeImport')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', caller.tenantId)
    .where('userId', '=', caller.userId)
    .where('importType', '=', type)
    .where('status', '=', 'failed')
    .executeTakeFirst();
}
