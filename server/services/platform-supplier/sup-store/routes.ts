import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  STORE_CODES,
  STORE_SERVICE,
  supStoreContract,
} from '../../../../src/contracts/platform-supplier/sup-store.js';
import { currentUser, perm } from '../../../auth/index.js';
import type { DB } from '../../../db/schema.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { idempotencyGate } from '../../../lib/idempotency/index.js';
import { findResult, runImport } from '../../../lib/import/engine.js';
import { DEFAULT_UPLOAD_MB, sendImportResult } from '../../../lib/import/routes.js';
import { readXlsxUpload } from '../../../lib/import/upload.js';
import { templateWorkbook, XLSX_TYPE } from '../../../lib/import/workbook.js';
import { nextId } from '../../../lib/ids.js';
import { bodyObject, idList, param, queryMap, requiredParam } from '../../../lib/params.js';
import { filterConditions, type QueryMap } from '../../../lib/query.js';
import { wire } from '../../../lib/records.js';
import { attachmentDisposition } from '../../../lib/storage/file-types.js';
import { contractList, tableRoutes, type TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { EXPORT_CREATED } from '../../../lib/export/engine.js';
import { DriverError, driverSupplier, supplierDriver } from '../driver/index.js';
import { insertStores, storeImport, STORE_IMPORT_COLUMNS, type StoreValues } from './import.js';
import { chunks } from '../../../lib/chunks.js';
import { visibleStores, withNames } from './repository.js';
import { resolveRegion } from '../../../lib/regions.js';
import storeTable from './table.js';

const { codes } = supStoreContract;
const READ = perm(codes.menu, codes.view!, 'store_group');
const LIST = contractList(supStoreContract, {
  filters: { status: { column: 'status', default: 'equal', type: 'int' } },
});
/** Most rows list-not-page and list-store answer. */
export const UNPAGED_MAX = 1000;

const statusValue = (raw: unknown) => {
  const n = Number(raw);
  if (raw === undefined || raw === '' || (n !== 0 && n !== 1))
    throw badRequest('status:状态须为0或1');
  return n;
};

/** ids from the query or body: `ids=a,b` or `ids: [...]`. */
function idsOf(request: FastifyRequest): string[] {
  const body = request.body;
  if (body && typeof body === 'object' && Array.isArray((body as { ids?: unknown }).ids)) {
    const ids = (body as { ids: unknown[] }).ids.map(String).filter(Boolean);
    if (ids.length === 0) throw badRequest('请至少选择一条数据');
    if (ids.length > 5000) throw badRequest('一次最多处理5000条数据');
    return [...new Set(ids)];
  }
  const text = param(request, 'ids') ?? (bodyObject(request).ids as string | undefined);
  if (typeof text === 'string' && param(request, 'ids') === undefined) {
    const ids = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length === 0) throw badRequest('请至少选择一条数据');
    return [...new Set(ids)];
  }
  return [...new Set(idList(request))];
}

const batchUpdate = z.object({
  address: supStoreContract.input.shape.address,
  phone: supStoreContract.input.shape.phone,
  remark: supStoreContract.input.shape.remark,
  provinceCode: supStoreContract.input.shape.provinceCode,
  cityCode: supStoreContract.input.shape.cityCode,
  districtCode: supStoreContract.input.shape.districtCode,
});
const BATCH_FIELDS = ['address', 'phone', 'remark'] as const;
const REGION_FIELDS = ['provinceCode', 'cityCode', 'districtCode'] as const;

const repeatChoice = z.object({
  mode: z.enum(['merge', 'exclusive'], { error: 'mode:请选择合并或独立保存' }),
});

/** Applies the waiting rows of an import: their own choice, else `mode`. */
async function applyRepeats(
  db: Kysely<DB>,
  caller: TableCall['user'],
  importId: string,
  mode: 'merge' | 'exclusive',
): Promise<{ merged: number; created: number }> {
  return db.transaction().execute(async (trx) => {
    const waiting = await trx
      .selectFrom('bladeSupStoreRepeat')
      .selectAll()
      .where('tenantId', '=', caller.tenantId)
      .where('importId', '=', importId)
      .where('applied', '=', 0)
      .orderBy('rowNo')
      .execute();
    if (waiting.length === 0) throw notFound('没有待处理的重复门店');
    let merged = 0;
    const separate: StoreValues[] = [];
    const now = nowText();
    for (const r of waiting) {
      const values = JSON.parse(r.data) as StoreValues;
      if ((r.choice ?? mode) === 'exclusive') {
        separate.push(values);
        continue;
      }
      const { supId: _sup, storeCode: _code, ...changes } = values;
      const done = await trx
        .updateTable('bladeSupStore')
        .set({
          ...changes,
          updateUser: caller.userId,
          updateTime: now,
          version: sql<number>`version + 1`,
        })
        .where('id', '=', r.storeId)
        .where('tenantId', '=', caller.tenantId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      // The existing store went meanwhile: the row becomes a store of its own.
      if (Number(done.numUpdatedRows) === 1) merged++;
      else await insertStores(trx, caller, [values]);
    }
    await insertStores(trx, caller, separate, 1);
    await trx
      .updateTable('bladeSupStoreRepeat')
      .set({ applied: 1 })
      .where('tenantId', '=', caller.tenantId)
      .where('importId', '=', importId)
      .execute();
    return { merged, created: separate.length + (waiting.length - separate.length - merged) };
  });
}

/**
 * The spec's sup-store calls beyond the table's list/detail/submit/remove: get, DELETE delete,
 * list-not-page, list-store, batch-enable-pre/batch-enable, batch-update, export-sup-store,
 * import-spu-store (with template and result), set-repeat-Store, merge-mode-store,
 * exclusive-mode-store, applicable-form, check-applicable-form, load-store.
 */
export default async function supStoreRoutes(app: FastifyInstance): Promise<void> {
  await app.register(tableRoutes(storeTable));
  const ctx = app.ctx;
  const base = `/api/${STORE_SERVICE}`;
  const callOf = (request: FastifyRequest): TableCall => ({
    ctx,
    db: ctx.db,
    user: currentUser(request),
  });
  const read = { config: { access: READ } };

  /** Live stores of the caller matching the list's filters (no paging), named. */
  async function filtered(call: TableCall, query: QueryMap, limit: number) {
    storeTable.beforeList?.(query);
    let q = call.db
      .selectFrom('bladeSupStore')
      .selectAll()
      .where('tenantId', '=', call.user.tenantId)
      .where('isDeleted', '=', 0);
    for (const c of filterConditions(query, LIST, ctx.dialect)) q = q.where(c);
    const rows = await q.orderBy('storeCode').orderBy('id').limit(limit).execute();
    return (await withNames(call.db, call.user.tenantId, rows)).map(wire);
  }

  app.get(`${base}/get`, read, async (request) => {
    const call = callOf(request);
    const [row] = await visibleStores(call, [requiredParam(request, 'id')]);
    return ok(wire((await withNames(call.db, call.user.tenantId, [row!]))[0]!));
  });

  app.delete(`${base}/delete`, { config: { access: perm(codes.remove!) } }, async (request) => {
    const call = callOf(request);
    const ids = idsOf(request);
    await call.db.transaction().execute(async (trx) => {
      const inTrx = { ...call, db: trx };
      await visibleStores(inTrx, ids);
      await storeTable.beforeRemove?.(inTrx, ids);
      for (const part of chunks(ids))
        await trx
          .updateTable('bladeSupStore')
          .set({ isDeleted: 1, updateUser: call.user.userId, updateTime: nowText() })
          .where('tenantId', '=', call.user.tenantId)
          .where('id', 'in', part)
          .execute();
    });
    return ok({ removed: ids.length }, '删除成功');
  });

  app.get(`${base}/list-not-page`, read, async (request) =>
    ok(await filtered(callOf(request), queryMap(request), UNPAGED_MAX)),
  );

  // Pickers: the stores of one supplier (or all), by name or code.
  app.get(`${base}/list-store`, read, async (request) => {
    const query = queryMap(request);
    const picked: QueryMap = {};
    if (query.supId) picked.supId = query.supId;
    if (query.storeName) picked.storeName = query.storeName;
    if (query.storeCode) picked.storeCode = query.storeCode;
    picked.status = '1';
    const rows = await filtered(callOf(request), picked, UNPAGED_MAX);
    return ok(
      rows.map((r) => ({
        id: r.id,
        storeCode: r.storeCode,
        storeName: r.storeName,
        supName: r.supName,
      })),
    );
  });

  const enable = { config: { access: perm(STORE_CODES.enable) } };
  app.get(`${base}/batch-enable-pre`, enable, async (request) => {
    const status = statusValue(param(request, 'status'));
    const rows = await visibleStores(callOf(request), idsOf(request));
    const changes = rows.filter((r) => r.status !== status);
    return ok({
      total: rows.length,
      changed: changes.length,
      unchanged: rows.length - changes.length,
      records: changes.map((r) => ({
        id: r.id,
        storeCode: r.storeCode,
        storeName: r.storeName,
        status: r.status,
        newStatus: status,
      })),
    });
  });

  app.post(`${base}/batch-enable`, enable, async (request) => {
    const call = callOf(request);
    const status = statusValue(param(request, 'status') ?? bodyObject(request).status);
    const ids = idsOf(request);
    const changed = await call.db.transaction().execute(async (trx) => {
      const rows = await visibleStores({ ...call, db: trx }, ids);
      const change = rows.filter((r) => r.status !== status).map((r) => r.id);
      for (const part of chunks(change))
        await trx
          .updateTable('bladeSupStore')
          .set({
            status,
            updateUser: call.user.userId,
            updateTime: nowText(),
            version: sql<number>`version + 1`,
          })
          .where('tenantId', '=', call.user.tenantId)
          .where('id', 'in', part)
          .execute();
      return change.length;
    });
    return ok({ changed }, status === 1 ? '启用成功' : '停用成功');
  });

  app.post(
    `${base}/batch-update`,
    { config: { access: perm(STORE_CODES.batchEdit) } },
    async (request) => {
      const call = callOf(request);
      const body = bodyObject(request);
      const ids = idsOf(request);
      const input = parseBody(batchUpdate, body);
      const set: Record<string, string | null> = {};
      // Only the fields sent change; a region is replaced as a whole.
      for (const f of BATCH_FIELDS) if (f in body) set[f] = input[f] ?? null;
      if (REGION_FIELDS.some((f) => f in body))
        Object.assign(set, await resolveRegion(call.db, input));
      if (Object.keys(set).length === 0) throw badRequest('请至少修改一项');
      await call.db.transaction().execute(async (trx) => {
        await visibleStores({ ...call, db: trx }, ids);
        for (const part of chunks(ids))
          await trx
            .updateTable('bladeSupStore')
            .set({
              ...set,
              updateUser: call.user.userId,
              updateTime: nowText(),
              version: sql<number>`version + 1`,
            })
            .where('tenantId', '=', call.user.tenantId)
            .where('id', 'in', part)
            .execute();
      });
      return ok({ updated: ids.length }, '修改成功');
    },
  );

  // The export engine's task, as excel/export/async starts it (the export centre has the file).
  app.get(
    `${base}/export-sup-store`,
    { config: { access: perm(codes.export!) } },
    async (request) => {
      const user = currentUser(request);
      const exporter = app.exportJobs.exporter(STORE_SERVICE, 'sup-store');
      if (!exporter) throw notFound();
      const query = queryMap(request);
      delete query.current;
      delete query.size;
      await exporter.validate?.(query, { ctx: app.ctx, db: app.ctx.db, user });
      const task = await app.exportJobs.create(user, exporter, query as Record<string, string>);
      return ok({ id: task.id, sourceFileName: task.sourceFileName }, EXPORT_CREATED);
    },
  );

  // Import: the engine's checks and all-or-nothing write; rows whose code exists wait.
  const importAccess = perm(STORE_CODES.import);
  app.post(
    `${base}/import-spu-store`,
    { config: { access: importAccess, idempotent: 'in-handler' as const } },
    async (request, reply) => {
      const caller = currentUser(request);
      const maxBytes = (ctx.config.uploadMaxMb || DEFAULT_UPLOAD_MB) * 1024 * 1024;
      const upload = await readXlsxUpload(request, maxBytes);
      const fields = JSON.stringify(Object.entries(upload.fields).sort());
      if (await idempotencyGate(request, reply, [upload.fileName, fields, upload.buffer]))
        return reply;
      const batch = { id: `pending-${nextId()}` };
      const { answer, msg } = await runImport(ctx, caller, storeImport(batch), upload, false);
      let repeats: { id: string; row: number; storeCode: string; storeName: string }[] = [];
      if (answer.status === 'success') {
        await ctx.db
          .updateTable('bladeSupStoreRepeat')
          .set({ importId: answer.id })
          .where('tenantId', '=', caller.tenantId)
          .where('importId', '=', batch.id)
          .execute();
        const waiting = await ctx.db
          .selectFrom('bladeSupStoreRepeat')
          .select(['id', 'rowNo', 'storeCode', 'data'])
          .where('tenantId', '=', caller.tenantId)
          .where('importId', '=', answer.id)
          .where('applied', '=', 0)
          .orderBy('rowNo')
          .execute();
        repeats = waiting.map((w) => ({
          id: w.id,
          row: w.rowNo,
          storeCode: w.storeCode,
          storeName: (JSON.parse(w.data) as StoreValues).storeName,
        }));
      }
      const text =
        repeats.length > 0
          ? `${msg}；${repeats.length}个门店编码已存在，请选择合并或独立保存`
          : msg;
      return ok({ ...answer, repeatCount: repeats.length, repeats: repeats.slice(0, 200) }, text);
    },
  );

  app.get(`${base}/export-template`, { config: { access: importAccess } }, async (_r, reply) => {
    const file = await templateWorkbook('门店数据', STORE_IMPORT_COLUMNS);
    return reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', attachmentDisposition('门店数据模板.xlsx'))
      .header('X-Content-Type-Options', 'nosniff')
      .send(file);
  });

  app.get(`${base}/import-result`, { config: { access: importAccess } }, async (request, reply) => {
    const record = await findResult(
      ctx,
      currentUser(request),
      'sup-store',
      requiredParam(request, 'id'),
    );
    return sendImportResult(ctx, reply, record, '门店导入结果.xlsx');
  });

  // set-repeat-Store: the user's choice per waiting row (ids), applied by the mode calls.
  app.post(`${base}/set-repeat-Store`, { config: { access: importAccess } }, async (request) => {
    const caller = currentUser(request);
    const { mode } = parseBody(repeatChoice, {
      mode: param(request, 'mode') ?? bodyObject(request).mode,
    });
    const ids = idsOf(request);
    let set = 0;
    for (const part of chunks(ids)) {
      const done = await ctx.db
        .updateTable('bladeSupStoreRepeat')
        .set({ choice: mode })
        .where('tenantId', '=', caller.tenantId)
        .where('applied', '=', 0)
        .where('id', 'in', part)
        .executeTakeFirst();
      set += Number(done.numUpdatedRows);
    }
    if (set !== ids.length) throw notFound();
    return ok({ set }, '操作成功');
  });

  for (const [path, mode] of [
    ['merge-mode-store', 'merge'],
    ['exclusive-mode-store', 'exclusive'],
  ] as const)
    app.post(`${base}/${path}`, { config: { access: importAccess } }, async (request) => {
      const caller = currentUser(request);
      const importId = param(request, 'importId') ?? String(bodyObject(request).importId ?? '');
      if (!importId) throw badRequest('缺少必要的请求参数: importId');
      const done = await applyRepeats(ctx.db, caller, importId, mode);
      return ok(done, `处理成功：合并${done.merged}条，新增${done.created}条`);
    });

  // Which goods a store accepts: its supplier's goods, each marked (empty goodIds = all).
  app.get(`${base}/applicable-form`, read, async (request) => {
    const call = callOf(request);
    const [store] = await visibleStores(call, [
      param(request, 'id') ?? requiredParam(request, 'storeId'),
    ]);
    const chosen = new Set((store!.goodIds ?? '').split(',').filter(Boolean));
    const goods = await call.db
      .selectFrom('bladeSupGood')
      .select(['id', 'goodCode', 'goodName', 'status'])
      .where('tenantId', '=', call.user.tenantId)
      .where('supId', '=', store!.supId)
      .where('isDeleted', '=', 0)
      .orderBy('goodCode')
      .execute();
    return ok({
      storeId: store!.id,
      supId: store!.supId,
      allGoods: chosen.size === 0,
      goods: goods.map((g) => ({ ...g, applicable: chosen.size === 0 || chosen.has(g.id) })),
    });
  });

  app.get(`${base}/check-applicable-form`, read, async (request) => {
    const call = callOf(request);
    const [store] = await visibleStores(call, [requiredParam(request, 'storeId')]);
    const goodId = requiredParam(request, 'goodId');
    const good = await call.db
      .selectFrom('bladeSupGood')
      .select(['id', 'supId'])
      .where('tenantId', '=', call.user.tenantId)
      .where('id', '=', goodId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!good) throw notFound();
    const chosen = (store!.goodIds ?? '').split(',').filter(Boolean);
    const applicable =
      good.supId === store!.supId &&
      store!.status === 1 &&
      (chosen.length === 0 || chosen.includes(goodId));
    return ok({ storeId: store!.id, goodId, applicable });
  });

  // load-store: the supplier's stores from its interface, merged by store code in one
  // transaction; a driver failure answers its message and writes nothing.
  app.post(
    `${base}/load-store`,
    { config: { access: importAccess, idempotent: true } },
    async (request) => {
      const caller = currentUser(request);
      const supId = param(request, 'supId') ?? String(bodyObject(request).supId ?? '');
      if (!supId) throw badRequest('supId:请选择供应商');
      const supplier = await driverSupplier(ctx, caller.tenantId, supId);
      let listed;
      try {
        listed = await supplierDriver(ctx, supplier).loadStores(supplier);
      } catch (err) {
        // As the goods' driver calls: 400 with the driver's zh message (the console reads a
        // status above 500 as a lost connection and would say 网络异常 instead).
        if (err instanceof DriverError) throw badRequest(err.message);
        throw err;
      }
      const loaded = new Map(listed.map((s) => [s.storeCode, s]));
      const result = await ctx.db.transaction().execute(async (trx) => {
        const existing = new Map<string, string>();
        for (const part of chunks([...loaded.keys()]))
          for (const s of await trx
            .selectFrom('bladeSupStore')
            .select(['id', 'storeCode'])
            .where('tenantId', '=', caller.tenantId)
            .where('supId', '=', supId)
            .where('isDeleted', '=', 0)
            .where('repeatFlag', '=', 0)
            .where('storeCode', 'in', part)
            .execute())
            existing.set(s.storeCode, s.id);
        const creates: StoreValues[] = [];
        let updated = 0;
        for (const s of loaded.values()) {
          const values: StoreValues = {
            supId,
            storeCode: s.storeCode.slice(0, 64),
            storeName: s.storeName.slice(0, 100),
            provinceCode: s.provinceCode || null,
            cityCode: s.cityCode || null,
            districtCode: s.districtCode || null,
            address: s.address?.slice(0, 255) ?? null,
            phone: s.phone?.slice(0, 32) ?? null,
            remark: null,
          };
          const id = existing.get(s.storeCode);
          if (!id) {
            creates.push(values);
            continue;
          }
          const { supId: _s, storeCode: _c, remark: _r, ...changes } = values;
          await trx
            .updateTable('bladeSupStore')
            .set({
              ...changes,
              updateUser: caller.userId,
              updateTime: nowText(),
              version: sql<number>`version + 1`,
            })
            .where('id', '=', id)
            .execute();
          updated++;
        }
        await insertStores(trx, caller, creates);
        return { created: creates.length, updated };
      });
      return ok(result, `同步成功：新增${result.created}条，更新${result.updated}条`);
    },
  );
}
