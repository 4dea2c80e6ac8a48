import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import {
  AUTO_IMPORT_MAX,
  BATCH_SERVICE,
  CODE_BATCH_BUTTONS as BATCH,
  CODE_RECYCLE_BUTTONS as RECYCLE,
  CODE_SERVICE,
  CODE_SOURCE_BUTTONS as SOURCE,
  HANDLE_REMARK_MAX,
  MANUAL_OBTAIN_MAX,
  PASTE_MAX,
  RECOVERY_RESULTS,
  RECOVERY_SERVICE,
  USED_SERVICE,
  type CodeImportResult,
} from '../../../../src/contracts/platform-supplier/coupon-code.js';
import { CODE_EXCHANGE_BUTTONS as EXCHANGE } from '../../../../src/contracts/platform-supplier/code-exchange.js';
import { currentUser, perm } from '../../../auth/index.js';
import type { DB } from '../../../db/schema.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { idempotencyGate } from '../../../lib/idempotency/index.js';
import { nextId } from '../../../lib/ids.js';
import { runImport } from '../../../lib/import/engine.js';
import { DEFAULT_UPLOAD_MB, sendImportResult } from '../../../lib/import/routes.js';
import { readXlsxUpload } from '../../../lib/import/upload.js';
import { templateWorkbook, XLSX_TYPE } from '../../../lib/import/workbook.js';
import { requiredParam } from '../../../lib/params.js';
import { attachmentDisposition } from '../../../lib/storage/file-types.js';
import { nowText } from '../../../lib/time.js';
import { listQuery } from '../../../lib/api-doc/index.js';
import { DriverError, driverSupplier, supplierDriver } from '../driver/index.js';
import { idsField, parse, queryOf, seesPlain, sweepExpired, type CodeCall } from './common.js';
import { codeExporters, exportRoute } from './exports.js';
import {
  checkCodes,
  CODE_COLUMNS,
  codeImport,
  codeRow,
  IMPORT_TYPE_PREFIX,
  stockGood,
  writeBatch,
  type CodeInput,
} from './import.js';
import {
  BATCH_SPEC,
  CODE_SPEC,
  RECOVERY_SPEC,
  USED_SPEC,
  batchPage,
  codeById,
  codePage,
  couponGoods,
  findCodes,
  recoveryPage,
  traceCode,
  usedPage,
} from './repository.js';
import {
  cancelUse,
  handleRecovery,
  invalidateByList,
  parseCodeList,
  renewStatus,
  transitionCodes,
} from './transitions.js';

/** Readers of the goods select: every coupon code screen. */
const GOODS_READERS = [
  BATCH.menu,
  BATCH.view,
  SOURCE.menu,
  SOURCE.view,
  RECYCLE.menu,
  RECYCLE.view,
  EXCHANGE.menu,
  EXCHANGE.view,
];

const goodAndQuantity = (max: number) =>
  z.object({
    goodId: z.string({ error: 'goodId:请选择商品' }),
    quantity: z.coerce
      .number({ error: `quantity:数量须为1到${max}的整数` })
      .int(`quantity:数量须为1到${max}的整数`)
      .min(1, `quantity:数量须为1到${max}的整数`)
      .max(max, `quantity:数量须为1到${max}的整数`),
  });

/** The encrypted exact-code filter, documented beside the allowlisted ones. */
export const COUPON_CODE2_DOC = {
  name: 'couponCode2',
  type: 'string',
  description: {
    zh: '券码精确匹配：RSA-OAEP 密文（base64），不可解密时 400',
    en: 'Exact code: RSA-OAEP ciphertext (base64); 400 when it does not decrypt',
  },
} as const;

const listDoc = (zh: string, en: string, query: ReturnType<typeof listQuery>) => ({
  summary: { zh, en },
  query,
});

const handleBody = z.object({
  ids: idsField,
  result: z.enum(RECOVERY_RESULTS, { error: 'result:请选择处理方式' }),
  remark: z
    .string()
    .trim()
    .max(HANDLE_REMARK_MAX, `remark:备注长度不能超过${HANDLE_REMARK_MAX}个字符`)
    .optional()
    .transform((v) => v || null),
});

/** Replaces a body holding plain codes with what the API log may keep (it logs bodies). */
function redactBody(request: FastifyRequest, kept: Record<string, unknown>): void {
  (request as { body: unknown }).body = kept;
}

const driverCall = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DriverError) throw badRequest(err.message);
    throw err;
  }
};

/**
 * The coupon code calls of issue 18 item 2 (src/contracts/platform-supplier/coupon-code.ts):
 * sup-batch-coupon-code, sup-coupon-code, sup-coupon-code-used, sup-coupon-code-recovery. The
 * tenant comes from the token (another tenant's ids: 404); every route needs its screen's codes;
 * every write takes an Idempotency-Key; codes are answered in full only to the view button.
 */
export default async function couponCodeRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const callOf = (request: FastifyRequest): CodeCall => ({ ctx, user: currentUser(request) });
  const exporters = codeExporters(ctx);

  /* Batches */

  app.get(
    `/api/${BATCH_SERVICE}/batch-list`,
    {
      config: {
        access: perm(BATCH.menu, BATCH.view),
        doc: listDoc(
          '券码批次列表（含各状态数量）',
          'Code batches with counts per state',
          listQuery(BATCH_SPEC),
        ),
      },
    },
    async (request) => {
      const call = callOf(request);
      await sweepExpired(ctx, call.user.tenantId);
      return ok(await batchPage(call, queryOf(request)));
    },
  );
  exportRoute(app, exporters.batch, `${BATCH_SERVICE}/export-batch-coupon-code`);

  /* Codes */

  app.get(
    `/api/${CODE_SERVICE}/list`,
    {
      config: {
        access: perm(BATCH.menu, BATCH.view),
        doc: listDoc(
          '券码列表',
          'Coupon codes',
          listQuery(CODE_SPEC, { extra: [COUPON_CODE2_DOC] }),
        ),
      },
    },
    async (request) => {
      const call = callOf(request);
      await sweepExpired(ctx, call.user.tenantId);
      const plain = await seesPlain(ctx, call.user, [BATCH.view]);
      return ok(await codePage(call, queryOf(request), plain));
    },
  );

  app.get(
    `/api/${CODE_SERVICE}/query`,
    { config: { access: perm(BATCH.menu, BATCH.view) } },
    async (request) => {
      const call = callOf(request);
      const plain = await seesPlain(ctx, call.user, [BATCH.view]);
      return ok(await codeById(call, requiredParam(request, 'id'), plain));
    },
  );

  app.get(
    `/api/${CODE_SERVICE}/goods`,
    { config: { access: perm(...GOODS_READERS) } },
    async (request) => ok(await couponGoods(callOf(request))),
  );

  exportRoute(app, exporters.code, `${CODE_SERVICE}/export-coupon-code`);

  app.get(
    `/api/${CODE_SERVICE}/export-template`,
    { config: { access: perm(BATCH.template, BATCH.import) } },
    async (_request, reply) => {
      const file = await templateWorkbook('券码', CODE_COLUMNS);
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', attachmentDisposition('券码导入模板.xlsx'))
        .header('X-Content-Type-Options', 'nosniff')
        .send(file);
    },
  );

  app.post(
    `/api/${CODE_SERVICE}/import-batch-coupon`,
    { config: { access: perm(BATCH.import), idempotent: 'in-handler' } },
    async (request, reply) => {
      const user = currentUser(request);
      const maxBytes = (ctx.config.uploadMaxMb || DEFAULT_UPLOAD_MB) * 1024 * 1024;
      const upload = await readXlsxUpload(request, maxBytes);
      const fields = JSON.stringify(Object.entries(upload.fields).sort());
      if (await idempotencyGate(request, reply, [upload.fileName, fields, upload.buffer]))
        return reply;
      const good = await stockGood(ctx.db, user.tenantId, upload.fields.goodId);
      let batch: { batchId: string; batchNo: string } | undefined;
      const { answer, msg } = await runImport(
        ctx,
        user,
        codeImport(good, (b) => (batch = b)),
        upload,
        false,
      );
      if (batch)
        await ctx.db
          .updateTable('bladeSupBatchCouponCode')
          .set({ importId: answer.id, fileName: upload.fileName.slice(0, 255) })
          .where('id', '=', batch.batchId)
          .execute();
      const result: CodeImportResult = {
        ...(answer as Omit<CodeImportResult, 'batchId' | 'batchNo'>),
        batchId: batch?.batchId ?? null,
        batchNo: batch?.batchNo ?? null,
      };
      return ok(result, msg);
    },
  );

  app.get(
    `/api/${CODE_SERVICE}/import/result`,
    { config: { access: perm(BATCH.import) } },
    async (request, reply) => {
      const user = currentUser(request);
      const record = await ctx.db
        .selectFrom('bladeImport')
        .selectAll()
        .where('id', '=', requiredParam(request, 'id'))
        .where('tenantId', '=', user.tenantId)
        .where('userId', '=', user.userId)
        .where('importType', 'like', `${IMPORT_TYPE_PREFIX}%`)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      // Codes in it are masked (CODE_COLUMNS' secret); past FILE_RETENTION_DAYS: 410.
      return sendImportResult(ctx, reply, record);
    },
  );

  // A pasted list: the same checks as a file; any bad row writes nothing and names the row.
  app.post(
    `/api/${CODE_SERVICE}/import`,
    { config: { access: perm(BATCH.import), idempotent: true } },
    async (request) => {
      const user = currentUser(request);
      const body = (request.body ?? {}) as { goodId?: unknown; codes?: unknown };
      const list = Array.isArray(body.codes) ? (body.codes as unknown[]) : undefined;
      redactBody(request, { goodId: body.goodId, codeCount: list?.length ?? 0 });
      if (!list || list.length === 0) throw badRequest('codes:请输入券码');
      if (list.length > PASTE_MAX) throw badRequest(`codes:单次最多导入${PASTE_MAX}个券码`);
      const good = await stockGood(ctx.db, user.tenantId, body.goodId);
      const errors: { row: number; column: string; message: string }[] = [];
      const rows: { row: number; data: CodeInput }[] = [];
      list.forEach((item, i) => {
        const o = (item && typeof item === 'object' ? item : { code: item }) as Record<
          string,
          unknown
        >;
        const texts = Object.fromEntries(
          ['code', 'pin', 'validStart', 'validEnd'].map((k) => [
            k,
            typeof o[k] === 'string' || typeof o[k] === 'number' ? String(o[k]) : '',
          ]),
        );
        const parsed = codeRow.safeParse(texts);
        if (parsed.success) rows.push({ row: i + 1, data: parsed.data });
        else
          errors.push({
            row: i + 1,
            column: String(parsed.error.issues[0]?.path[0] ?? ''),
            message: parsed.error.issues[0]?.message ?? '格式不正确',
          });
      });
      const checked = await checkCodes(ctx, user.tenantId, good, rows);
      errors.push(...checked.errors);
      const base = {
        id: nextId(),
        fileName: '',
        total: list.length,
        updated: 0,
        resultId: null,
        importTime: nowText(),
      };
      if (errors.length > 0) {
        errors.sort((a, b) => a.row - b.row);
        const header = new Map(CODE_COLUMNS.map((c) => [c.key, c.header]));
        const failedRows = new Set(errors.map((e) => e.row)).size;
        const result: CodeImportResult = {
          ...base,
          status: 'failed',
          created: 0,
          failed: failedRows,
          errors: errors.slice(0, 100).map((e) => ({ ...e, column: header.get(e.column) ?? '' })),
          batchId: null,
          batchNo: null,
        };
        return ok(result, `导入失败：${failedRows}行数据有误，未导入任何数据`);
      }
      const batch = await ctx.db.transaction().execute((trx) =>
        writeBatch(trx, ctx, user, {
          good,
          source: 'import',
          fileName: null,
          importId: null,
          rows: checked.plan.rows,
        }),
      );
      const result: CodeImportResult = {
        ...base,
        status: 'success',
        created: checked.plan.rows.length,
        failed: 0,
        errors: [],
        ...batch,
      };
      return ok(result, `导入成功：新增${checked.plan.rows.length}条`);
    },
  );

  /** auto/import and manual-obtain-card: the supplier's interface fills a new batch. */
  async function fetchBatch(request: FastifyRequest, source: 'interface' | 'manual', max: number) {
    const user = currentUser(request);
    const body = parse(goodAndQuantity(max), request.body);
    const good = await stockGood(ctx.db, user.tenantId, body.goodId);
    const supplier = await driverSupplier(ctx, user.tenantId, good.supId);
    const orderNo = `${source === 'manual' ? 'MO' : 'AI'}${nextId()}`;
    const cards = await driverCall(() =>
      supplierDriver(ctx, supplier).fetchCards(
        supplier,
        { goodCode: good.goodCode, interfaceGoodCode: good.interfaceGoodCode },
        { quantity: body.quantity, orderNo },
      ),
    );
    const rows: { row: number; data: CodeInput }[] = [];
    for (const [i, card] of cards.entries()) {
      const parsed = codeRow.safeParse({
        code: card.code ?? '',
        pin: card.pin ?? '',
        validStart: '',
        validEnd: card.validEnd ?? '',
      });
      if (!parsed.success) throw badRequest('供应商接口返回的券码格式不正确');
      rows.push({ row: i + 1, data: parsed.data });
    }
    const checked = await checkCodes(ctx, user.tenantId, good, rows);
    if (checked.errors.length > 0)
      throw conflict(`供应商接口返回的券码有误：${checked.errors[0]!.message}`);
    const batch = await ctx.db.transaction().execute((trx: Transaction<DB>) =>
      writeBatch(trx, ctx, user, {
        good,
        source,
        fileName: null,
        importId: null,
        rows: checked.plan.rows,
      }),
    );
    const result: CodeImportResult = {
      id: batch.batchId,
      status: 'success',
      fileName: '',
      total: rows.length,
      created: rows.length,
      updated: 0,
      failed: 0,
      errors: [],
      resultId: null,
      importTime: nowText(),
      ...batch,
    };
    return ok(result, `取卡成功：新增${rows.length}条`);
  }

  app.post(
    `/api/${CODE_SERVICE}/auto/import`,
    { config: { access: perm(BATCH.autoImport), idempotent: true } },
    (request) => fetchBatch(request, 'interface', AUTO_IMPORT_MAX),
  );
  // The spec lists manual-obtain-card as GET; it writes a batch, so it is a POST here.
  app.post(
    `/api/${CODE_SERVICE}/auto/import/manual-obtain-card`,
    { config: { access: perm(BATCH.manualObtain), idempotent: true } },
    (request) => fetchBatch(request, 'manual', MANUAL_OBTAIN_MAX),
  );

  app.post(
    `/api/${CODE_SERVICE}/invalid-coupon`,
    { config: { access: perm(BATCH.invalid), idempotent: true } },
    async (request) => {
      const { ids } = parse(z.object({ ids: idsField }), request.body);
      const count = await transitionCodes(callOf(request), ids, 'invalidate');
      return ok({ count }, `已作废${count}个券码`);
    },
  );

  app.post(
    `/api/${CODE_SERVICE}/invalid-coupon2`,
    { config: { access: perm(BATCH.invalid), idempotent: true } },
    async (request) => {
      const body = (request.body ?? {}) as { codes?: unknown };
      const text = body.codes;
      redactBody(request, { codeCount: typeof text === 'string' ? text.split(/\n/).length : 0 });
      const codes = parseCodeList(text);
      const result = await invalidateByList(callOf(request), codes);
      return ok(result, `已作废${result.count}个券码，${result.notFound.length}个券码不存在`);
    },
  );

  app.post(
    `/api/${CODE_SERVICE}/recovery-coupon`,
    { config: { access: perm(BATCH.recover), idempotent: true } },
    async (request) => {
      const { ids } = parse(z.object({ ids: idsField }), request.body);
      const count = await transitionCodes(callOf(request), ids, 'recover');
      return ok({ count }, `已恢复${count}个券码`);
    },
  );

  // The palette's c: the code travels encrypted in the body, never in a URL; a look-up, not
  // a write, so the API log does not keep it.
  app.post(
    `/api/${CODE_SERVICE}/find`,
    { config: { access: perm(BATCH.menu, BATCH.view, SOURCE.menu, SOURCE.view), audit: 'read' } },
    async (request) => {
      const body = (request.body ?? {}) as { couponCode2?: unknown };
      return ok(await findCodes(callOf(request), body.couponCode2));
    },
  );

  app.get(
    `/api/${CODE_SERVICE}/trace`,
    { config: { access: perm(SOURCE.menu, SOURCE.view, BATCH.menu, BATCH.view) } },
    async (request) => {
      const call = callOf(request);
      const plain = await seesPlain(ctx, call.user, [SOURCE.view, BATCH.view]);
      return ok(await traceCode(call, requiredParam(request, 'id'), plain));
    },
  );

  /* Used (issued and used) codes: the tracing screen */

  app.get(
    `/api/${USED_SERVICE}/list`,
    {
      config: {
        access: perm(SOURCE.menu, SOURCE.view),
        doc: listDoc(
          '已发放与已使用券码',
          'Issued and used codes',
          listQuery(USED_SPEC, { extra: [COUPON_CODE2_DOC] }),
        ),
      },
    },
    async (request) => {
      const call = callOf(request);
      const plain = await seesPlain(ctx, call.user, [SOURCE.view]);
      return ok(await usedPage(call, queryOf(request), plain));
    },
  );
  exportRoute(app, exporters.used, `${USED_SERVICE}/export-coupon-code-used`);

  app.post(
    `/api/${USED_SERVICE}/renew-status`,
    { config: { access: perm(SOURCE.renewStatus), idempotent: true } },
    async (request) => {
      const { ids } = parse(z.object({ ids: idsField }), request.body);
      const result = await driverCall(() => renewStatus(callOf(request), ids));
      return ok(result, `已刷新${result.checked}个券码，${result.markedUsed}个已核销`);
    },
  );

  app.post(
    `/api/${USED_SERVICE}/cancel`,
    { config: { access: perm(SOURCE.cancel), idempotent: true } },
    async (request) => {
      const { ids } = parse(z.object({ ids: idsField }), request.body);
      const count = await cancelUse(callOf(request), ids);
      return ok({ count }, `已撤销${count}个券码的核销`);
    },
  );

  /* Recovery records */

  app.get(
    `/api/${RECOVERY_SERVICE}/list`,
    {
      config: {
        access: perm(RECYCLE.menu, RECYCLE.view),
        doc: listDoc('券码回收记录', 'Code recovery records', listQuery(RECOVERY_SPEC)),
      },
    },
    async (request) => {
      const call = callOf(request);
      const plain = await seesPlain(ctx, call.user, [RECYCLE.view]);
      return ok(await recoveryPage(call, queryOf(request), plain));
    },
  );

  app.post(
    `/api/${RECOVERY_SERVICE}/handle`,
    { config: { access: perm(RECYCLE.handle), idempotent: true } },
    async (request) => {
      const body = parse(handleBody, request.body);
      const count = await handleRecovery(callOf(request), body.ids, body.result, body.remark);
      return ok({ count }, `已处理${count}条回收记录`);
    },
  );
  exportRoute(app, exporters.recovery, `${RECOVERY_SERVICE}/export`);
}
