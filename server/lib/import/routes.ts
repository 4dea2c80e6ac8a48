import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { ImportTable } from '../../db/schema.js';
import { currentUser, perm, SIGNED_IN } from '../../auth/index.js';
import type { RouteDocInput } from '../api-doc/types.js';
import { ok } from '../envelope.js';
import { IDEMPOTENCY_DOC, idempotencyGate } from '../idempotency/index.js';
import { ApiError, notFound } from '../errors.js';
import { param, requiredParam } from '../params.js';
import { storageOf } from '../storage/index.js';
import { attachmentDisposition } from '../storage/file-types.js';
import type { ImportDefinition } from './define.js';
import { findResult, runImport } from './engine.js';
import { readXlsxUpload } from './upload.js';
import { templateWorkbook, XLSX_TYPE } from './workbook.js';

/** Default upload limit when the configuration does not name one (spec section 9: 10 MB). */
export const DEFAULT_UPLOAD_MB = 10;

const isOn = (value: string | undefined) => value === '1' || value === 'true';

/** The API reference's entry (lib/api-doc) of every import upload route. */
const UPLOAD_DOC: RouteDocInput = {
  summary: { zh: '导入：上传 Excel 文件', en: 'Import: upload an Excel file' },
  query: [IDEMPOTENCY_DOC],
  body: {
    contentType: 'multipart/form-data',
    description: {
      zh: 'file：.xlsx 文件；isCovered：是否覆盖已有数据（支持时）',
      en: 'file: the .xlsx file; isCovered: overwrite existing rows (where supported)',
    },
  },
  response: {
    zh: '{status: success | failed | duplicate, 数量与结果文件编号}',
    en: '{status: success | failed | duplicate, the counts and the result file id}',
  },
};

/** The result file's name: the uploaded name + '-导入结果'. */
const resultName = (fileName: string) =>
  `${fileName.replace(/\.xlsx$/i, '') || '导入'}-导入结果.xlsx`;

/** A result file past FILE_RETENTION_DAYS (removed by lib/file-retention.ts): 410. */
export const RESULT_EXPIRED = '导入结果文件已过期，请重新导入';

/**
 * Sends the result workbook of a failed import record found for its uploader (none: 404), as an
 * attachment named `downloadName` (default: the uploaded name + '-导入结果'). A record whose file
 * the retention job removed (`resultFile` cleared), or whose object is gone, answers 410
 * RESULT_EXPIRED, never a 500.
 */
export async function sendImportResult(
  ctx: AppContext,
  reply: FastifyReply,
  record: Selectable<ImportTable> | undefined,
  downloadName?: string,
): Promise<FastifyReply> {
  if (!record) throw notFound();
  if (!record.resultFile) throw new ApiError(410, RESULT_EXPIRED);
  const stored = await storageOf(ctx.config).get(record.resultFile);
  if (!stored) throw new ApiError(410, RESULT_EXPIRED);
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Length', String(stored.size))
    .header(
      'Content-Disposition',
      attachmentDisposition(downloadName ?? resultName(record.fileName)),
    )
    .header('X-Content-Type-Options', 'nosniff')
    .send(stored.stream);
}

/**
 * The three routes of an import: POST upload (multipart `file`, `isCovered`), GET template,
 * GET result (`?id=`, the uploader's own failed imports). Files go out as attachments.
 */
export function importRoutes<T, Plan>(def: ImportDefinition<T, Plan>) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const ctx = app.ctx;
    const access = perm(...def.access);

    const upload = { config: { access, doc: UPLOAD_DOC, idempotent: 'in-handler' as const } };
    app.post(`/api/${def.paths.upload}`, upload, async (request, reply) => {
      const caller = currentUser(request);
      const maxBytes = (ctx.config.uploadMaxMb || DEFAULT_UPLOAD_MB) * 1024 * 1024;
      const upload = await readXlsxUpload(request, maxBytes);
      // An Idempotency-Key: the same file and fields again get the first answer (lib/idempotency).
      const fields = JSON.stringify(Object.entries(upload.fields).sort());
      if (await idempotencyGate(request, reply, [upload.fileName, fields, upload.buffer]))
        return reply;
      const covered = def.coverable && isOn(param(request, 'isCovered') ?? upload.fields.isCovered);
      const { answer, msg } = await runImport(ctx, caller, def, upload, covered);
      return ok(answer, msg);
    });

    app.get(
      `/api/${def.paths.template}`,
      { config: { access: def.templateAccess ?? SIGNED_IN } },
      async (_request, reply) => {
        const file = await templateWorkbook(def.sheetName, def.columns);
        return reply
          .header('Content-Type', XLSX_TYPE)
          .header('Content-Disposition', attachmentDisposition(def.templateFileName))
          .header('X-Content-Type-Options', 'nosniff')
          .send(file);
      },
    );

    app.get(`/api/${def.paths.result}`, { config: { access } }, async (request, reply) => {
      const record = await findResult(
        ctx,
        currentUser(request),
        def.type,
        requiredParam(request, 'id'),
      );
      return sendImportResult(ctx, reply, record);
    });
  };
}
