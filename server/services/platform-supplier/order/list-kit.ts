import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { fenToYuan } from '../../../../src/contracts/money.js';
import {
  fieldEntries,
  type ResourceContract,
} from '../../../../src/contracts/resource-contract.js';
import type { StateLabel } from '../../../../machines/lifecycles/lifecycle.js';
import { currentUser, perm, type AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import { listQuery } from '../../../lib/api-doc/query.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { EXPORT_CREATED, type Exporter } from '../../../lib/export/engine.js';
import { contractSheet, registerExporter, sheetColumns } from '../../../lib/export/index.js';
import { toCell } from '../../../lib/export/xlsx.js';
import { queryMap } from '../../../lib/params.js';
import { filterConditions, paged, type ListSpec, type QueryMap } from '../../../lib/query.js';
import { wire } from '../../../lib/records.js';
import { goodNames, supplierNames } from '../names.js';
import type { DataVersionTable } from '../../../lib/answer-cache.js';

/**
 * The lists and exports of the order screens (supplier orders, refund orders, error orders):
 * hand-written because these records are made by services, never submitted (the table engine
 * would add submit and remove). Filters and sorts are the contract's, on the table's alias;
 * exports read the same filtered rows in keyset batches (createTime desc, id desc) and write the
 * contract's export columns.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- lists over any of the three tables */
type AnyContract = ResourceContract<any, any>;
type Row = Record<string, any>;
type Base = SelectQueryBuilder<any, any, any>;

export interface OrderList {
  contract: AnyContract;
  /** The table with its alias ('bladeSupOrder as o'), bound to the tenant and live rows. */
  base: (db: Kysely<DB>, user: AuthUser) => Base;
  alias: string;
  /** Adds the selected columns to the filtered base. */
  select: (qb: Base) => Base;
  /** Names, state labels, yuan. */
  present: (ctx: AppContext, user: AuthUser, rows: Row[]) => Promise<Row[]>;
  /** The tables the list's answer is built from (lib/answer-cache.ts), if it may be kept. */
  answerCache?: readonly DataVersionTable[];
}

/** The contract's allowlist on the aliased table. */
export function aliasedList(contract: AnyContract, alias: string): ListSpec {
  const filters: ListSpec['filters'] = {};
  const sorts: ListSpec['sorts'] = {};
  for (const [name, f] of fieldEntries(contract)) {
    if (f.filter) filters[name] = { column: `${alias}.${name}`, default: f.filter };
    if (f.sortable) sorts[name] = `${alias}.${name}`;
  }
  return { filters, sorts };
}

/** Money fields of the contract from fen to yuan; a state label from its lifecycle. */
export function yuanAndState(
  contract: AnyContract,
  states: Record<string, StateLabel>,
): (row: Row) => Row {
  const money = fieldEntries(contract)
    .filter(([, f]) => f.kind === 'money')
    .map(([name]) => name);
  return (row) => {
    const out: Row = { ...row, stateName: states[row.state as string]?.zh ?? row.state };
    for (const name of money) if (out[name] !== undefined) out[name] = fenToYuan(Number(out[name]));
    return wire(out);
  };
}

/** Names of the tenant's suppliers and goods among the rows. */
export async function namesOf(db: Kysely<DB>, tenantId: string, rows: Row[]) {
  const [sup, good] = await Promise.all([
    supplierNames(
      db,
      tenantId,
      rows.map((r) => r.supId as string),
    ),
    goodNames(
      db,
      tenantId,
      rows.map((r) => r.goodId as string),
    ),
  ]);
  return {
    supName: (id: string) => sup.get(id) ?? '',
    goodName: (id: string) => good.get(id) ?? '',
  };
}

/**
 * GET list and the exporter (its excelType, plus the spec's own export call `exportPath`) of a
 * list. List and export need the screen's codes (menu or view; export code).
 */
export function listRoutes(app: FastifyInstance, list: OrderList, exportPath: string) {
  const { contract, alias } = list;
  const spec = aliasedList(contract, alias);
  const { codes } = contract;
  const read = perm(codes.menu, ...(codes.view ? [codes.view] : []));
  const order = [
    { column: `${alias}.createTime`, direction: 'desc' as const },
    { column: `${alias}.id`, direction: 'desc' as const },
  ];

  app.get(
    `/api/${contract.service}/list`,
    {
      config: {
        access: read,
        ...(list.answerCache ? { answerCache: list.answerCache } : {}),
        doc: {
          summary: { zh: `${contract.title.zh}列表`, en: `${contract.title.en} list` },
          query: listQuery(spec),
          response: {
            zh: '分页：records、total、size、current、pages；金额为元',
            en: 'A page: records, total, size, current, pages; amounts in yuan',
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const page = await paged(
        list.base(app.ctx.db, user),
        list.select,
        queryMap(request),
        spec,
        app.ctx.dialect,
        order,
      );
      return ok({ ...page, records: await list.present(app.ctx, user, page.records as Row[]) });
    },
  );

  // Money in Excel's money format (contractSheet), still numbers.
  const columns = contractSheet(contract);
  const exporter: Exporter = {
    service: contract.service,
    excelType: contract.export!.excelType,
    fileName: contract.export!.fileName,
    access: perm(codes.export ?? codes.menu),
    columns: sheetColumns(columns),
    async count(call, query) {
      let q = list.base(call.db, call.user);
      for (const c of filterConditions(query, spec, app.ctx.dialect)) q = q.where(c);
      const row = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
      return Number((row as { total?: number } | undefined)?.total ?? 0);
    },
    async *rows(call, query: QueryMap, batchSize) {
      let cursor: [string, string] | undefined;
      for (;;) {
        let q = list.base(call.db, call.user);
        for (const c of filterConditions(query, spec, app.ctx.dialect)) q = q.where(c);
        if (cursor)
          q = q.where(
            sql<boolean>`(${sql.ref(`${alias}.createTime`)}, ${sql.ref(`${alias}.id`)}) < (${cursor[0]}, ${cursor[1]})`,
          );
        const batch = (await list
          .select(q)
          .orderBy(sql.ref(`${alias}.createTime`), 'desc')
          .orderBy(sql.ref(`${alias}.id`), 'desc')
          .limit(batchSize)
          .execute()) as Row[];
        if (batch.length === 0) return;
        const last = batch[batch.length - 1]!;
        cursor = [String(last.createTime), String(last.id)];
        const shown = await list.present(call.ctx, call.user, batch);
        yield shown.map((row) => columns.map((c) => toCell(row[c.field])));
        if (batch.length < batchSize) return;
      }
    },
  };
  registerExporter(app, exporter);

  // The spec's own export call: the same task as excel/export/async with this excelType.
  app.post(
    `/api/${exportPath}`,
    {
      config: {
        access: exporter.access,
        idempotent: true,
        doc: {
          summary: {
            zh: `导出${contract.title.zh}（异步任务）`,
            en: `Export ${contract.title.en}s`,
          },
        },
      },
    },
    async (request: FastifyRequest) => {
      const user = currentUser(request);
      const chosen = app.exportJobs.exporter(contract.service, exporter.excelType);
      if (!chosen) throw badRequest('不支持的导出类型');
      const query: Record<string, string> = {};
      for (const [name, value] of Object.entries(queryMap(request)))
        if (typeof value === 'string' && value !== '' && !['current', 'size'].includes(name))
          query[name] = value;
      const body = request.body;
      if (body && typeof body === 'object')
        for (const [name, value] of Object.entries(body as Record<string, unknown>))
          if (typeof value === 'string' && value !== '' && !['current', 'size'].includes(name))
            query[name] = value;
      const task = await app.exportJobs.create(user, chosen, query);
      return ok({ id: task.id, sourceFileName: task.sourceFileName }, EXPORT_CREATED);
    },
  );
}
