import type { FastifyInstance } from 'fastify';
import {
  BULK_ORDER_CALLS as CALLS,
  BULK_ORDER_CODES as CODES,
  BULK_ORDER_MAX_ROWS,
} from '../../../../src/contracts/platform-client/bulk-order.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { IDEMPOTENCY_DOC, idempotencyGate } from '../../../lib/idempotency/index.js';
import { DEFAULT_UPLOAD_MB, readXlsxUpload, XLSX_TYPE } from '../../../lib/import/index.js';
import { templateWorkbook } from '../../../lib/import/workbook.js';
import { requiredParam } from '../../../lib/params.js';
import { attachmentDisposition } from '../../../lib/storage/file-types.js';
import { tableRoutes } from '../../../lib/table/index.js';
import { bulkOrderEngine } from './engine.js';
import { cancelBatch, queueBatch, sendResult } from './repository.js';
import { SHEET_NAME, TEMPLATE_FILE_NAME, UPLOAD_COLUMNS } from './sheet.js';
import table from './table.js';

/**
 * client-user-product-order-import-batch (spec section 7; issue 27 item 5): list, detail and
 * exportOrder on the engine (table.ts); operation (the upload: queues a batch), template, result
 * and cancel here. The job that places the batches starts with the server and stops with it.
 */
export default async function bulkOrderRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const engine = bulkOrderEngine(ctx, { logger: app.log });
  app.addHook('onReady', async () => engine.start());
  app.addHook('onClose', async () => engine.stop());

  await app.register(tableRoutes(table));

  app.post(
    `/api/${CALLS.upload}`,
    {
      config: {
        access: perm(CODES.import),
        idempotent: 'in-handler',
        doc: {
          summary: {
            zh: `批量下单：上传订单文件（.xlsx，至多${BULK_ORDER_MAX_ROWS}行），创建批次并排队执行`,
            en: `Bulk orders: upload an order file (.xlsx, at most ${BULK_ORDER_MAX_ROWS} rows); the batch is queued`,
          },
          query: [IDEMPOTENCY_DOC],
          body: {
            contentType: 'multipart/form-data',
            description: {
              zh: 'appId：应用（在文件之前发送）；file：.xlsx 文件（应用订单号、产品编码、数量、手机号）',
              en: 'appId: the app (sent before the file); file: the .xlsx (app order no., product code, quantity, phone)',
            },
          },
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const maxBytes = (ctx.config.uploadMaxMb || DEFAULT_UPLOAD_MB) * 1024 * 1024;
      const upload = await readXlsxUpload(request, maxBytes);
      const fields = JSON.stringify(Object.entries(upload.fields).sort());
      if (await idempotencyGate(request, reply, [upload.fileName, fields, upload.buffer]))
        return reply;
      const batch = await queueBatch(ctx, user, upload);
      engine.wake();
      return ok(batch, '批次已创建，正在排队下单');
    },
  );

  app.get(
    `/api/${CALLS.template}`,
    { config: { access: perm(CODES.template, CODES.import) } },
    async (_request, reply) => {
      const file = await templateWorkbook(SHEET_NAME, UPLOAD_COLUMNS);
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', attachmentDisposition(TEMPLATE_FILE_NAME))
        .header('X-Content-Type-Options', 'nosniff')
        .send(file);
    },
  );

  app.get(
    `/api/${CALLS.result}`,
    { config: { access: perm(CODES.view, CODES.import) } },
    async (request, reply) =>
      sendResult(ctx, currentUser(request), reply, requiredParam(request, 'id')),
  );

  app.post(`/api/${CALLS.cancel}`, { config: { access: perm(CODES.operate) } }, async (request) => {
    await cancelBatch(ctx, currentUser(request), requiredParam(request, 'id'));
    return ok({}, '已取消');
  });
}
