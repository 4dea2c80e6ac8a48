import { sql, type Kysely } from 'kysely';
import { formatYuan } from '../../../../src/contracts/money.js';
import {
  MARGIN_ORDER_STATES,
  type ProjectMarginPage,
  type ProjectMarginRow,
} from '../../../../src/contracts/platform-finance/project-margin.js';
import {
  REFUNDED_STATE,
  SOLD_STATES,
} from '../../../../src/contracts/platform-supplier/sup-order-report.js';
import type { DB } from '../../../db/schema.js';

/**
 * The project margin (contracts/platform-finance/project-margin.ts): three grouped integer sums
 * (client orders' amount less returns; their supplier orders' cost; what those orders' refunds
 * credited back), merged per month, project (client product) and client. Exact: fen throughout,
 * yuan text only in the answer.
 */
export interface MarginQuery {
  tenantId: string;
  /** 'YYYY-MM', both ends included. */
  from: string;
  to: string;
  clientId?: string | undefined;
  productId?: string | undefined;
  current: number;
  size: number;
}

interface Group {
  month: string;
  productId: string;
  clientId: string;
  orderCount: number;
  revenue: number;
  cost: number;
}

export async function projectMargin(db: Kysely<DB>, q: MarginQuery): Promise<ProjectMarginPage> {
  const month = sql<string>`substr(${sql.ref('o.createTime')}, 1, 7)`;
  const orders = () => {
    let qb = db
      .selectFrom('bladeClientProductOrder as o')
      .where('o.tenantId', '=', q.tenantId)
      .where('o.isDeleted', '=', 0)
      .where('o.state', 'in', [...MARGIN_ORDER_STATES])
      .where('o.createTime', '>=', `${q.from}-01 00:00:00`)
      .where('o.createTime', '<=', `${q.to}-31 23:59:59`);
    if (q.clientId) qb = qb.where('o.clientId', '=', q.clientId);
    if (q.productId) qb = qb.where('o.productId', '=', q.productId);
    return qb;
  };
  const keys = [month.as('month'), 'o.productId', 'o.clientId'] as const;
  const [revenue, cost, back] = await Promise.all([
    orders()
      .select([
        ...keys,
        sql<number>`count(*)`.as('n'),
        sql<number>`sum(${sql.ref('o.amount')} - ${sql.ref('o.returnedAmount')})`.as('fen'),
      ])
      .groupBy([month, 'o.productId', 'o.clientId'])
      .execute(),
    orders()
      .innerJoin('bladeSupOrder as s', 's.id', 'o.supOrderId')
      .where('s.state', 'in', [...SOLD_STATES])
      .select([...keys, sql<number>`sum(${sql.ref('s.costAmount')})`.as('fen')])
      .groupBy([month, 'o.productId', 'o.clientId'])
      .execute(),
    orders()
      .innerJoin('bladeSupOrder as s', 's.id', 'o.supOrderId')
      .innerJoin('bladeSupReturnOrder as r', 'r.orderId', 's.id')
      .where('s.state', 'in', [...SOLD_STATES])
      .where('r.state', '=', REFUNDED_STATE)
      .where('r.isDeleted', '=', 0)
      .select([...keys, sql<number>`sum(${sql.ref('r.costAmount')})`.as('fen')])
      .groupBy([month, 'o.productId', 'o.clientId'])
      .execute(),
  ]);
  const groups = new Map<string, Group>();
  const group = (r: { month: string; productId: string; clientId: string }) => {
    const key = `${r.month}|${r.productId}|${r.clientId}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        month: r.month,
        productId: r.productId,
        clientId: r.clientId,
        orderCount: 0,
        revenue: 0,
        cost: 0,
      };
      groups.set(key, g);
    }
    return g;
  };
  for (const r of revenue) {
    const g = group(r);
    g.orderCount += Number(r.n);
    g.revenue += Number(r.fen);
  }
  for (const r of cost) group(r).cost += Number(r.fen);
  for (const r of back) group(r).cost -= Number(r.fen);

  const all = [...groups.values()].sort(
    (a, b) =>
      b.month.localeCompare(a.month) ||
      a.productId.localeCompare(b.productId) ||
      a.clientId.localeCompare(b.clientId),
  );
  const page = all.slice((q.current - 1) * q.size, q.current * q.size);
  const names = async (table: 'bladePsclientProduct' | 'bladePsclient', ids: string[]) => {
    if (ids.length === 0) return new Map<string, string>();
    const rows =
      table === 'bladePsclient'
        ? await db
            .selectFrom('bladePsclient')
            .select(['id', 'clientName as name'])
            .where('id', 'in', ids)
            .execute()
        : await db
            .selectFrom('bladePsclientProduct')
            .select(['id', 'productName as name'])
            .where('id', 'in', ids)
            .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  };
  const [products, clients] = await Promise.all([
    names('bladePsclientProduct', [...new Set(page.map((g) => g.productId))]),
    names('bladePsclient', [...new Set(page.map((g) => g.clientId))]),
  ]);
  const total = (pick: (g: Group) => number) => all.reduce((sum, g) => sum + pick(g), 0);
  const records: ProjectMarginRow[] = page.map((g) => ({
    month: g.month,
    productId: g.productId,
    productName: products.get(g.productId) ?? '',
    clientId: g.clientId,
    clientName: clients.get(g.clientId) ?? '',
    orderCount: g.orderCount,
    revenue: formatYuan(g.revenue),
    cost: formatYuan(g.cost),
    margin: formatYuan(g.revenue - g.cost),
  }));
  return {
    records,
    total: all.length,
    current: q.current,
    size: q.size,
    sums: {
      orderCount: total((g) => g.orderCount),
      revenue: formatYuan(total((g) => g.revenue)),
      cost: formatYuan(total((g) => g.cost)),
      margin: formatYuan(total((g) => g.revenue - g.cost)),
    },
  };
}
