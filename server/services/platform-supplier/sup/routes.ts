import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  SUP_DISABLED,
  SUP_ENABLED,
  SUP_FILE_KINDS,
  SUP_SERVICE,
  supContract,
} from '../../../../src/contracts/platform-supplier/sup.js';
import { currentUser, perm, SUPER_TENANT } from '../../../auth/index.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { bodyObject, idList, param, queryMap, requiredParam } from '../../../lib/params.js';
import { nowText } from '../../../lib/time.js';
import { wire } from '../../../lib/records.js';
import { tableRoutes, type TableCall } from '../../../lib/table/index.js';
import { EXPORT_CREATED } from '../../../lib/export/engine.js';
import { callOf } from '../../shared/call.js';
import { idText, parse, splitIds } from '../../shared/input.js';
import {
  PARTY_FILE_KIND_NAMES,
  PARTY_FILES_MAX,
  partyFileRoutes,
} from '../../shared/party-files.js';
import supTable, {
  assertNoGoodsOnShelf,
  presentSuppliers,
  SUP_CODE_TAKEN,
  SUP_READERS,
} from './table.js';

const { codes } = supContract;
const READ = perm(codes.menu, codes.view!, ...SUP_READERS);
const EDIT = perm(codes.edit!);
/** The enable button of the seed (supplier_enable). */
export const SUP_ENABLE_CODE = `${codes.menu}_enable`;

const IDS_NOTE = { zh: '供应商 id，逗号分隔', en: 'Supplier ids, comma-separated' };
const DETAIL_NOTE = {
  zh: '供应商；contactPhone 为本会话加密的手机号（enc1:），interfaceSecret 只返回掩码',
  en: 'The supplier; contactPhone is encrypted for the session (enc1:), interfaceSecret is only the mask',
};

/** A unique violation of blade_sup's live codes (PostgreSQL 23505, SQLite's constraint). */
function isCodeClash(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e?.code === '23505') return e.constraint === 'blade_sup_code_live';
  return (
    typeof e?.message === 'string' &&
    e.message.includes('UNIQUE constraint failed: blade_sup.tenant_id, blade_sup.sup_code')
  );
}

/** A list of ids sent as an array or comma-joined text ('' or absent: none). */
const idsInput = (message: string) =>
  z.preprocess(splitIds, z.array(idText, { error: message }).max(1000, message));

const filesBody = z.object({
  supId: idText,
  attachIds: idsInput('attachIds:参数格式错误').pipe(
    z.array(idText).max(PARTY_FILES_MAX, `attachIds:最多上传${PARTY_FILES_MAX}个文件`),
  ),
});
const belongBody = z.object({ supId: idText, tenantIds: idsInput('tenantIds:参数格式错误') });

/**
 * The spec's calls of `sup` beyond the engine's list/detail/select/submit/remove (issue 17
 * item 1): get, list-not-page, enable, DELETE delete, export-supplier, sup-file and
 * sup-argeement-file, product-belong-sup. Every query is bound to the token's tenant; a supplier
 * of another tenant answers 404.
 */
export default async function supRoutes(app: FastifyInstance): Promise<void> {
  const base = `/api/${SUP_SERVICE}`;
  // A create is work: the engine's submit takes an Idempotency-Key (lib/idempotency), so a
  // repeated save (a retry, a double Enter through two tabs) makes one supplier.
  app.addHook('onRoute', (route) => {
    if (route.url === `${base}/submit`) route.config = { ...route.config, idempotent: true };
  });
  // Two saves of one code that race past the submit's check meet the unique index (migration
  // 027): the same 409 as the check's, not a 500.
  app.setErrorHandler((error) => {
    throw isCodeClash(error) ? conflict(SUP_CODE_TAKEN) : error;
  });
  await tableRoutes(supTable)(app);

  /** The caller's live supplier, or 404. */
  async function supplierOf(call: TableCall, id: string) {
    const row = await call.db
      .selectFrom('bladeSup')
      .selectAll()
      .where('id', '=', id)
      .where('tenantId', '=', call.user.tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  app.get(
    `${base}/get`,
    {
      config: {
        access: READ,
        doc: { summary: { zh: '供应商详情', en: 'A supplier' }, response: DETAIL_NOTE },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const { isDeleted: _d, ...row } = await supplierOf(call, requiredParam(request, 'id'));
      return ok(wire((await presentSuppliers(call, [row]))[0]!));
    },
  );

  app.get(
    `${base}/list-not-page`,
    {
      config: {
        access: READ,
        doc: {
          summary: { zh: '启用的供应商（选择器）', en: 'Enabled suppliers (pickers)' },
          response: {
            zh: '[{id, supCode, supName, settlementType}]',
            en: '[{id, supCode, supName, settlementType}]',
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const rows = await app.ctx.db
        .selectFrom('bladeSup')
        // settlementType: the balance initialisation takes its balance type from it.
        .select(['id', 'supCode', 'supName', 'settlementType'])
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0)
        .where('status', '=', SUP_ENABLED)
        .orderBy('supCode')
        .orderBy('id')
        .execute();
      return ok(rows);
    },
  );

  app.post(
    `${base}/enable`,
    {
      config: {
        access: perm(SUP_ENABLE_CODE),
        doc: {
          summary: { zh: '启用/停用供应商', en: 'Enable or disable suppliers' },
          query: [
            { name: 'ids', type: 'string', required: true, description: IDS_NOTE },
            {
              name: 'status',
              type: 'integer',
              required: true,
              enum: ['0', '1'],
              description: { zh: '1 启用，0 停用', en: '1 enable, 0 disable' },
            },
          ],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ids = [...new Set(idList(request, param(request, 'ids') ? 'ids' : 'id'))];
      const status = param(request, 'status');
      if (status !== String(SUP_ENABLED) && status !== String(SUP_DISABLED))
        throw badRequest('status:请选择启用或停用');
      await app.ctx.db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('bladeSup')
          .set({
            status: Number(status),
            updateUser: user.userId,
            updateTime: nowText(),
            version: sql<number>`version + 1`,
          })
          .where('id', 'in', ids)
          .where('tenantId', '=', user.tenantId)
          .where('isDeleted', '=', 0)
          .executeTakeFirst();
        // All or nothing: an id that is not the caller's live supplier undoes the rest.
        if (Number(result.numUpdatedRows) !== ids.length) throw notFound();
      });
      return okStatus(status === '1' ? '启用成功' : '停用成功');
    },
  );

  app.delete(
    `${base}/delete`,
    {
      config: {
        access: perm(codes.remove!),
        doc: {
          summary: { zh: '删除供应商（有已上架商品的不能删除）', en: 'Remove suppliers' },
          query: [{ name: 'ids', type: 'string', required: true, description: IDS_NOTE }],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ids = [...new Set(idList(request))];
      await app.ctx.db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('bladeSup')
          .select('id')
          .where('id', 'in', ids)
          .where('tenantId', '=', user.tenantId)
          .where('isDeleted', '=', 0)
          .execute();
        if (found.length !== ids.length) throw notFound();
        await assertNoGoodsOnShelf(trx, user.tenantId, ids);
        await trx
          .updateTable('bladeSup')
          .set({ isDeleted: 1, updateUser: user.userId, updateTime: nowText() })
          .where('id', 'in', ids)
          .where('tenantId', '=', user.tenantId)
          .execute();
      });
      return okStatus('删除成功');
    },
  );

  // The spec's export call: the same task as excel/export/async with excelType export-supplier.
  app.post(
    `${base}/export-supplier`,
    {
      config: {
        access: perm(codes.export!),
        idempotent: true,
        doc: {
          summary: { zh: '导出供应商（异步任务）', en: 'Export suppliers (a task)' },
          response: {
            zh: '{id, sourceFileName}；文件见导出中心',
            en: '{id, sourceFileName}; the file is in the export centre',
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const exporter = app.exportJobs.exporter(SUP_SERVICE, supContract.export!.excelType);
      if (!exporter) throw badRequest('不支持的导出类型');
      const query: Record<string, string> = {};
      for (const [name, value] of Object.entries(queryMap(request)))
        if (typeof value === 'string' && value !== '' && !['current', 'size'].includes(name))
          query[name] = value;
      await exporter.validate?.(query, { ctx: app.ctx, db: app.ctx.db, user });
      const task = await app.exportJobs.create(user, exporter, query);
      return ok({ id: task.id, sourceFileName: task.sourceFileName }, EXPORT_CREATED);
    },
  );

  const kinds = Object.entries(SUP_FILE_KINDS);
  partyFileRoutes(app, {
    table: 'bladeSupFile',
    partyColumn: 'supId',
    partyOf: supplierOf,
    read: READ,
    edit: EDIT,
    lists: kinds.map(([call, kind]) => ({
      url: `${base}/${call}`,
      kind,
      summary: {
        zh: `供应商${PARTY_FILE_KIND_NAMES[kind].zh}`,
        en: `A supplier's ${PARTY_FILE_KIND_NAMES[kind].en}`,
      },
    })),
    saves: kinds.map(([call, kind]) => ({
      url: `${base}/${call}`,
      doc: {
        summary: {
          zh: `保存供应商${PARTY_FILE_KIND_NAMES[kind].zh}`,
          en: `Save a supplier's ${PARTY_FILE_KIND_NAMES[kind].en}`,
        },
        body: {
          schema: filesBody,
          description: {
            zh: 'attachIds：上传得到的附件 id（pdf、图片、Word、Excel，每个不超过10MB，最多20个）；替换原有文件',
            en: 'attachIds: attachment ids from the uploader (pdf, images, Word, Excel, 10 MB each, at most 20); replaces the files',
          },
        },
      },
      read: (body) => {
        const { supId, attachIds } = parse(filesBody, body);
        return { partyId: supId, kind, attachIds };
      },
    })),
    refusals: {
      attachMissing: '附件不存在',
      fileType: (name) => `文件「${name}」类型不支持，请上传pdf、图片、Word或Excel文件`,
      fileSize: (name) => `文件「${name}」超过10MB`,
    },
  });

  /**
   * Tenants a caller may offer a supplier's goods to: every live tenant for the platform's
   * operator tenant (000000), the caller's own tenant otherwise (no other tenant's names leak).
   */
  async function offeredTenants(call: TableCall) {
    let q = call.db
      .selectFrom('bladeTenant')
      .select(['tenantId', 'tenantName'])
      .where('isDeleted', '=', 0)
      .orderBy('tenantId');
    if (call.user.tenantId !== SUPER_TENANT) q = q.where('tenantId', '=', call.user.tenantId);
    return q.execute();
  }

  app.get(
    `${base}/product-belong-sup`,
    {
      config: {
        access: READ,
        doc: {
          summary: {
            zh: '可销售该供应商商品的租户',
            en: "Tenants that may sell the supplier's goods",
          },
          query: [{ name: 'supId', type: 'string', required: true }],
          response: {
            zh: '{supId, tenantIds, tenants: [{tenantId, tenantName}]}（tenants：可选的租户）',
            en: '{supId, tenantIds, tenants: [{tenantId, tenantName}]} (tenants: the choices)',
          },
        },
      },
    },
    async (request) => {
      const c = callOf(app, request);
      const sup = await supplierOf(c, requiredParam(request, 'supId'));
      const [chosen, tenants] = await Promise.all([
        c.db
          .selectFrom('bladeSupBelong')
          .select('belongTenantId')
          .where('tenantId', '=', c.user.tenantId)
          .where('supId', '=', sup.id)
          .orderBy('belongTenantId')
          .execute(),
        offeredTenants(c),
      ]);
      return ok({ supId: sup.id, tenantIds: chosen.map((r) => r.belongTenantId), tenants });
    },
  );

  app.post(
    `${base}/product-belong-sup`,
    {
      config: {
        access: EDIT,
        doc: {
          summary: {
            zh: '设置可销售该供应商商品的租户',
            en: "Set the tenants that may sell the supplier's goods",
          },
          body: { schema: belongBody },
        },
      },
    },
    async (request) => {
      const c = callOf(app, request);
      const { supId, tenantIds } = parse(belongBody, bodyObject(request));
      await supplierOf(c, supId);
      const wanted = [...new Set(tenantIds)];
      const offered = new Set((await offeredTenants(c)).map((t) => t.tenantId));
      const unknown = wanted.find((id) => !offered.has(id));
      if (unknown) throw badRequest(`tenantIds:租户${unknown}不存在`);
      const now = nowText();
      await c.db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('bladeSupBelong')
          .where('tenantId', '=', c.user.tenantId)
          .where('supId', '=', supId)
          .execute();
        if (wanted.length > 0)
          await trx
            .insertInto('bladeSupBelong')
            .values(
              wanted.map((belongTenantId) => ({
                id: nextId(),
                tenantId: c.user.tenantId,
                supId,
                belongTenantId,
                createUser: c.user.userId,
                createTime: now,
              })),
            )
            .execute();
      });
      return okStatus('保存成功');
    },
  );
}
