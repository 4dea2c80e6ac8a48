import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { fenToYuan } from '../../../../src/contracts/money.js';
import type {
  AppPrepay,
  ClientPrepay,
  PrepayWarnings,
} from '../../../../src/contracts/platform-client/app-prepay.js';

/**
 * The reads of the prepay calls that are not the engine's list (getCurrentPrepay, psclient-prepay
 * get, the warnings, the answers of the settings calls): the same row as the list, in yuan.
 */

type Db = Kysely<DB>;
const yuanOrNull = (fen: unknown) =>
  fen === null || fen === undefined ? null : fenToYuan(Number(fen));

/** What the list derives from a stored row, in fen: what may still be spent, and the warning. */
export function derivedFen(r: {
  balance: number;
  creditLimit: number;
  warningAmount: number | null;
}) {
  const balance = Number(r.balance);
  const warning = r.warningAmount === null ? null : Number(r.warningAmount);
  return {
    available: balance + Number(r.creditLimit),
    belowWarning: warning !== null && balance < warning ? 1 : 0,
  };
}

/** 1 while the balance is below a set warning amount: a condition of the row's own columns. */
export const WARNED = sql<number>`case when warning_amount is not null and balance < warning_amount then 1 else 0 end`;

/**
 * Live prepay rows of the tenant with their app's and party's names (an app removed since keeps
 * its account readable by id; the warnings read live apps only).
 */
function prepays(db: Db, tenantId: string) {
  return db
    .selectFrom('bladePsclientAppPrepay as p')
    .leftJoin('bladePsclientApp as a', (j) =>
      j.onRef('a.id', '=', 'p.appId').onRef('a.tenantId', '=', 'p.tenantId'),
    )
    .leftJoin('bladePsclient as c', (j) =>
      j.onRef('c.id', '=', 'p.clientId').onRef('c.tenantId', '=', 'p.tenantId'),
    )
    .where('p.tenantId', '=', tenantId)
    .where('p.isDeleted', '=', 0)
    .select([
      'p.id',
      'p.appId',
      'p.clientId',
      'p.balance',
      'p.creditLimit',
      'p.warningAmount',
      'p.prepayType',
      'p.createTime',
      'p.updateTime',
      'p.version',
      'a.appName',
      'a.appKey',
      'c.clientName',
    ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof prepays>['execute']>>[number];

function present(r: Stored): AppPrepay {
  const { available, belowWarning } = derivedFen(r);
  return {
    id: r.id,
    appId: r.appId,
    appName: r.appName ?? '',
    appKey: r.appKey ?? '',
    clientId: r.clientId,
    clientName: r.clientName ?? '',
    balance: fenToYuan(Number(r.balance)),
    creditLimit: fenToYuan(Number(r.creditLimit)),
    available: fenToYuan(available),
    warningAmount: yuanOrNull(r.warningAmount),
    prepayType: Number(r.prepayType),
    belowWarning,
    createTime: r.createTime ?? '',
    updateTime: r.updateTime,
    version: Number(r.version),
  };
}

export async function prepayById(db: Db, tenantId: string, id: string) {
  const row = await prepays(db, tenantId).where('p.id', '=', id).executeTakeFirst();
  return row && present(row);
}

export async function prepayOfApp(db: Db, tenantId: string, appId: string) {
  const row = await prepays(db, tenantId).where('p.appId', '=', appId).executeTakeFirst();
  return row && present(row);
}

/** An access party's prepay: its live apps' accounts and their sums (undefined: no such party). */
export async function clientPrepay(
  db: Db,
  tenantId: string,
  clientId: string,
): Promise<ClientPrepay | undefined> {
  const client = await db
    .selectFrom('bladePsclient')
    .select(['id', 'clientName'])
    .where('tenantId', '=', tenantId)
    .where('id', '=', clientId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!client) return undefined;
  const rows = await prepays(db, tenantId)
    .where('p.clientId', '=', clientId)
    .where('a.isDeleted', '=', 0)
    .orderBy('a.appName')
    .orderBy('p.id')
    .execute();
  const sum = (pick: (r: Stored) => number) => rows.reduce((n, r) => n + Number(pick(r)), 0);
  const balance = sum((r) => r.balance);
  const creditLimit = sum((r) => r.creditLimit);
  return {
    clientId,
    clientName: client.clientName,
    balance: fenToYuan(balance),
    creditLimit: fenToYuan(creditLimit),
    available: fenToYuan(balance + creditLimit),
    apps: rows.map(present),
  };
}

/** Live apps whose balance is below their warning amount: how many, and the furthest `size`. */
export async function prepayWarnings(
  db: Db,
  tenantId: string,
  size: number,
): Promise<PrepayWarnings> {
  const below = prepays(db, tenantId)
    .where('a.isDeleted', '=', 0)
    .where('p.warningAmount', 'is not', null)
    .where(sql<boolean>`p.balance < p.warning_amount`);
  const counted = await db
    .selectFrom(below.as('b'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const rows =
    size > 0 && total > 0
      ? await below
          .orderBy(sql`p.warning_amount - p.balance`, 'desc')
          .orderBy('p.id')
          .limit(size)
          .execute()
      : [];
  return {
    total,
    records: rows.map((r) => ({
      id: r.id,
      appId: r.appId,
      appName: r.appName ?? '',
      clientName: r.clientName ?? '',
      balance: fenToYuan(Number(r.balance)),
      warningAmount: fenToYuan(Number(r.warningAmount)),
    })),
  };
}
