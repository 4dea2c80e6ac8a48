import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { z } from 'zod';
import { perm, currentUser, type Access, assertPermission } from '../../auth/index.js';
import { ok, okStatus } from '../envelope.js';
import { documentTable } from '../api-doc/table.js';
import { registerExporter } from '../export/routes.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { nextId } from '../ids.js';
import { idList, queryMap, requiredParam } from '../params.js';
import { paged, type SortItem } from '../query.js';
import { assertUpdated, insertAudit, wire } from '../records.js';
import { nowText } from '../time.js';
import { parseBody } from '../validation.js';
import {
  accessOf,
  MANAGED,
  type AuditedTable,
  type OwnColumn,
  type TableCall,
  type TableDef,
} from './define.js';
import { tableExporter } from './export.js';
import { idField, versionField } from './fields.js';

/** The engine serves any declared table; the declaration's generics carried the types. */
type LooseDB = Record<string, Record<string, unknown>>;
type Filter = (eb: ExpressionBuilder<LooseDB, string>) => Expression<SqlBool>;
const AUDIT = MANAGED.filter((c) => c !== 'id' && c !== 'tenantId' && c !== 'version');
const db = (call: TableCall) => call.db as unknown as Kysely<LooseDB>;

/** Loosest first: the submit route admits whoever may add or edit. */
const RANK: Record<Access['kind'], number> = { public: 0, user: 1, perm: 2, super: 3 };

function eitherAccess(a: Access, b: Access): Access {
  if (a.kind === 'perm' && b.kind === 'perm') return perm(...new Set([...a.codes, ...b.codes]));
  return RANK[a.kind] <= RANK[b.kind] ? a : b;
}

async function assertAccess(call: TableCall, rule: Access): Promise<void> {
  if (rule.kind === 'super' && !call.user.isSuperAdmin) throw forbidden();
  if (rule.kind === 'perm') await assertPermission(call.db, call.user, ...rule.codes);
}

/**
 * The routes of a declaration as a Fastify plugin (server/routes.ts registers it):
 * GET list (paged, filtered, sorted), GET detail?id=, GET select (when declared),
 * POST submit (no id: create, id: update), POST remove?ids= (logic delete, all or nothing),
 * and with `export`, POST <service>/excel/export/async (lib/export: the list as an .xlsx task).
 */
export function tableRoutes<
  T extends AuditedTable,
  C extends readonly OwnColumn<T>[],
  I extends z.ZodObject,
>(declared: TableDef<T, C, I>): (app: FastifyInstance) => Promise<void> {
  const def = declared as unknown as TableDef;
  const table: string = def.table;
  const tenant = (def.scope as string) === 'tenant';
  const versioned = def.versioned === true;
  const columns: string[] = [
    'id',
    ...(tenant ? ['tenantId'] : []),
    ...def.columns,
    ...AUDIT,
    ...(versioned ? ['version'] : []),
  ];
  const order: SortItem[] = Object.entries(def.defaultOrder).map(([column, direction]) => ({
    column,
    direction: direction as 'asc' | 'desc',
  }));
  const inputKeys = Object.keys(def.input.shape);
  const meta = z.object(versioned ? { id: idField, version: versionField } : { id: idField });
  const access = {
    read: accessOf(def.access.read),
    add: accessOf(def.access.add),
    edit: accessOf(def.access.edit),
    remove: accessOf(def.access.remove),
  };

  /** Live rows of the caller's tenant (tenant tables), narrowed by the data scope. */
  async function visible(call: TableCall): Promise<Filter> {
    const scope = (await def.dataScope?.(call)) as Filter | undefined;
    return (eb) =>
      eb.and([
        eb('isDeleted', '=', 0),
        ...(tenant ? [eb('tenantId', '=', call.user.tenantId)] : []),
        ...(scope ? [scope(eb)] : []),
      ]);
  }

  async function present(call: TableCall, rows: object[]): Promise<object[]> {
    const out = def.decorate ? await def.decorate(call, rows as never) : rows;
    return out.map(wire);
  }

  /** The columns a submit writes: toRow (or the input), managed columns dropped, undefined null. */
  async function rowOf(
    input: Record<string, unknown>,
    call: TableCall,
  ): Promise<Record<string, unknown>> {
    const mapped = def.toRow
      ? ((await def.toRow(input as never, call)) as Record<string, unknown>)
      : input;
    const row: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(mapped))
      if (!(MANAGED as readonly string[]).includes(k)) row[k] = v ?? null;
    return row;
  }

  async function assertUnique(call: TableCall, row: Record<string, unknown>, id?: string) {
    for (const rule of def.unique ?? []) {
      let q = db(call)
        .selectFrom(table)
        .select('id')
        .where('isDeleted', '=', 0)
        .where((eb) =>
          eb.and(
            rule.columns.map((c: string) =>
              row[c] === null ? eb(c, 'is', null) : eb(c, '=', row[c] as string),
            ),
          ),
        );
      if (tenant) q = q.where('tenantId', '=', call.user.tenantId);
      if (id) q = q.where('id', '<>', id);
      if (await q.executeTakeFirst()) throw badRequest(rule.message);
    }
  }

  async function insert(call: TableCall, row: Record<string, unknown>): Promise<string> {
    const id = nextId();
    await db(call)
      .insertInto(table)
      .values({
        id,
        ...(tenant ? { tenantId: call.user.tenantId } : {}),
        ...row,
        ...insertAudit(call.user, nowText()),
        ...(versioned ? { version: 1 } : {}),
      })
      .execute();
    return id;
  }

  /** Versioned: `where version = given` (absent: any) and version + 1; 0 rows is 404 or 409. */
  async function update(call: TableCall, id: string, version: number | undefined, row: object) {
    const where = await visible(call);
    let q = db(call)
      .updateTable(table)
      .set({
        ...row,
        updateUser: call.user.userId,
        updateTime: nowText(),
        ...(versioned ? { version: sql<number>`${sql.ref('version')} + 1` } : {}),
      })
      .where('id', '=', id)
      .where(where);
    if (versioned && version !== undefined) q = q.where('version', '=', version);
    const result = await q.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return;
    if (!versioned) throw notFound();
    const exists = await db(call)
      .selectFrom(table)
      .select('id')
      .where('id', '=', id)
      .where(where)
      .executeTakeFirst();
    assertUpdated(result.numUpdatedRows, !!exists);
  }

  async function remove(call: TableCall, ids: string[]): Promise<void> {
    const where = await visible(call);
    await call.db.transaction().execute(async (trx) => {
      const inTrx: TableCall = { ...call, db: trx };
      const found = await db(inTrx)
        .selectFrom(table)
        .select('id')
        .where('id', 'in', ids)
        .where(where)
        .execute();
      if (found.length !== ids.length) throw notFound();
      await def.beforeRemove?.(inTrx, ids);
      await db(inTrx)
        .updateTable(table)
        .set({ isDeleted: 1, updateUser: call.user.userId, updateTime: nowText() })
        .where('id', 'in', ids)
        .where(where)
        .execute();
    });
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    // The API reference (lib/api-doc): this table's routes documented from the declaration.
    documentTable(app, def);
    const base = `/api/${def.path}`;
    const callOf = (request: FastifyRequest): TableCall => ({
      ctx: app.ctx,
      db: app.ctx.db,
      user: currentUser(request),
    });
    const read = { config: { access: access.read } };

    app.get(`${base}/list`, read, async (request) => {
      const call = callOf(request);
      const query = queryMap(request);
      def.beforeList?.(query);
      const page = await paged(
        db(call)
          .selectFrom(table)
          .where(await visible(call)),
        (qb) => qb.select(columns),
        query,
        def.list,
        app.ctx.dialect,
        order,
      );
      return ok({ ...page, records: await present(call, page.records) });
    });

    app.get(`${base}/detail`, read, async (request) => {
      const call = callOf(request);
      const row = await db(call)
        .selectFrom(table)
        .select(columns)
        .where('id', '=', requiredParam(request, 'id'))
        .where(await visible(call))
        .executeTakeFirst();
      if (!row) throw notFound();
      return ok((await present(call, [row]))[0]);
    });

    if (def.select) {
      app.get(`${base}/select`, read, async (request) => {
        const call = callOf(request);
        let q = db(call)
          .selectFrom(table)
          .select(columns)
          .where(await visible(call));
        for (const s of order) q = q.orderBy(sql.ref(s.column), s.direction);
        return ok(await present(call, await q.execute()));
      });
    }

    // The route admits add or edit; the handler then asks for the one the request needs.
    const oneRule = JSON.stringify(access.add) === JSON.stringify(access.edit);
    const submit = { config: { access: eitherAccess(access.add, access.edit) } };
    app.post(`${base}/submit`, submit, async (request) => {
      const { id, version } = parseBody(meta, request.body) as { id?: string; version?: number };
      const parsed = parseBody(def.input, request.body) as Record<string, unknown>;
      // Every declared key present (zod drops absent optional ones): an omitted field is cleared.
      const input = Object.fromEntries(inputKeys.map((k) => [k, parsed[k]]));
      const call = callOf(request);
      if (!oneRule) await assertAccess(call, id ? access.edit : access.add);
      const row = await rowOf(input, call);
      await def.beforeSave?.(call, input, id);
      await assertUnique(call, row, id);
      if (id) await update(call, id, version, row);
      return ok({ id: id ?? (await insert(call, row)) }, id ? '修改成功' : '新增成功');
    });

    app.post(`${base}/remove`, { config: { access: access.remove } }, async (request) => {
      await remove(callOf(request), [...new Set(idList(request))]);
      return okStatus('删除成功');
    });

    if (def.export)
      registerExporter(
        app,
        tableExporter(def, { columns, order, dialect: app.ctx.dialect, visible }),
      );
  };
}
