import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import { fenToYuan } from '../../../../src/contracts/money.js';
import {
  SIGN_METHODS,
  SUP_GOOD,
  supGoodContract,
} from '../../../../src/contracts/platform-supplier/sup-good.js';
import { currentUser, perm, type AuthUser } from '../../../auth/index.js';
import type { DB } from '../../../db/schema.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { EXPORT_CREATED } from '../../../lib/export/engine.js';
import { importRoutes } from '../../../lib/import/index.js';
import { idList, param, queryMap, requiredParam } from '../../../lib/params.js';
import { paged, type ListSpec } from '../../../lib/query.js';
import { assertUpdated, wire } from '../../../lib/records.js';
import { tableRoutes } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import type { RouteDocInput } from '../../../lib/api-doc/types.js';
import { DriverError, driverSupplier, supplierDriver } from '../driver/index.js';
import { supGoodImport } from './import.js';
import { signRoutes } from './sign.js';
import supGoodTable, { decorateGoods, ON_SHELF_DELETE } from './table.js';
import { PICKER_SCREENS } from '../picker-readers.js';

const MENU = supGoodContract.codes.menu;

/** The API reference's entry (lib/api-doc) of a route. */
const doc = (zh: string, en: string): RouteDocInput => ({ summary: { zh, en } });
/** The list, detail and look-ups: the screen's menu or view code. */
const READ = perm(MENU, `${MENU}_view`);
const code = (alias: string) => `${MENU}_${alias}`;

export const DISABLED_ON_SHELF = '停用的商品不能上架';

/** Columns every answer about a good carries. */
const COLUMNS = [
  'id',
  'supId',
  'goodCode',
  'goodName',
  'goodType',
  'marketAmount',
  'costPrice',
  'validDays',
  'validEnd',
  'onShelf',
  'status',
  'stockWarn',
  'validTimeWarn',
  'interfaceGoodCode',
  'remark',
  'version',
  'createTime',
] as const;

type GoodRow = Pick<Selectable<DB['bladeSupGood']>, (typeof COLUMNS)[number]>;

/** A good as the wire has it: decorated, money in yuan, nulls as the envelope writes them. */
async function present(db: { db: Kysely<DB> }, tenantId: string, rows: GoodRow[]) {
  const decorated = await decorateGoods(db, tenantId, rows);
  return decorated.map((r) =>
    wire({
      ...r,
      marketAmount: fenToYuan(Number(r.marketAmount)),
      costPrice: fenToYuan(Number(r.costPrice)),
    }),
  );
}

/** The caller's live goods among `ids`; 404 when any is not one of them. */
async function goodsOf(db: Kysely<DB>, user: AuthUser, ids: readonly string[]) {
  const rows = await db
    .selectFrom('bladeSupGood')
    .select(COLUMNS)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .where('id', 'in', ids)
    .execute();
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

const flag = (request: FastifyRequest, name: string): 0 | 1 => {
  const value = requiredParam(request, name);
  if (value !== '0' && value !== '1') throw badRequest(`${name}:参数只能是0或1`);
  return value === '1' ? 1 : 0;
};

/** Updates the goods' columns, bumping each version (optimistic locking for concurrent edits). */
async function setGoods(
  db: Kysely<DB>,
  user: AuthUser,
  ids: readonly string[],
  values: Partial<Pick<DB['bladeSupGood'], 'status' | 'onShelf'>>,
) {
  if (ids.length === 0) return;
  await db
    .updateTable('bladeSupGood')
    .set({
      ...values,
      updateUser: user.userId,
      updateTime: nowText(),
      version: sql<number>`version + 1`,
    })
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .where('id', 'in', [...ids])
    .execute();
}

/** What enabling (1) or disabling (0) the goods would change, without changing anything. */
function enablePlan(rows: GoodRow[], status: 0 | 1) {
  const changing = rows.filter((r) => r.status !== status);
  // Disabling takes a good off the shelf: a disabled good is not sold.
  const offShelf = status === 0 ? rows.filter((r) => r.onShelf === 1) : [];
  return { changing, offShelf };
}

const warnInput = (name: 'stockWarn' | 'validTimeWarn', max: number, message: string) =>
  z.object({
    id: z.string({ error: '缺少必要的请求参数: id' }).regex(/^[A-Za-z0-9_-]{1,32}$/),
    [name]: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? null : Number(v)),
      z.number({ error: message }).int(message).min(0, message).max(max, message).nullable(),
    ),
    version: z.coerce.number().int().optional(),
  });

const stockWarnInput = warnInput('stockWarn', 100_000_000, 'stockWarn:库存预警值须为非负整数');
const validTimeWarnInput = warnInput(
  'validTimeWarn',
  3650,
  'validTimeWarn:有效期预警天数须为0到3650的整数',
);

const interfaceInput = z.object({
  id: z.string({ error: '缺少必要的请求参数: id' }).regex(/^[A-Za-z0-9_-]{1,32}$/),
  interfaceGoodCode: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: 'interfaceGoodCode:接口商品编码格式不正确' })
      .trim()
      .max(64, 'interfaceGoodCode:长度不能超过64个字符')
      .optional(),
  ),
  signMethod: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 'HMAC-SHA256' : v),
    z.enum(SIGN_METHODS, { error: 'signMethod:签名方式只能是HMAC-SHA256或MD5' }),
  ),
  version: z.coerce.number().int().optional(),
});

/** Updates one good's own settings with `where version = given` (absent: any); 404 / 409. */
async function updateGood(
  db: Kysely<DB>,
  user: AuthUser,
  id: string,
  version: number | undefined,
  values: Partial<DB['bladeSupGood']>,
) {
  let q = db
    .updateTable('bladeSupGood')
    .set({
      ...values,
      updateUser: user.userId,
      updateTime: nowText(),
      version: sql<number>`version + 1`,
    } as never)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  const result = await q.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const exists = await db
    .selectFrom('bladeSupGood')
    .select('id')
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .where('id', '=', id)
    .executeTakeFirst();
  assertUpdated(result.numUpdatedRows, !!exists);
}

/**
 * A supplier interface's failure as an answer: 400 with its zh message (供应商接口超时, ...), as
 * BladeX's R.fail. Not 502/504: the console reads statuses above 500 as a lost connection
 * (spec section 8) and would say 网络异常 instead of the driver's message.
 */
function driverFailure(err: unknown): never {
  if (err instanceof DriverError) throw badRequest(err.message);
  throw err;
}

/** The belonging-tenant goods list: filters on the good's columns. */
const BELONG_LIST: ListSpec = {
  filters: {
    supId: { column: 'g.supId', default: 'equal' },
    goodCode: { column: 'g.goodCode', default: 'like' },
    goodName: { column: 'g.goodName', default: 'like' },
  },
  sorts: { goodCode: 'g.goodCode', goodName: 'g.goodName', createTime: 'g.createTime' },
};

/**
 * `${SUPPLIER_SERVICE}/sup-good` (spec section 7, issue 17 item 2): the declared table's list,
 * detail, submit and remove, plus the spec's calls.
 */
export default async function supGoodRoutes(app: FastifyInstance): Promise<void> {
  await tableRoutes(supGoodTable)(app);
  await importRoutes(supGoodImport)(app);
  await signRoutes(app);
  const ctx = app.ctx;
  const base = `/api/${SUP_GOOD}`;

  // get?id= (the spec's name of the detail).
  app.get(
    `${base}/get`,
    { config: { access: READ, doc: doc('商品详情（?id=）', 'A good (?id=)') } },
    async (request) => {
      const user = currentUser(request);
      const [row] = await goodsOf(ctx.db, user, [requiredParam(request, 'id')]);
      return ok((await present(ctx, user.tenantId, [row!]))[0]);
    },
  );

  // delete?ids= (GET, as the spec has it): logic delete, all or nothing; not while on the shelf.
  app.get(
    `${base}/delete`,
    {
      config: {
        access: perm(code('delete')),
        doc: doc(
          '删除商品（GET ?ids=，上架中的不能删除）',
          'Delete goods (GET ?ids=; not while on the shelf)',
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ids = [...new Set(idList(request))];
      await ctx.db.transaction().execute(async (trx) => {
        const rows = await goodsOf(trx, user, ids);
        if (rows.some((r) => r.onShelf === 1)) throw badRequest(ON_SHELF_DELETE);
        await trx
          .updateTable('bladeSupGood')
          .set({ isDeleted: 1, updateUser: user.userId, updateTime: nowText() })
          .where('tenantId', '=', user.tenantId)
          .where('id', 'in', ids)
          .execute();
      });
      return okStatus('删除成功');
    },
  );

  // enable?ids=&status=1|0: enables or disables; disabling takes the goods off the shelf.
  app.post(
    `${base}/enable`,
    {
      config: {
        access: perm(code('enable')),
        doc: doc(
          '启用/停用（?ids=&status=1|0；停用同时下架）',
          'Enable or disable (?ids=&status=1|0; disabling takes goods off the shelf)',
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ids = [...new Set(idList(request))];
      const status = flag(request, 'status');
      await ctx.db.transaction().execute(async (trx) => {
        const { changing, offShelf } = enablePlan(await goodsOf(trx, user, ids), status);
        const touched = new Set([...changing, ...offShelf].map((r) => r.id));
        await setGoods(trx, user, [...touched], status === 0 ? { status, onShelf: 0 } : { status });
      });
      return okStatus(status === 1 ? '启用成功' : '停用成功');
    },
  );

  // batch-enable-pre?ids=&status=: what enable would change, nothing changed.
  app.get(
    `${base}/batch-enable-pre`,
    {
      config: {
        access: perm(code('enable')),
        doc: doc(
          '批量启用预览（?ids=&status=：将改变哪些商品，不做修改）',
          'Bulk enable preview (?ids=&status=: what would change; nothing changed)',
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ids = [...new Set(idList(request))];
      const status = flag(request, 'status');
      const rows = await goodsOf(ctx.db, user, ids);
      const { changing, offShelf } = enablePlan(rows, status);
      return ok({
        status,
        total: rows.length,
        change: changing.length,
        unchanged: rows.length - changing.length,
        offShelf: offShelf.length,
        records: (await present(ctx, user.tenantId, changing)).map((r) => ({
          id: r.id,
          goodCode: r.goodCode,
          goodName: r.goodName,
          supName: r.supName,
          status: r.status,
          onShelf: r.onShelf,
        })),
      });
    },
  );

  // batch-on-shelf?ids=&onShelf=1|0: all or nothing; a disabled good does not go on the shelf.
  app.post(
    `${base}/batch-on-shelf`,
    {
      config: {
        access: perm(code('on_shelf')),
        doc: doc(
          '批量上下架（?ids=&onShelf=1|0，全部成功或全部不变；停用的商品不能上架）',
          'Bulk on/off shelf (?ids=&onShelf=1|0, all or nothing; disabled goods do not go on)',
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ids = [...new Set(idList(request))];
      const onShelf = flag(request, 'onShelf');
      const changed = await ctx.db.transaction().execute(async (trx) => {
        const rows = await goodsOf(trx, user, ids);
        const disabled = rows.filter((r) => r.status !== 1);
        if (onShelf === 1 && disabled.length > 0)
          throw badRequest(`${DISABLED_ON_SHELF}：${disabled.map((r) => r.goodCode).join('、')}`);
        const changing = rows.filter((r) => r.onShelf !== onShelf).map((r) => r.id);
        await setGoods(trx, user, changing, { onShelf });
        return changing.length;
      });
      return ok({ changed }, onShelf === 1 ? '上架成功' : '下架成功');
    },
  );

  // list-by-sup?supId=: the supplier's live goods, unpaged (pickers).
  app.get(
    `${base}/list-by-sup`,
    {
      config: {
        access: perm(MENU, `${MENU}_view`, ...PICKER_SCREENS),
        doc: doc('供应商的全部商品（?supId=，不分页）', "A supplier's goods (?supId=, unpaged)"),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const rows = await ctx.db
        .selectFrom('bladeSupGood')
        .select(COLUMNS)
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0)
        .where('supId', '=', requiredParam(request, 'supId'))
        .orderBy('goodCode')
        .limit(5000)
        .execute();
      return ok(await present(ctx, user.tenantId, rows));
    },
  );

  // export-sup-good: the list's export (the export engine), as excel/export/async with sup-good.
  app.post(
    `${base}/export-sup-good`,
    {
      config: {
        access: perm(code('export')),
        idempotent: true,
        doc: doc(
          '导出商品列表（导出引擎，参数同列表筛选）',
          "Export the goods list (export engine; the list's filters)",
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const exporter = app.exportJobs.exporter(SUP_GOOD, supGoodContract.export!.excelType);
      if (!exporter) throw notFound();
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries({
        ...((request.body as object | undefined) ?? {}),
        ...queryMap(request),
      }))
        if (!['current', 'size', 'excelType'].includes(k) && v !== '' && typeof v !== 'object')
          query[k] = String(v);
      await exporter.validate?.(query, { ctx: app.ctx, db: app.ctx.db, user });
      const task = await app.exportJobs.create(user, exporter, query);
      return ok({ id: task.id, sourceFileName: task.sourceFileName }, EXPORT_CREATED);
    },
  );

  // list-belong-tenant-good: enabled goods on the shelf of suppliers that belong to the caller's
  // tenant (product-belong-sup), whichever tenant keeps them.
  app.get(
    `${base}/list-belong-tenant-good`,
    {
      config: {
        access: READ,
        doc: doc(
          '所属租户可售的商品（分页；供应商的所属租户含本租户，启用且上架）',
          "Goods the caller's tenant may sell (paged; suppliers it belongs to, enabled and on the shelf)",
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const page = await paged(
        ctx.db
          .selectFrom('bladeSupGood as g')
          .innerJoin('bladeSupBelong as b', (j) =>
            j.onRef('b.supId', '=', 'g.supId').onRef('b.tenantId', '=', 'g.tenantId'),
          )
          .innerJoin('bladeSup as s', (j) =>
            j.onRef('s.id', '=', 'g.supId').onRef('s.tenantId', '=', 'g.tenantId'),
          )
          .where('b.belongTenantId', '=', user.tenantId)
          .where('g.isDeleted', '=', 0)
          .where('s.isDeleted', '=', 0)
          .where('g.status', '=', 1)
          .where('g.onShelf', '=', 1),
        (qb) =>
          qb.select([
            'g.id',
            'g.supId',
            's.supName',
            'g.goodCode',
            'g.goodName',
            'g.goodType',
            'g.marketAmount',
            'g.costPrice',
          ]),
        queryMap(request),
        BELONG_LIST,
        ctx.dialect,
        [{ column: 'g.goodCode', direction: 'asc' }],
      );
      return ok({
        ...page,
        records: page.records.map((r) =>
          wire({
            ...r,
            marketAmount: fenToYuan(Number(r.marketAmount)),
            costPrice: fenToYuan(Number(r.costPrice)),
          }),
        ),
      });
    },
  );

  // The warning thresholds: get-/set-stock-warn and get-/set-valid-time-warn.
  for (const [name, alias, input] of [
    ['stockWarn', 'stock_warn', stockWarnInput],
    ['validTimeWarn', 'valid_time_warn', validTimeWarnInput],
  ] as const) {
    const path = name === 'stockWarn' ? 'stock-warn' : 'valid-time-warn';
    app.get(
      `${base}/get-${path}`,
      {
        config: {
          access: perm(MENU, code('view'), code(alias)),
          doc: doc(
            `查询${name === 'stockWarn' ? '库存' : '有效期'}预警（?id=）`,
            `Get the ${path} threshold (?id=)`,
          ),
        },
      },
      async (request) => {
        const [row] = await goodsOf(ctx.db, currentUser(request), [requiredParam(request, 'id')]);
        return ok(wire({ id: row!.id, [name]: row![name], version: row!.version }));
      },
    );
    app.post(
      `${base}/set-${path}`,
      {
        config: {
          access: perm(code(alias)),
          doc: doc(
            `设置${name === 'stockWarn' ? '库存' : '有效期'}预警（id, ${name}, version）`,
            `Set the ${path} threshold (id, ${name}, version)`,
          ),
        },
      },
      async (request) => {
        const body = parseBody(input, { ...(request.body as object), ...queryMap(request) });
        const {
          id,
          version,
          [name]: value,
        } = body as unknown as {
          id: string;
          version?: number;
        } & Record<typeof name, number | null>;
        await updateGood(ctx.db, currentUser(request), id, version, { [name]: value });
        return okStatus('设置成功');
      },
    );
  }

  // good-interface-get?id= / good-interface-set: the supplier-side code and the signing method.
  app.get(
    `${base}/good-interface-get`,
    {
      config: {
        access: perm(MENU, code('view'), code('interface_set')),
        doc: doc(
          '接口配置（?id=：接口商品编码与签名方式）',
          'Interface settings (?id=: the supplier-side code and signing method)',
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = requiredParam(request, 'id');
      await goodsOf(ctx.db, user, [id]);
      const row = await ctx.db
        .selectFrom('bladeSupGood')
        .select(['id', 'goodCode', 'interfaceGoodCode', 'signMethod', 'version'])
        .where('id', '=', id)
        .where('tenantId', '=', user.tenantId)
        .executeTakeFirstOrThrow();
      return ok(wire({ ...row, signMethod: row.signMethod ?? 'HMAC-SHA256' }));
    },
  );
  app.post(
    `${base}/good-interface-set`,
    {
      config: {
        access: perm(code('interface_set')),
        doc: doc(
          '保存接口配置（id, interfaceGoodCode, signMethod, version）',
          'Save the interface settings (id, interfaceGoodCode, signMethod, version)',
        ),
      },
    },
    async (request) => {
      const body = parseBody(interfaceInput, request.body);
      await updateGood(ctx.db, currentUser(request), body.id, body.version, {
        interfaceGoodCode: body.interfaceGoodCode ?? null,
        signMethod: body.signMethod,
      });
      return okStatus('设置成功');
    },
  );

  // query-third-actual-balance?supId= (or ?id= of a good): the supplier's driver answers.
  app.get(
    `${base}/query-third-actual-balance`,
    {
      config: {
        access: perm(code('third_balance')),
        doc: doc(
          '查询供应商三方余额（?supId= 或 ?id=，由供应商接口驱动应答）',
          "The supplier's balance at its interface (?supId= or ?id=; the driver answers)",
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      let supId = param(request, 'supId');
      if (!supId) supId = (await goodsOf(ctx.db, user, [requiredParam(request, 'id')]))[0]!.supId;
      const supplier = await driverSupplier(ctx, user.tenantId, supId);
      const answer = await supplierDriver(ctx, supplier)
        .queryBalance(supplier)
        .catch(driverFailure);
      return ok({ supId, balance: fenToYuan(answer.balanceFen) });
    },
  );

  // query-third-good-stock?id=: the good's unused stock at its supplier.
  app.get(
    `${base}/query-third-good-stock`,
    {
      config: {
        access: perm(code('third_stock')),
        doc: doc(
          '查询商品三方库存（?id=，由供应商接口驱动应答）',
          "The good's stock at the supplier (?id=; the driver answers)",
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const [good] = await goodsOf(ctx.db, user, [requiredParam(request, 'id')]);
      const supplier = await driverSupplier(ctx, user.tenantId, good!.supId);
      const answer = await supplierDriver(ctx, supplier)
        .queryStock(supplier, {
          goodCode: good!.goodCode,
          interfaceGoodCode: good!.interfaceGoodCode,
        })
        .catch(driverFailure);
      return ok({ id: good!.id, goodCode: good!.goodCode, stock: answer.stock });
    },
  );
}
