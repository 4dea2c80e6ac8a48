import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { z } from 'zod';
import { perm, currentUser, type Access, assertPermission } from '../../auth/index.js';
import { ok, okStatus } from '../envelope.js';
import { documentTable } from '../api-doc/table.js';
import { registerExporter } from '../export/routes.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { namedExportRoute } from '../export/routes.js';
import { isUniqueViolation } from '../../db/unique.js';
import { nextId } from '../ids.js';
import { idList, param, queryMap, requiredParam } from '../params.js';
import { columnSql, paged, type QueryMap, type SortItem } from '../query.js';
import { DEFAULT_CALLS, type CallName } from '../../../src/contracts/resource-contract.js';
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
    ...(def.readColumns ?? []),
    ...AUDIT,
    ...(versioned ? ['version'] : []),
  ];
  const order: SortItem[] = Object.entries(def.defaultOrder).map(([column, direction]) => ({
    column,
    direction: direction as 'asc' | 'desc',
  }));
  const names = def.names ?? [];
  /** The list's selection: the table's columns and the names of referenced records. */
  const selection = <Q>(qb: Q): Q =>
    (qb as unknown as { select: (s: unknown) => Q }).select([
      ...columns,
      ...names.map((n) => sql`${n.expression}`.as(n.field)),
    ]);
  const calls = { ...DEFAULT_CALLS, ...def.calls };
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

  /** The declaration's `narrow` for this query, or no condition. */
  async function narrowed(call: TableCall, query: QueryMap): Promise<Filter> {
    const own = (await def.narrow?.(call, query)) as Filter | undefined;
    return own ?? ((eb) => eb.and([]));
  }

  async function present(
    call: TableCall,
    rows: object[],
    use: NonNullable<TableCall['use']>,
  ): Promise<object[]> {
    const out = def.decorate ? await def.decorate({ ...call, use }, rows as never) : rows;
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

  /** A live row (not `id`) holding a unique rule's values: 409 naming the field. */
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
      if (await q.executeTakeFirst())
        throw conflict(`${rule.field ?? rule.columns.at(-1)}:${rule.message}`);
    }
  }

  /**
   * A write that lost a race to a unique index (both passed assertUnique, the other landed
   * first) is answered as that check answers the loser: 409 at the field, never a 500.
   */
  async function uniquely<T>(
    call: TableCall,
    row: Record<string, unknown>,
    id: string | undefined,
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await assertUnique(call, row, id);
      throw err;
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

  /** Sets the toggle of every id (all visible, or nothing changes: 404). */
  async function toggle(call: TableCall, ids: string[], value: 0 | 1): Promise<void> {
    const where = await visible(call);
    await call.db.transaction().execute(async (trx) => {
      const changed = await db({ ...call, db: trx })
        .updateTable(table)
        .set({
          [def.toggle!.column]: value,
          updateUser: call.user.userId,
          updateTime: nowText(),
          ...(versioned ? { version: sql<number>`${sql.ref('version')} + 1` } : {}),
        })
        .where('id', 'in', ids)
        .where(where)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== ids.length) throw notFound();
    });
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    // The API reference (lib/api-doc): this table's routes documented from the declaration.
    documentTable(app, def);
    const base = `/api/${def.path}`;
    /** The route of a call: `{id}` in a spec's path is Fastify's `:id`. */
    const at = (name: CallName) => `${base}/${calls[name].path.replace('{id}', ':id')}`;
    const route = (name: CallName) => ({ method: calls[name].method, url: at(name) });
    /** Registers a call unless the declaration's own routes serve it (`own`). */
    const serve = (name: CallName, options: Omit<RouteOptions, 'method' | 'url'>) => {
      if (!def.own?.includes(name)) app.route({ ...route(name), ...options });
    };
    /** The id of a detail or a remove by id: the path's, else the query's. */
    const pathId = (request: FastifyRequest) => (request.params as { id?: string }).id;
    const callOf = (request: FastifyRequest): TableCall => ({
      ctx: app.ctx,
      db: app.ctx.db,
      user: currentUser(request),
    });
    const read = { config: { access: access.read } };

    serve('list', {
      config: { ...read.config, ...(def.answerCache ? { answerCache: def.answerCache } : {}) },
      handler: async (request) => {
        const call = callOf(request);
        const query = queryMap(request);
        def.beforeList?.(query);
        const page = await paged(
          db(call)
            .selectFrom(table)
            .where(await visible(call))
            .where(await narrowed(call, query)),
          selection,
          query,
          def.list,
          app.ctx.dialect,
          order,
        );
        return ok({ ...page, records: await present(call, page.records, 'list') });
      },
    });

    serve('detail', {
      ...read,
      handler: async (request) => {
        const call = callOf(request);
        const row = await selection(db(call).selectFrom(table))
          .where('id', '=', pathId(request) ?? requiredParam(request, 'id'))
          .where(await visible(call))
          .executeTakeFirst();
        if (!row) throw notFound();
        return ok((await present(call, [row], 'detail'))[0]);
      },
    });

    if (def.select) {
      serve('select', {
        ...read,
        handler: async (request) => {
          const call = callOf(request);
          let q = selection(db(call).selectFrom(table)).where(await visible(call));
          for (const s of order) q = q.orderBy(columnSql(s.column), s.direction);
          return ok(await present(call, await q.execute(), 'select'));
        },
      });
    }

    // The route admits add or edit; the handler then asks for the one the request needs.
    const oneRule = JSON.stringify(access.add) === JSON.stringify(access.edit);
    const submit = { config: { access: eitherAccess(access.add, access.edit) } };
    serve('submit', {
      ...submit,
      handler: async (request) => {
        const { id, version } = parseBody(meta, request.body) as { id?: string; version?: number };
        const parsed = parseBody(def.input, request.body) as Record<string, unknown>;
        // Every declared key present (zod drops absent optional ones): an omitted field is cleared.
        const input = Object.fromEntries(inputKeys.map((k) => [k, parsed[k]]));
        const call = callOf(request);
        if (!oneRule) await assertAccess(call, id ? access.edit : access.add);
        const row = await rowOf(input, call);
        await def.beforeSave?.(call, input, id);
        await assertUnique(call, row, id);
        const saved = await uniquely(call, row, id, async () =>
          id ? (await update(call, id, version, row), id) : insert(call, row),
        );
        return ok({ id: saved }, id ? '修改成功' : '新增成功');
      },
    });

    serve('remove', {
      config: { access: access.remove },
      handler: async (request) => {
        const id = pathId(request);
        await remove(callOf(request), id ? [id] : [...new Set(idList(request))]);
        return okStatus('删除成功');
      },
    });

    if (def.toggle)
      serve('enable', {
        config: { access: accessOf(def.toggle.access) },
        handler: async (request) => {
          const { column, invalid } = def.toggle!;
          const value = param(request, column);
          if (value !== '0' && value !== '1') throw badRequest(invalid);
          await toggle(callOf(request), [...new Set(idList(request))], value === '1' ? 1 : 0);
          return okStatus(value === '1' ? '启用成功' : '停用成功');
        },
      });

    if (def.export && !def.own?.includes('export')) {
      const exporter = tableExporter(def, {
        select: selection,
        order,
        dialect: app.ctx.dialect,
        visible,
        narrowed,
      });
      if (calls.export.path === DEFAULT_CALLS.export.path) registerExporter(app, exporter);
      else namedExportRoute(app, exporter, `${def.path}/${calls.export.path}`);
    }
  };
}
