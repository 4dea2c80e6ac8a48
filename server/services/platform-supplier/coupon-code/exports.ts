import { sql, type SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../../context.js';
import {
  CODE_BATCH_BUTTONS,
  supBatchCouponCodeContract,
  supCouponCodeContract,
  supCouponCodeRecoveryContract,
  supCouponCodeUsedContract,
} from '../../../../src/contracts/platform-supplier/coupon-code.js';
import { perm } from '../../../auth/index.js';
import type { ExportCall, Exporter } from '../../../lib/export/engine.js';
import { contractSheet, sheetColumns } from '../../../lib/export/sheet.js';
import type { ExportCell } from '../../../lib/export/xlsx.js';
import { filterConditions, type ListSpec, type QueryMap } from '../../../lib/query.js';
import { codeIdsOf, digestsOfCipher, seesPlain, stateLabel, type CodeCall } from './common.js';
import {
  BATCH_SPEC,
  CODE_SPEC,
  RECOVERY_SPEC,
  USED_SPEC,
  batchBase,
  batchColumns,
  codeBase,
  codeColumns,
  presentCode,
  presentRecovery,
  recoveryBase,
  recoveryColumns,
  withCounts,
  type CodeRow,
  type RecoveryRow,
} from './repository.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- the list queries of several tables */
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** The contract's export columns: header = zh label, money in Excel's money format. */
function sheetOf(contract: { fields: object }) {
  const fields = contractSheet(contract);
  return { keys: fields.map((f) => f.field), columns: sheetColumns(fields) };
}

export interface ListExport {
  service: string;
  excelType: string;
  fileName: string;
  exportCode: string;
  contract: { fields: object };
  spec: ListSpec;
  /** The idKey column the keyset walks (newest first). */
  idColumn: string;
  base(call: CodeCall, query: QueryMap): AnyQuery | Promise<AnyQuery>;
  select(qb: AnyQuery): AnyQuery;
  present(call: CodeCall, plain: boolean, rows: any[]): Promise<Record<string, unknown>[]>;
}

/**
 * An exporter over one of the lists: the same filters, tenant and order (newest first), read in
 * keyset batches; codes masked unless the caller holds code_batch_export_plain.
 */
export function listExporter(ctx: AppContext, def: ListExport): Exporter {
  const sheet = sheetOf(def.contract);
  const filtered = async (call: ExportCall, query: QueryMap) =>
    filterConditions(query, def.spec, call.ctx.dialect).reduce(
      (qb, c) => qb.where(c),
      await def.base({ ctx: call.ctx, user: call.user }, query),
    );
  return {
    service: def.service,
    excelType: def.excelType,
    fileName: def.fileName,
    access: perm(def.exportCode),
    columns: sheet.columns,
    validate(query) {
      if (query.couponCode2 !== undefined) digestsOfCipher(ctx, query.couponCode2);
    },
    async count(call, query) {
      const row = await (
        await filtered(call, query)
      )
        .select((eb: any) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      return Number((row as { n?: number } | undefined)?.n ?? 0);
    },
    async *rows(call, query, batchSize) {
      const codeCall = { ctx: call.ctx, user: call.user };
      const plain = await seesPlain(call.ctx, call.user, [CODE_BATCH_BUTTONS.exportPlain]);
      let last: string | undefined;
      for (;;) {
        let qb = def.select(await filtered(call, query));
        if (last !== undefined) qb = qb.where(sql.ref(def.idColumn), '<', last);
        const rows = await qb.orderBy(sql.ref(def.idColumn), 'desc').limit(batchSize).execute();
        if (rows.length === 0) return;
        last = (rows.at(-1) as { id: string }).id;
        const shown = await def.present(codeCall, plain, rows);
        yield shown.map((r) => sheet.keys.map((k) => (r[k] ?? null) as ExportCell));
        if (rows.length < batchSize) return;
      }
    },
  };
}

const withStateLabel = (r: { state: string }) => ({ ...r, state: stateLabel(r.state) });

/** The exporters of the coupon code lists (the encrypted filter is checked with `ctx`). */
export const codeExporters = (ctx: AppContext) => ({
  batch: listExporter(ctx, {
    service: supBatchCouponCodeContract.service,
    excelType: supBatchCouponCodeContract.export!.excelType,
    fileName: supBatchCouponCodeContract.export!.fileName,
    exportCode: 'code_batch_export',
    contract: supBatchCouponCodeContract,
    spec: BATCH_SPEC,
    idColumn: 'b.id',
    base: (call) => batchBase(call.ctx.db, call.user.tenantId),
    select: (qb) => qb.select(batchColumns),
    present: async (call, _plain, rows) =>
      (await withCounts(call.ctx.db, call.user.tenantId, rows)) as unknown as Record<
        string,
        unknown
      >[],
  }),
  code: listExporter(ctx, {
    service: supCouponCodeContract.service,
    excelType: supCouponCodeContract.export!.excelType,
    fileName: supCouponCodeContract.export!.fileName,
    exportCode: 'code_batch_export',
    contract: supCouponCodeContract,
    spec: CODE_SPEC,
    idColumn: 'c.id',
    base: async (call, query) => codeBase(call, await codeIdsOf(call, query.couponCode2)),
    select: (qb) => qb.select(codeColumns),
    present: async (call, plain, rows: CodeRow[]) =>
      rows.map((r) => withStateLabel(presentCode(call, plain, r))),
  }),
  used: listExporter(ctx, {
    service: supCouponCodeUsedContract.service,
    excelType: supCouponCodeUsedContract.export!.excelType,
    fileName: supCouponCodeUsedContract.export!.fileName,
    exportCode: 'code_source_export',
    contract: supCouponCodeUsedContract,
    spec: USED_SPEC,
    idColumn: 'c.id',
    base: async (call, query) =>
      codeBase(call, await codeIdsOf(call, query.couponCode2)).where('c.state', 'in', [
        'issued',
        'used',
      ]),
    select: (qb) => qb.select(codeColumns),
    present: async (call, plain, rows: CodeRow[]) =>
      rows.map((r) => withStateLabel(presentCode(call, plain, r))),
  }),
  recovery: listExporter(ctx, {
    service: supCouponCodeRecoveryContract.service,
    excelType: supCouponCodeRecoveryContract.export!.excelType,
    fileName: supCouponCodeRecoveryContract.export!.fileName,
    exportCode: 'code_recycle_export',
    contract: supCouponCodeRecoveryContract,
    spec: RECOVERY_SPEC,
    idColumn: 'r.id',
    base: (call) => recoveryBase(call.ctx.db, call.user.tenantId),
    select: (qb) => qb.select(recoveryColumns),
    present: async (call, plain, rows: RecoveryRow[]) =>
      rows.map((r) => presentRecovery(call, plain, r) as unknown as Record<string, unknown>),
  }),
});

/** The spec-named export route of a list (lib/export). */
export { namedExportRoute as exportRoute } from '../../../lib/export/routes.js';
