import type { FastifyInstance } from 'fastify';
import { currentUser, perm, SIGNED_IN } from '../../auth/index.js';
import { ok } from '../envelope.js';
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

    app.post(`/api/${def.paths.upload}`, { config: { access } }, async (request) => {
      const caller = currentUser(request);
      const maxBytes = (ctx.config.uploadMaxMb || DEFAULT_UPLOAD_MB) * 1024 * 1024;
      const upload = await readXlsxUpload(request, maxBytes);
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
