import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { STOCK_MAX, STOCK_TEXTS } from '../../../src/contracts/platform-client/app-stock.js';
import { fenToYuan } from '../../../src/contracts/money.js';
import { LEDGER_REASONS } from '../../../src/contracts/server-texts.js';
import type { AuthUser } from '../../auth/index.js';
import type { AppContext } from '../../context.js';
import type { DB } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { atSimulatedTime, formatDateTime, nowText } from '../../lib/time.js';
import { BulkOrderEngine } from '../../services/platform-client/bulk-order/engine.js';
import { queueBatch } from '../../services/platform-client/bulk-order/repository.js';
import { SHEET_NAME, UPLOAD_COLUMNS } from '../../services/platform-client/bulk-order/sheet.js';
import {
  createBody,
  createPlan,
  voidBody,
  voidPlan,
} from '../../services/platform-client/price-plan/plans.js';
import { changePrepay } from '../../services/platform-client/prepay/ledger.js';
import { claimDuePlan } from '../../services/platform-client/price-plan/scheduler.js';
import { changeAppStock } from '../../services/platform-client/stock/ledger.js';

/**
 * The client demo's other screens (demo-client.ts calls these): app stock reserved before the
 * demo orders (so they take from it), price plans in every state, and finished bulk order
 * batches. Everything goes through the services' own functions: the stock ledger's
 * changeAppStock, the price plan service's createPlan / voidPlan and the scheduler's claim, the
 * bulk order upload's queueBatch and the engine's run. Deterministic; each part is written once
 * (a restart finds it and adds nothing).
 */

const T = '000000';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A demo app as demo-client.ts knows it (its DemoApp): the products it may sell. */
export interface PlannedApp {
  id: string;
  products: string[];
}
/** What demo-client.ts plans (its Step): orders with their app, product and quantity. */
export type PlannedStep =
  { kind: 'order'; app: { id: string }; product: string; quantity: number } | { kind: 'return' };

/** The apps with reserved stock, and how many of their most ordered products get a row. */
const STOCKED_APPS = ['京东金融App', '掌上生活', '好车主App'];
const STOCKED_PRODUCTS = 3;
const STOCK_WARN = 50;

/**
 * [product code, kind, price change, remark (finds the plan on a restart), days ahead (pending)].
 * Not P001/P002 (the e2e journeys use them); the applied ones come before any demo order (orders
 * read the price).
 */
const PLANS: [string, 'applied' | 'pending' | 'void', number, string, number?][] = [
  ['P003', 'applied', 0.03, '供应成本上调，售价同步上调'],
  ['P006', 'applied', -0.02, '季度促销，售价下调'],
  ['P004', 'pending', 0.02, '促销结束，恢复售价', 1],
  ['P009', 'pending', -0.03, '周末会员日调价', 3],
  ['P010', 'void', -0.05, '节日促销调价'],
];
const VOID_REASON = '活动取消，计划作废';

/**
 * [app, file name, rows]; a row is [outOrderNo, product (an index into the app's sellable
 * products, or a code), quantity, phone]. Refused rows: an unknown product (P999), the off-shelf
 * P040, a short phone, a repeated outOrderNo (ZS-B2-002), a quantity of 0.
 */
type Row = [string, number | string, number | string, string];
const BATCHES: [string, string, Row[]][] = [
  [
    '京东金融App',
    '京东金融-权益批量发放.xlsx',
    [
      ['JR-B1-001', 0, 1, '13800000101'],
      ['JR-B1-002', 1, 2, '13800000102'],
      ['JR-B1-003', 2, 1, ''],
      ['JR-B1-004', 'P999', 1, '13800000104'],
      ['JR-B1-005', 3, 1, '1380000'],
      ['JR-B1-006', 4, 1, '13800000106'],
    ],
  ],
  [
    '掌上生活',
    '掌上生活-积分兑换补单.xlsx',
    [
      ['ZS-B2-001', 0, 1, '13900000201'],
      ['ZS-B2-002', 1, 1, ''],
      ['ZS-B2-002', 2, 1, ''],
      ['ZS-B2-004', 'P040', 1, '13900000204'],
      ['ZS-B2-005', 3, 0, ''],
    ],
  ],
  [
    '好车主App',
    '好车主-车主节福利.xlsx',
    [
      ['HCZ-B3-001', 0, 1, '13700000301'],
      ['HCZ-B3-002', 1, 3, '13700000302'],
      ['HCZ-B3-003', 2, 1, ''],
      ['HCZ-B3-004', 3, 1, '1370000030'],
    ],
  ],
];

const seconds = (ms: number) => Math.floor(ms / 1000);
const timeOf = (text: string) => new Date(text.replace(' ', 'T')).getTime();

/** The demo user of the tenant named `account` (as the acting operator), if seeded. */
async function demoUser(db: Kysely<DB>, account: string) {
  return db
    .selectFrom('bladeUser')
    .select(['id', 'deptId'])
    .where('tenantId', '=', T)
    .where('account', '=', account)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

async function demoApps(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('bladePsclientApp')
    .select(['id', 'clientId', 'appName'])
    .where('tenantId', '=', T)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Before the demo orders: stock for a few products of three of the demo's `apps`, large enough
 * that the orders planned (`steps`) never run out, and the price plans. `start` is the demo's
 * first day.
 */
export async function seedDemoStockAndPlans(
  ctx: AppContext,
  options: { apps: readonly PlannedApp[]; steps: readonly PlannedStep[]; start: string },
): Promise<void> {
  await seedDemoStock(ctx, options.apps, options.steps, timeOf(options.start));
  await seedDemoPricePlans(ctx, timeOf(options.start));
}

/**
 * Stock rows as the console's submit writes them (a row, then its opening quantity through the
 * ledger, in one transaction), at the demo's first day. Each holds at least twice what the planned
 * orders of its app take of it (a restart plans its remaining orders again, with other picks).
 */
async function seedDemoStock(
  ctx: AppContext,
  planned: readonly PlannedApp[],
  steps: readonly PlannedStep[],
  startMs: number,
) {
  const { db } = ctx;
  const demand = new Map<string, Map<string, number>>();
  for (const s of steps) {
    if (s.kind !== 'order') continue;
    const mine = demand.get(s.app.id) ?? new Map<string, number>();
    mine.set(s.product, (mine.get(s.product) ?? 0) + s.quantity);
    demand.set(s.app.id, mine);
  }
  const products = new Map(planned.map((a) => [a.id, a.products]));
  const apps = (await demoApps(db, [...products.keys()]))
    .filter((a) => STOCKED_APPS.includes(a.appName))
    .sort((a, b) => STOCKED_APPS.indexOf(a.appName) - STOCKED_APPS.indexOf(b.appName));
  if (apps.length === 0) return;
  const stocked = await db
    .selectFrom('bladeClientAppStock')
    .select('id')
    .where('tenantId', '=', T)
    .where(
      'appId',
      'in',
      apps.map((a) => a.id),
    )
    .limit(1)
    .executeTakeFirst();
  if (stocked) return;
  const userId = (await demoUser(db, 'operator'))?.id ?? null;
  const at = new Date(startMs + 2 * HOUR);
  for (const app of apps) {
    const wanted = demand.get(app.id) ?? new Map<string, number>();
    const codes = [...(products.get(app.id) ?? [])]
      .sort((a, b) => (wanted.get(b) ?? 0) - (wanted.get(a) ?? 0) || a.localeCompare(b))
      .slice(0, STOCKED_PRODUCTS);
    for (const code of codes) {
      const product = await db
        .selectFrom('bladePsclientProduct')
        .select('id')
        .where('tenantId', '=', T)
        .where('productCode', '=', code)
        .executeTakeFirstOrThrow();
      const quantity = Math.min(
        STOCK_MAX,
        Math.ceil((2 * (wanted.get(code) ?? 0) + 100) / 100) * 100,
      );
      await atSimulatedTime(at, () =>
        db.transaction().execute(async (trx) => {
          const id = nextId();
          await trx
            .insertInto('bladeClientAppStock')
            .values({
              id,
              tenantId: T,
              appId: app.id,
              clientId: app.clientId,
              productId: product.id,
              quantity: 0,
              warnQuantity: STOCK_WARN,
              createUser: userId,
              createDept: null,
              createTime: nowText(),
              updateUser: null,
              updateTime: null,
              status: 1,
              isDeleted: 0,
              version: 1,
            })
            .execute();
          await changeAppStock(trx, {
            tenantId: T,
            id,
            quantity,
            reason: STOCK_TEXTS.opening.zh,
            sourceId: id,
            userId,
          });
        }),
      );
    }
  }
}

/** The sale price after a change of `rate`, in whole ten fen, above the cost of its goods. */
async function pricedAt(db: Kysely<DB>, productId: string, old: number, rate: number) {
  const costs = await db
    .selectFrom('bladeProductGoodMap as m')
    .innerJoin('bladeSupGood as g', 'g.id', 'm.goodId')
    .select('g.costPrice')
    .where('m.tenantId', '=', T)
    .where('m.productId', '=', productId)
    .execute();
  const floor = Math.max(0, ...costs.map((c) => Number(c.costPrice))) + 10;
  return Math.max(floor, Math.round((old * (1 + rate)) / 10) * 10);
}

/** The first 10:00 at least `days` days after `from`. */
function tenOClock(from: number, days: number): Date {
  const at = new Date(from + days * DAY);
  at.setHours(10, 0, 0, 0);
  if (at.getTime() < from + days * DAY) at.setDate(at.getDate() + 1);
  return at;
}

/**
 * Price plans through the service, each as it would have happened: the applied ones created on
 * the demo's first day and applied by the scheduler's claim at their effective time (before any
 * demo order, so every order reads the price it had), the voided one created and voided eleven
 * days ago, the pending ones created now, effective one and three days ahead (never under the
 * demo's orders). A plan is found again by its remark.
 */
async function seedDemoPricePlans(ctx: AppContext, startMs: number) {
  const { db } = ctx;
  const finance = await demoUser(db, 'finance');
  const who = { tenantId: T, userId: finance?.id ?? null };
  const now = Date.now();
  for (const [n, [code, kind, rate, remark, ahead]] of PLANS.entries()) {
    const product = await db
      .selectFrom('bladePsclientProduct')
      .select(['id', 'salePrice'])
      .where('tenantId', '=', T)
      .where('productCode', '=', code)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!product) continue;
    const done = await db
      .selectFrom('bladePricePlan')
      .select('id')
      .where('tenantId', '=', T)
      .where('productId', '=', product.id)
      .where('remark', '=', remark)
      .executeTakeFirst();
    if (done) continue;
    const newPrice = await pricedAt(db, product.id, Number(product.salePrice), rate);
    const created =
      kind === 'applied'
        ? new Date(startMs + (1 + n) * HOUR)
        : kind === 'void'
          ? new Date(tenOClock(now, -12).getTime() - HOUR / 2)
          : new Date(now);
    const effective =
      kind === 'applied'
        ? new Date(startMs + (6 + 2 * n) * HOUR)
        : kind === 'void'
          ? tenOClock(now, -10)
          : tenOClock(now, ahead ?? 1);
    const body = createBody.parse({
      productId: product.id,
      newPrice: fenToYuan(newPrice),
      effectiveTime: formatDateTime(effective),
      remark,
    });
    await db.transaction().execute(async (trx) => {
      const at = (time: Date) => ({ ...ctx, db: trx, now: () => seconds(time.getTime()) });
      const plan = await atSimulatedTime(created, () => createPlan(at(created), who, body));
      if (kind === 'void') {
        const voided = new Date(created.getTime() + DAY + 5 * HOUR);
        await atSimulatedTime(voided, () =>
          voidPlan(at(voided), who, voidBody.parse({ id: plan.id, reason: VOID_REASON })),
        );
      }
      if (kind !== 'applied') return;
      // The scheduler's claim at the plan's time, in this transaction (it takes the earliest due
      // plan: this one, or one due before it, which it applies as a running scheduler would have).
      const postgres = ctx.dialect === 'postgres';
      const due = formatDateTime(effective);
      for (
        let claimed = await claimDuePlan(trx, postgres, due);
        claimed;
        claimed = await claimDuePlan(trx, postgres, due)
      )
        if (claimed.id === plan.id) return;
      throw new Error(`demo price plan ${plan.id} was not applied`);
    });
  }
}

/**
 * An app whose prepay (with its credit line) is at or below `below` fen gets a top-up of a round
 * sum, as its operator would send: before demo orders and before a demo upload.
 */
export async function topUpIfLow(db: Kysely<DB>, appId: string, below = 500_000) {
  const row = await db
    .selectFrom('bladePsclientAppPrepay')
    .select(['balance', 'creditLimit'])
    .where('tenantId', '=', T)
    .where('appId', '=', appId)
    .executeTakeFirst();
  if (!row || Number(row.balance) + Number(row.creditLimit) > below) return;
  await changePrepay(db, {
    tenantId: T,
    appId,
    amount: 20_000_000,
    changeType: 'topup',
    reason: LEDGER_REASONS.prepayTopUp.zh,
  });
}

/** An xlsx of bulk order rows, as an operator fills in the template. */
async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(SHEET_NAME);
  sheet.addRow(UPLOAD_COLUMNS.map((c) => c.header));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Only demos of this many orders or more get bulk batches (`npm start`: DEMO_CLIENT_ORDERS, 20 000
 * by default, seeded in the background). Smaller ones are the tests' (40 for every test app, 300
 * and 320 in demo-client.test.ts) and the e2e server's (300), seeded before the server answers
 * and counted by them: the batches (a workbook each and an engine run, 0.1 to 0.25 s, and their
 * orders) would slow and change them.
 */
export const DEMO_BATCHES_FROM_ORDERS = 1000;

/**
 * After the demo orders (at the time they end, so every ledger stays in time order): bulk order
 * batches uploaded by the operator (queueBatch) and run by the engine to their end, each with
 * placed rows and refused ones (an unknown or unsellable product, a bad phone or quantity, a
 * repeated app order number) and its result file. A batch is found again by its app and file name.
 */
export async function seedDemoBulkBatches(ctx: AppContext, orders: number): Promise<void> {
  if (orders < DEMO_BATCHES_FROM_ORDERS) return;
  const { db } = ctx;
  const operator = await demoUser(db, 'operator');
  if (!operator) return;
  const user: AuthUser = {
    userId: operator.id,
    tenantId: T,
    account: 'operator',
    clientId: '',
    sessionId: '',
    roleIds: [],
    roleAliases: [],
    deptIds: operator.deptId ? operator.deptId.split(',') : [],
    isSuperAdmin: false,
  };
  let queued = 0;
  for (const [appName, fileName, rows] of BATCHES) {
    const app = await db
      .selectFrom('bladePsclientApp')
      .select('id')
      .where('tenantId', '=', T)
      .where('appName', '=', appName)
      .where('enabled', '=', 1)
      .where('isDeleted', '=', 0)
      .orderBy('id')
      .executeTakeFirst();
    if (!app) continue;
    const done = await db
      .selectFrom('bladeClientOrderImportBatch')
      .select('id')
      .where('tenantId', '=', T)
      .where('appId', '=', app.id)
      .where('fileName', '=', fileName)
      .executeTakeFirst();
    if (done) continue;
    const products = (
      await db
        .selectFrom('bladePsclientAppProduct as a')
        .innerJoin('bladePsclientProduct as p', 'p.id', 'a.productId')
        .select('p.productCode')
        .where('a.tenantId', '=', T)
        .where('a.appId', '=', app.id)
        .where('p.onShelf', '=', 1)
        .orderBy('p.productCode')
        .execute()
    ).map((p) => p.productCode);
    if (products.length === 0) continue;
    await topUpIfLow(db, app.id, 1_000_000);
    const cells = rows.map(([out, product, quantity, phone]) => [
      out,
      typeof product === 'number' ? products[product % products.length]! : product,
      quantity,
      phone,
    ]);
    await queueBatch(ctx, user, {
      fileName,
      buffer: await workbook(cells),
      fields: { appId: app.id },
    });
    queued += 1;
  }
  if (queued === 0) return;
  // The engine's own run (a running server's engine may take some of them first: as well).
  const engine = new BulkOrderEngine(ctx);
  while (await engine.runOnce());
}
