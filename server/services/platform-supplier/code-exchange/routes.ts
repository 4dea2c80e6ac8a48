import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CODE_EXCHANGE_BUTTONS as EXCHANGE,
  EXCHANGE_SERVICE,
  EXCHANGE_SOURCES,
  supCouponCodeExchangeContract,
  type SupCouponCodeExchange,
} from '../../../../src/contracts/platform-supplier/code-exchange.js';
import { currentUser, perm } from '../../../auth/index.js';
import type { DB } from '../../../db/schema.js';
import { ok } from '../../../lib/envelope.js';
import { listQuery } from '../../../lib/api-doc/index.js';
import { COUPON_CODE2_DOC } from '../coupon-code/routes.js';
import { paged, type ListSpec, type QueryMap } from '../../../lib/query.js';
import { codeIdsOf, queryOf, seesPlain, shownCode, type CodeCall } from '../coupon-code/common.js';
import { exportRoute, listExporter } from '../coupon-code/exports.js';

export const EXCHANGE_SPEC: ListSpec = {
  filters: {
    supId: { column: 'e.supId', default: 'equal' },
    goodId: { column: 'e.goodId', default: 'equal' },
    source: { column: 'e.source', default: 'equal' },
    cancelled: { column: 'e.cancelled', default: 'equal', type: 'int' },
    storeName: { column: 'e.storeName' },
    exchangeTime: { column: 'e.exchangeTime' },
  },
  sorts: { exchangeTime: 'e.exchangeTime' },
};

async function exchangeBase(call: CodeCall, query: QueryMap) {
  let qb = (call.ctx.db as Kysely<DB>)
    .selectFrom('bladeSupCouponCodeExchange as e')
    .innerJoin('bladeSupCouponCode as c', 'c.id', 'e.codeId')
    .leftJoin('bladeSup as s', 's.id', 'e.supId')
    .leftJoin('bladeSupGood as g', 'g.id', 'e.goodId')
    .leftJoin('bladeSupOrder as o', 'o.id', 'e.orderId')
    .where('e.tenantId', '=', call.user.tenantId)
    .where('e.isDeleted', '=', 0);
  const codeIds = await codeIdsOf(call, query.couponCode2);
  if (codeIds) qb = qb.where('e.codeId', 'in', codeIds.length ? codeIds : ['']);
  return qb;
}

const exchangeColumns = [
  'e.id',
  'e.codeId',
  'c.codeCipher',
  'c.codeMask',
  'e.supId',
  's.supName',
  'e.goodId',
  'g.goodName',
  'e.orderId',
  'o.orderNo',
  'e.storeCode',
  'e.storeName',
  'e.exchangeTime',
  'e.source',
  'e.cancelled',
  'e.cancelTime',
] as const;

interface ExchangeRow {
  id: string;
  codeId: string;
  codeCipher: string;
  codeMask: string;
  supId: string;
  supName: string | null;
  goodId: string;
  goodName: string | null;
  orderId: string | null;
  orderNo: string | null;
  storeCode: string | null;
  storeName: string | null;
  exchangeTime: string;
  source: string;
  cancelled: number;
  cancelTime: string | null;
}

function present(call: CodeCall, plain: boolean, r: ExchangeRow): SupCouponCodeExchange {
  return {
    id: r.id,
    codeId: r.codeId,
    couponCode: shownCode(call.ctx, plain, r).couponCode,
    codeMask: r.codeMask,
    supId: r.supId,
    supName: r.supName ?? '',
    goodId: r.goodId,
    goodName: r.goodName ?? '',
    orderId: r.orderId,
    orderNo: r.orderNo,
    storeCode: r.storeCode,
    storeName: r.storeName,
    exchangeTime: r.exchangeTime,
    source: r.source,
    sourceName: (EXCHANGE_SOURCES as Record<string, { zh: string }>)[r.source]?.zh ?? r.source,
    cancelled: Number(r.cancelled),
    cancelTime: r.cancelTime,
  };
}

/**
 * Code exchange records (/supplier/commodity-order/code-exchange-record): the redemptions of the
 * tenant's codes, newest first; the full code only for code_exchange_record_view.
 */
export default async function codeExchangeRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get(
    `/api/${EXCHANGE_SERVICE}/list`,
    {
      config: {
        access: perm(EXCHANGE.menu, EXCHANGE.view),
        doc: {
          summary: { zh: '券码兑换记录', en: 'Code exchange records' },
          query: listQuery(EXCHANGE_SPEC, { extra: [COUPON_CODE2_DOC] }),
        },
      },
    },
    async (request) => {
      const call = { ctx, user: currentUser(request) };
      const query = queryOf(request);
      const plain = await seesPlain(ctx, call.user, [EXCHANGE.view]);
      const page = await paged(
        await exchangeBase(call, query),
        (qb) => qb.select(exchangeColumns),
        query,
        EXCHANGE_SPEC,
        ctx.dialect,
        [
          { column: 'e.exchangeTime', direction: 'desc' },
          { column: 'e.id', direction: 'desc' },
        ],
      );
      return ok({
        ...page,
        records: (page.records as ExchangeRow[]).map((r) => present(call, plain, r)),
      });
    },
  );
  exportRoute(
    app,
    listExporter(ctx, {
      service: EXCHANGE_SERVICE,
      excelType: supCouponCodeExchangeContract.export!.excelType,
      fileName: supCouponCodeExchangeContract.export!.fileName,
      exportCode: EXCHANGE.export,
      contract: supCouponCodeExchangeContract,
      spec: EXCHANGE_SPEC,
      idColumn: 'e.id',
      base: (call, query) => exchangeBase(call, query),
      select: (qb) => qb.select(exchangeColumns),
      present: async (call, plain, rows: ExchangeRow[]) =>
        rows.map((r) => present(call, plain, r) as unknown as Record<string, unknown>),
    }),
    `${EXCHANGE_SERVICE}/export`,
  );
}
