import type { FastifyInstance } from 'fastify';
import {
  clientContentContract,
  CONTENT_REFUSALS,
  CONTENT_SERVICE,
  LINK_TYPE_OPTIONS,
} from '../../../../src/contracts/platform-client/client-content.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { idempotencyGate } from '../../../lib/idempotency/index.js';
import { findResult, runImport } from '../../../lib/import/engine.js';
import { DEFAULT_UPLOAD_MB, sendImportResult } from '../../../lib/import/routes.js';
import { readXlsxUpload } from '../../../lib/import/upload.js';
import { templateWorkbook, XLSX_TYPE } from '../../../lib/import/workbook.js';
import { requiredParam } from '../../../lib/params.js';
import { attachmentDisposition } from '../../../lib/storage/file-types.js';
import { tableRoutes, type TableDef } from '../../../lib/table/index.js';
import { EITHER_READ, PICTURE_PICKERS } from './article.js';
import { CONTENT_IMPORT_COLUMNS, contentImport } from './content-import.js';
import contentTable from './content-table.js';

const { codes } = clientContentContract;
const IMPORT = perm(`${codes.menu}_import`);
const TEMPLATE = perm(`${codes.menu}_template`, `${codes.menu}_import`);
const text = (zh: string, en: string) => ({ zh, en });
const UPDATE_WITHOUT_ID = `id:${CONTENT_REFUSALS.noId.zh}`;
const ADD_WITH_ID = `id:${CONTENT_REFUSALS.addWithId.zh}`;

/**
 * The same table served twice: `add` (the engine's submit, creating only) and `update` (the same
 * checks and optimistic lock, an id required). Neither serves the other's case, so each call
 * means one thing and needs its one button.
 */
function submitOnly(def: TableDef, path: string, withId: boolean): TableDef {
  const own = def.beforeSave!;
  return {
    ...def,
    access: withId
      ? { ...def.access, add: def.access.edit }
      : { ...def.access, edit: def.access.add },
    calls: { ...def.calls, submit: { path, method: 'POST' } },
    // update serves its submit only; add the rest of the engine's calls.
    ...(withId ? { own: ['list', 'detail', 'select', 'remove', 'export', 'enable'] } : {}),
    beforeSave: async (call, input, id) => {
      if (withId && !id) throw badRequest(UPDATE_WITHOUT_ID);
      if (!withId && id) throw badRequest(ADD_WITH_ID);
      await own(call, input, id);
    },
  } as TableDef;
}

/**
 * content/management (issue 27 item 9) beyond the engine's calls: update, link/types,
 * batch/import (an .xlsx through the import engine, its result file at import-result),
 * download/template (POST, as the spec names it) and the media-stock pictures a form offers.
 */
export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = `/api/${CONTENT_SERVICE}`;
  const table = contentTable as unknown as TableDef;
  await tableRoutes(submitOnly(table, 'add', false))(app);
  await tableRoutes(submitOnly(table, 'update', true))(app);

  app.get(
    `${base}/link/types`,
    {
      config: {
        access: EITHER_READ,
        doc: {
          summary: text('链接类型', 'Link types'),
          response: text('[{value, label, labelEn}]', '[{value, label, labelEn}]'),
        },
      },
    },
    async () => ok(LINK_TYPE_OPTIONS),
  );

  app.post(
    `${base}/batch/import`,
    {
      config: {
        access: IMPORT,
        idempotent: 'in-handler' as const,
        doc: {
          summary: text('批量导入内容（.xlsx）', 'Import contents (.xlsx)'),
          body: { contentType: 'multipart/form-data' },
          response: text(
            '{status, total, created, failed, errors, resultId}：有误则全部不导入，结果文件列出每一行的原因',
            '{status, total, created, failed, errors, resultId}: any bad row and nothing is written; the result file names each',
          ),
        },
      },
    },
    async (request, reply) => {
      const maxBytes = (ctx.config.uploadMaxMb || DEFAULT_UPLOAD_MB) * 1024 * 1024;
      const upload = await readXlsxUpload(request, maxBytes);
      const fields = JSON.stringify(Object.entries(upload.fields).sort());
      if (await idempotencyGate(request, reply, [upload.fileName, fields, upload.buffer]))
        return reply;
      const { answer, msg } = await runImport(
        ctx,
        currentUser(request),
        contentImport,
        upload,
        false,
      );
      return ok(answer, msg);
    },
  );

  app.post(
    `${base}/download/template`,
    { config: { access: TEMPLATE, doc: { summary: text('下载导入模板', 'Import template') } } },
    async (_request, reply) => {
      const file = await templateWorkbook(contentImport.sheetName, CONTENT_IMPORT_COLUMNS);
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', attachmentDisposition(contentImport.templateFileName))
        .header('X-Content-Type-Options', 'nosniff')
        .send(file);
    },
  );

  app.get(
    `${base}/import-result`,
    { config: { access: IMPORT, doc: { summary: text('导入结果文件', 'Import result file') } } },
    async (request, reply) => {
      const user = currentUser(request);
      const id = requiredParam(request, 'id');
      const record = await findResult(ctx, user, contentImport.type, id);
      return sendImportResult(ctx, reply, record, '内容导入结果.xlsx');
    },
  );

  app.get(
    `${base}/picture-options`,
    {
      config: {
        access: PICTURE_PICKERS,
        doc: {
          summary: text('可选的图片（图片库）', 'Pictures to choose (media stock)'),
          response: text('[{id, name, link}]，最新的500张', '[{id, name, link}], the newest 500'),
        },
      },
    },
    async (request) => {
      const rows = await ctx.db
        .selectFrom('bladePic')
        .select(['id', 'name', 'link'])
        .where('tenantId', '=', currentUser(request).tenantId)
        .where('isDeleted', '=', 0)
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
      return ok(rows);
    },
  );
}
