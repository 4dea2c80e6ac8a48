import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { LEDGER_REASONS } from '../../../src/contracts/server-texts.js';
import type { DB } from '../schema.js';
import type { AppContext } from '../../context.js';
import { nextId } from '../../lib/ids.js';
import { atSimulatedTime, formatDateTime } from '../../lib/time.js';
import {
  appSecretOf,
  newSecretSalt,
  secretHintOf,
} from '../../services/platform-client/app/secret.js';
import { placeOrder, PlaceOrderRefusal } from '../../services/platform-client/order/place-order.js';
import { returnClientOrder } from '../../services/platform-client/order/return-order.js';
import { sealContactPhone } from '../../services/platform-supplier/sup/contact-phone.js';
import { changeBalance } from '../../services/platform-supplier/balance/ledger.js';
import { sealedCode } from '../../services/platform-supplier/coupon-code/code-crypto.js';
import type { FulfilContext } from '../../services/platform-supplier/order/fulfil.js';
import { batchNoOf } from '../../services/platform-supplier/numbers.js';
import { seedDemoClientContent } from './demo-client-content.js';
import { seedDemoBulkBatches, seedDemoStockAndPlans, topUpIfLow } from './demo-client-extras.js';

/**
 * The client side's demo (issue 27 item 11), in tenant 000000 beside the demo suppliers: 5
 * access parties, 12 apps (prepay, callbacks to the embedded sandbox receiver, one to
 * `sandbox://fail` to show retries), 40 products mapped to the demo's coupon-code and
 * interface-card goods, and `orders` client orders over the last 90 days placed through
 * placeOrder, the open API's own path, at the times they pretend to have happened (the
 * simulated clock of lib/time.ts), with returns through returnClientOrder and the failures that
 * happen on their own (a good that runs out of codes). Top-ups come when an app runs low, as an
 * operator would make them. Deterministic (a seeded PRNG); resumable: a restart goes on from the
 * orders already placed.
 */

const T = '000000';
/** Marks the demo's apps (a restart finds them). */
const DEMO_REMARK = '演示应用';
const DAY = 86_400_000;

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** [code, name, short name, contact] */
const PARTIES: [string, string, string, string][] = [
  ['JDKJ', '京东数字科技', '京东数科', '孙悦'],
  ['MTQY', '美团会员权益', '美团权益', '钱多'],
  ['CMBCC', '招商银行信用卡中心', '招行信用卡', '吴敏'],
  ['CMCC', '中国移动权益中心', '移动权益', '郑华'],
  ['PAHCZ', '平安好车主', '好车主', '冯涛'],
];

/** [party code, app name, callback, prepay type (1 prepaid, 2 credit line)] */
const APPS: [string, string, string | null, number][] = [
  ['JDKJ', '京东金融App', 'sandbox://receiver', 1],
  ['JDKJ', '京东PLUS会员', 'sandbox://receiver', 1],
  ['JDKJ', '京东小程序', null, 1],
  ['MTQY', '美团App权益频道', 'sandbox://receiver', 2],
  ['MTQY', '美团神券节', 'sandbox://receiver', 1],
  ['CMBCC', '掌上生活', 'sandbox://receiver', 1],
  ['CMBCC', '招行积分商城', 'sandbox://fail', 1],
  ['CMCC', '中国移动App', 'sandbox://receiver', 2],
  ['CMCC', '和包支付', 'sandbox://receiver', 1],
  ['CMCC', '移动权益超市', null, 1],
  ['PAHCZ', '好车主App', 'sandbox://receiver', 1],
  ['PAHCZ', '平安车险权益', 'sandbox://receiver', 1],
];

const audit = (time: string) => ({
  createUser: null,
  createDept: null,
  createTime: time,
  updateUser: null,
  updateTime: null,
  status: 1,
  isDeleted: 0,
});

interface DemoApp {
  id: string;
  clientId: string;
  products: string[];
  /** Share of all orders (a weight). */
  weight: number;
}

/**
 * The goods the client side sells: copies of the demo's coupon-code and interface-card goods
 * under two suppliers of their own (权益聚合 for interface cards, 卡券汇 for codes). The supplier
 * money core's demo suppliers keep ledgers built in time order (each row's balance after is the
 * balance at its time); orders placed afterwards at earlier simulated times would break that
 * chain, so the client side's supplier orders charge suppliers whose ledgers they alone write.
 */
async function clientSideGoods(ctx: FulfilContext, start: string) {
  const { db } = ctx;
  const source = await db
    .selectFrom('bladeSupGood as g')
    .innerJoin('bladeSup as s', 's.id', 'g.supId')
    .select(['g.goodCode', 'g.goodName', 'g.goodType', 'g.marketAmount', 'g.costPrice'])
    .where('g.tenantId', '=', T)
    .where('g.isDeleted', '=', 0)
    .where('g.goodType', 'in', [1, 3])
    // The first copy of each demo supplier (DEMO_SCALE adds SUP-<code>-2, ...).
    .where('s.supCode', 'not like', 'SUP-%-%')
    .orderBy('g.goodCode')
    .execute();
  const suppliers = new Map<number, string>();
  for (const [type, code, name, short, contact, phone] of [
    [3, 'SUP-QYJH', '权益聚合平台（接口卡密）', '权益聚合', '何青', '13911110001'],
    [1, 'SUP-KQH', '卡券汇（券码）', '卡券汇', '许晴', '13911110002'],
  ] as const) {
    const id = nextId();
    suppliers.set(type, id);
    await db
      .insertInto('bladeSup')
      .values({
        id,
        tenantId: T,
        supCode: code,
        supName: name,
        shortName: short,
        contactName: contact,
        contactPhone: sealContactPhone(ctx, phone),
        settlementType: 1,
        supplyType: type,
        driver: 'sandbox',
        interfaceEndpoint: null,
        interfaceKey: null,
        interfaceSecret: null,
        remark: null,
        ...audit(start),
      })
      .execute();
    await db
      .insertInto('bladeSupBalanceTotal')
      .values({
        id: nextId(),
        tenantId: T,
        supId: id,
        balance: 0,
        overdraftLimit: 0,
        warningAmount: null,
        balanceType: 1,
        ...audit(start),
      })
      .execute();
  }
  const goods = [];
  for (const [n, g] of source.entries()) {
    const id = nextId();
    // Codes of their own (QY001...): a search for a supplier demo good's code finds that good only.
    const goodCode = `QY${String(n + 1).padStart(3, '0')}`;
    const supId = suppliers.get(Number(g.goodType))!;
    const row = {
      id,
      tenantId: T,
      supId,
      goodCode,
      goodName: g.goodName,
      goodType: Number(g.goodType),
      marketAmount: Number(g.marketAmount),
      costPrice: Number(g.costPrice),
      validDays: null,
      validEnd: null,
      onShelf: 1,
      stockWarn: null,
      validTimeWarn: null,
      interfaceGoodCode: Number(g.goodType) === 3 ? `EXT-${goodCode}` : null,
      signMethod: null,
      remark: null,
      ...audit(start),
    };
    await db.insertInto('bladeSupGood').values(row).execute();
    goods.push(row);
  }
  return goods;
}

/** The parties, apps, prepay accounts and products, once; answers the apps and their products. */
async function seedSetup(ctx: FulfilContext, start: string, next: () => number) {
  const { db } = ctx;
  const existing = await db
    .selectFrom('bladePsclientApp')
    .select(['id', 'clientId'])
    .where('tenantId', '=', T)
    .where('remark', '=', DEMO_REMARK)
    .orderBy('id')
    .execute();
  if (existing.length > 0) {
    const grants = await db
      .selectFrom('bladePsclientAppProduct as a')
      .innerJoin('bladePsclientProduct as p', 'p.id', 'a.productId')
      .select(['a.appId', 'p.productCode'])
      .where('a.tenantId', '=', T)
      .orderBy('p.productCode')
      .execute();
    return existing.map((a, i) => ({
      ...a,
      products: grants.filter((g) => g.appId === a.id).map((g) => g.productCode),
      weight: 1 + (i % 4),
    }));
  }
  const goods = await clientSideGoods(ctx, start);
  if (goods.length === 0) return [];
  const clientIds = new Map<string, string>();
  for (const [code, name, short, contact] of PARTIES) {
    const id = nextId();
    clientIds.set(code, id);
    await db
      .insertInto('bladePsclient')
      .values({
        id,
        tenantId: T,
        clientCode: code,
        clientName: name,
        shortName: short,
        contactName: contact,
        contactPhone: null,
        belongTenantId: null,
        enabled: 1,
        remark: null,
        ...audit(start),
      })
      .execute();
  }
  // 40 products: each good once, the first ones a second time as a two-good product (weighted).
  const products: string[] = [];
  for (let i = 0; i < 40; i++) {
    const good = goods[i % goods.length]!;
    const second = i >= goods.length ? goods[(i * 7 + 3) % goods.length] : undefined;
    const id = nextId();
    const code = `P${String(i + 1).padStart(3, '0')}`;
    const face = Number(good.marketAmount);
    // Sold between cost and face value, above the cost of either good it may be fulfilled from.
    const salePrice = Math.max(
      Math.max(Number(good.costPrice), Number(second?.costPrice ?? 0)) + 10,
      Math.round(face * (0.96 + next() * 0.03)),
    );
    await db
      .insertInto('bladePsclientProduct')
      .values({
        id,
        tenantId: T,
        productCode: code,
        productName: second ? `${good.goodName}（组合）` : good.goodName,
        marketAmount: face,
        salePrice,
        setRule: second ? 'weighted' : 'priority',
        onShelf: i === 39 ? 0 : 1,
        pictures: null,
        videos: null,
        description: `${good.goodName}，面值${(face / 100).toFixed(2)}元`,
        enabled: 1,
        remark: null,
        ...audit(start),
      })
      .execute();
    for (const [priority, g] of [good, second].filter((x) => x !== undefined).entries())
      await db
        .insertInto('bladeProductGoodMap')
        .values({
          id: nextId(),
          tenantId: T,
          productId: id,
          goodId: g.id,
          priority: priority + 1,
          weight: priority === 0 ? 3 : 1,
          createUser: null,
          createTime: start,
        })
        .execute();
    products.push(code);
  }
  const apps: DemoApp[] = [];
  for (const [i, [party, name, callback, type]] of APPS.entries()) {
    const id = nextId();
    const secretSalt = newSecretSalt();
    const clientId = clientIds.get(party)!;
    await db
      .insertInto('bladePsclientApp')
      .values({
        id,
        tenantId: T,
        clientId,
        appName: name,
        appKey: `qk${id.slice(-16)}`,
        secretSalt,
        secretHint: secretHintOf(appSecretOf(ctx, { id, secretSalt })),
        secretTime: start,
        callbackUrl: callback,
        ipAllowlist: null,
        rateLimit: 600,
        enabled: i === 2 ? 0 : 1,
        remark: DEMO_REMARK,
        ...audit(start),
      })
      .execute();
    await db
      .insertInto('bladePsclientAppPrepay')
      .values({
        id: nextId(),
        tenantId: T,
        appId: id,
        clientId,
        balance: 0,
        creditLimit: type === 2 ? 50_000_000 : 0,
        warningAmount: 2_000_000,
        prepayType: type,
        warned: 0,
        ...audit(start),
      })
      .execute();
    // Every app sells the first five; the off-shelf last product is nobody's yet.
    const mine = products.filter((_, p) => p < 39 && ((p + i) % 3 !== 0 || p < 5));
    for (const code of mine) {
      const productId = (
        await db
          .selectFrom('bladePsclientProduct')
          .select('id')
          .where('tenantId', '=', T)
          .where('productCode', '=', code)
          .executeTakeFirstOrThrow()
      ).id;
      await db
        .insertInto('bladePsclientAppProduct')
        .values({
          id: nextId(),
          tenantId: T,
          appId: id,
          productId,
          createUser: null,
          createTime: start,
        })
        .execute();
    }
    if (i !== 2) apps.push({ id, clientId, products: mine, weight: 1 + (i % 4) });
  }
  return apps;
}

/** A batch of `count` unused codes for a good, as an import writes it. */
async function importCodes(
  ctx: FulfilContext,
  good: { id: string; supId: string; goodCode: string },
  count: number,
  time: string,
) {
  const batchId = nextId();
  await ctx.db
    .insertInto('bladeSupBatchCouponCode')
    .values({
      id: batchId,
      tenantId: T,
      batchNo: batchNoOf(batchId),
      supId: good.supId,
      goodId: good.id,
      source: 'import',
      totalCount: count,
      validStart: time,
      validEnd: '2099-12-31 23:59:59',
      importId: null,
      fileName: null,
      remark: '接入方订单备货',
      ...audit(time),
    })
    .execute();
  for (let i = 0; i < count; i += 300) {
    const rows = [];
    for (let n = i; n < Math.min(count, i + 300); n++)
      rows.push({
        id: nextId(),
        tenantId: T,
        batchId,
        supId: good.supId,
        goodId: good.id,
        ...sealedCode(
          ctx,
          `${good.goodCode}-K${batchId.slice(-6)}${String(n + 1).padStart(6, '0')}`,
        ),
        validStart: time,
        validEnd: '2099-12-31 23:59:59',
        state: 'unused',
        orderId: null,
        issueTime: null,
        usedTime: null,
        invalidTime: null,
        ...audit(time),
      });
    await ctx.db.insertInto('bladeSupCouponCode').values(rows).execute();
  }
}

/** What the simulated operators and apps do, in time order. */
type Step =
  | { at: number; kind: 'order'; n: number; app: DemoApp; product: string; quantity: number }
  | { at: number; kind: 'return'; n: number; app: DemoApp };

function plan(apps: DemoApp[], orders: number, now: number, next: () => number): Step[] {
  const total = apps.reduce((s, a) => s + a.weight, 0);
  const pick = () => {
    let r = next() * total;
    for (const a of apps) if ((r -= a.weight) < 0) return a;
    return apps[apps.length - 1]!;
  };
  const steps: Step[] = [];
  for (let n = 0; n < orders; n++) {
    const app = pick();
    // More orders lately (a growing business), none in the future.
    const at = now - Math.floor(90 * DAY * Math.pow(next(), 1.3));
    const product = app.products[Math.floor(next() * app.products.length)]!;
    const quantity = next() < 0.85 ? 1 : next() < 0.7 ? 2 : 3;
    steps.push({ at, kind: 'order', n, app, product, quantity });
    if (next() < 0.04) {
      const back = at + Math.floor((0.2 + next() * 6) * DAY);
      if (back < now) steps.push({ at: back, kind: 'return', n, app });
    }
  }
  return steps.sort((a, b) => a.at - b.at || a.n - b.n);
}

const outOrderNo = (n: number) => `DEMO${String(n + 1).padStart(7, '0')}`;

export async function seedDemoClient(
  ctx: AppContext,
  options: { orders: number; logger?: FastifyBaseLogger; stop?: { requested: boolean } },
): Promise<void> {
  const next = random(20261128);
  const now = Date.now();
  const start = formatDateTime(new Date(now - 91 * DAY));
  // One transaction: of two processes starting on one empty database, one writes the set-up
  // (SQLite: BEGIN IMMEDIATE serialises them; PostgreSQL: the unique codes refuse the second).
  const apps = await ctx.db.transaction().execute(async (trx) => {
    const set = await seedSetup({ ...ctx, db: trx }, start, next);
    await seedDemoClientContent(trx);
    return set;
  });
  if (apps.length === 0 || options.orders <= 0) return;
  const steps = plan(apps, options.orders, now, next);
  // Resumable: the orders already placed (by their outOrderNo) are not placed again.
  const placedBefore = new Set(
    (
      await ctx.db
        .selectFrom('bladeClientProductOrder')
        .select('outOrderNo')
        .where('tenantId', '=', T)
        .where('outOrderNo', 'like', 'DEMO%')
        .execute()
    ).map((r) => r.outOrderNo),
  );
  if (placedBefore.size === 0) await stockUp(ctx, options.orders, start);
  if (placedBefore.size === 0) await seedDemoStockAndPlans(ctx, { apps, steps, start });
  const started = Date.now();
  let placed = 0;
  for (const step of steps) {
    if (options.stop?.requested) return;
    // SQLite answers synchronously: without a turn of the event loop between orders, the
    // background seeding would hold the server (its listen, its requests) until it ends.
    await new Promise((resolve) => setImmediate(resolve));
    if (step.kind === 'order' && placedBefore.has(outOrderNo(step.n))) continue;
    await atSimulatedTime(new Date(step.at), async () => {
      if (step.kind === 'order') {
        await topUpIfLow(ctx.db, step.app.id);
        await topUpSuppliersIfLow(ctx.db);
        try {
          await placeOrder(ctx, {
            tenantId: T,
            app: step.app,
            productCode: step.product,
            quantity: step.quantity,
            outOrderNo: outOrderNo(step.n),
            source: 'api',
          });
        } catch (err) {
          if (!(err instanceof PlaceOrderRefusal)) throw err;
        }
        placed += 1;
        if (placed % 2000 === 0)
          options.logger?.info({ placed, of: options.orders }, 'demo client orders');
      } else await returnDemoOrder(ctx, step.app.id, outOrderNo(step.n));
    });
  }
  await seedDemoBulkBatches(ctx, options.orders);
  options.logger?.info(
    { orders: placed, ms: Date.now() - started },
    'demo client orders placed through the open API path',
  );
}

/** The coupon-code goods the products sell get stock (a supplier's import). */
async function stockUp(ctx: FulfilContext, orders: number, time: string) {
  const mapped = await ctx.db
    .selectFrom('bladeProductGoodMap as m')
    .innerJoin('bladeSupGood as g', 'g.id', 'm.goodId')
    .select(['g.id', 'g.supId', 'g.goodCode', 'g.goodType'])
    .where('m.tenantId', '=', T)
    .distinct()
    .orderBy('g.goodCode')
    .execute();
  const codeGoods = mapped.filter((g) => Number(g.goodType) === 1);
  for (const [i, good] of codeGoods.entries())
    // The last good runs short: its late orders fail (and show on the failed place-orders).
    await importCodes(
      ctx,
      good,
      i === codeGoods.length - 1
        ? Math.ceil(orders / 400)
        : Math.ceil((orders * 1.6) / mapped.length) + 20,
      time,
    );
}

/** The client side's suppliers (clientSideGoods) are paid ahead when they run low, at that time. */
async function topUpSuppliersIfLow(db: Kysely<DB>) {
  const low = await db
    .selectFrom('bladeSupBalanceTotal as b')
    .innerJoin('bladeSup as s', 's.id', 'b.supId')
    .select(['b.supId'])
    .where('b.tenantId', '=', T)
    .where('s.supCode', 'in', ['SUP-QYJH', 'SUP-KQH'])
    .where('b.balance', '<', 10_000_000)
    .execute();
  for (const { supId } of low)
    await changeBalance(db, {
      tenantId: T,
      owner: { kind: 'supplier', supId },
      amount: 100_000_000,
      changeType: 'add',
      reason: LEDGER_REASONS.prepaidTopUp.zh,
    });
}

async function returnDemoOrder(ctx: FulfilContext, appId: string, out: string) {
  const order = await ctx.db
    .selectFrom('bladeClientProductOrder')
    .select(['id', 'state'])
    .where('appId', '=', appId)
    .where('outOrderNo', '=', out)
    .executeTakeFirst();
  if (order?.state !== 'success') return;
  await returnClientOrder(ctx, {
    tenantId: T,
    orderId: order.id,
    reason: LEDGER_REASONS.clientReturn.zh,
    userId: null,
  }).catch(() => undefined);
}
