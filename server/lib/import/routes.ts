import type { FastifyInstance } from 'fastify';
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
      if (!record?.resultFile) throw notFound();
      const stored = await storageOf(ctx.config).get(record.resultFile);
      if (!stored) throw new ApiError(410, '导入结果文件已不存在');
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Length', String(stored.size))
        .header('Content-Disposition', attachmentDisposition(resultName(record.fileName)))
        .header('X-Content-Type-Options', 'nosniff')
        .send(stored.stream);
    });
  };
}
