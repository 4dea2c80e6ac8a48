import type { Insertable, Kysely } from 'kysely';
import type {
  DB,
  SupBalanceRecordTable,
  SupCouponCodeExchangeTable,
  SupCouponCodeRecoveryTable,
  SupCouponCodeTable,
  SupErrorOrderTable,
  SupOrderCodeTable,
  SupGoodBalanceRecordTable,
  SupOrderTable,
  SupReturnOrderTable,
} from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { sealedCode } from '../../services/platform-supplier/coupon-code/code-crypto.js';
import { demoScale } from './demo-supplier.js';

/**
 * Demo data of the supplier money core (issue 18 item 8): for each demo tenant, balances for every
 * supplier, batches of coupon codes in every state, `orders` supplier orders over the last 90 days
 * (tenant 100001 a tenth of them) with refunds (codes in recovery, some handled) and error orders
 * in every state, redemptions, and ledgers whose rows sum to their balances — built in memory in
 * time order (the balance after each row is exact) and written in batches. Deterministic: the
 * same volume gives the same data. Without the server's secret, codes cannot be sealed: nothing
 * is seeded then.
 */

/** A small deterministic PRNG (mulberry32), so the demo is the same on every install. */
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

const DAY = 86_400_000;
const BATCH = 300;

async function insertAll<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

interface Good {
  id: string;
  supId: string;
  goodCode: string;
  goodType: number;
  marketAmount: number;
  costPrice: number;
}

export async function seedDemoMoneyCore(
  db: Kysely<DB>,
  secrets: { jwtSecret: string } | undefined,
  { orders = 20_000, now = Date.now() }: { orders?: number; now?: number } = {},
): Promise<void> {
  if (!secrets) return;
  const scale = demoScale();
  for (const [tenantId, share] of [
    ['000000', 1],
    ['100001', 0.1],
  ] as const)
    await seedTenant(db, secrets, tenantId, Math.round(orders * scale * share), now);
}

async function seedTenant(
  db: Kysely<DB>,
  secrets: { jwtSecret: string },
  tenantId: string,
  orderCount: number,
  now: number,
) {
  const rand = random(tenantId === '000000' ? 18 : 1018);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const time = (ms: number) => formatDateTime(new Date(ms));
  const audit = (ms: number) => ({
    createUser: null,
    createDept: null,
    createTime: time(ms),
    updateUser: null,
    updateTime: time(ms),
    status: 1,
    isDeleted: 0,
    version: 1,
  });
  const goods: Good[] = await db
    .selectFrom('bladeSupGood')
    .select(['id', 'supId', 'goodCode', 'goodType', 'marketAmount', 'costPrice'])
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .where('status', '=', 1)
    .where('goodType', 'in', [1, 3])
    .orderBy('goodCode')
    .execute();
  if (goods.length === 0 || orderCount === 0) return;
  const supIds = [...new Set(goods.map((g) => g.supId))];
  const start = now - 90 * DAY;

  // Balances: each supplier opens with enough for its share of the orders and a margin; every
  // fourth good keeps its own quota (balance type 2).
  const ownQuota = new Set(goods.filter((_, i) => i % 4 === 3).map((g) => g.id));
  // Ledger events are collected as the orders are made up and replayed in time order at the
  // end, so each row's balance after is the running sum in the order an auditor reads them.
  const events: {
    owner: { supId: string; goodId?: string };
    ms: number;
    amount: number;
    changeType: string;
    reason: string;
    source?: { id: string; no: string };
  }[] = [];
  const ledger = (
    owner: { supId: string; goodId?: string },
    ms: number,
    amount: number,
    changeType: string,
    reason: string,
    source?: { id: string; no: string },
  ) => events.push({ owner, ms, amount, changeType, reason, source });
  const opening = Math.max(1_000_000_00, orderCount * 12_000);
  for (const supId of supIds) ledger({ supId }, start, opening, 'init', '期初余额');
  for (const goodId of ownQuota) {
    const good = goods.find((g) => g.id === goodId)!;
    ledger({ supId: good.supId, goodId }, start, opening / 4, 'init', '期初额度');
  }
  const chargeOwner = (good: Good) =>
    ownQuota.has(good.id) ? { supId: good.supId, goodId: good.id } : { supId: good.supId };

  // Batches: one imported batch per good up front, one more in the middle of the period for
  // coupon-code goods; interface-card goods get their codes per order in 'interface' batches.
  const batches: {
    id: string;
    good: Good;
    source: string;
    ms: number;
    validEnd: string;
    codes: Insertable<SupCouponCodeTable>[];
  }[] = [];
  const codeNo = new Map<string, number>();
  const newCode = (batch: (typeof batches)[number], state: string, ms: number) => {
    const n = (codeNo.get(batch.good.id) ?? 0) + 1;
    codeNo.set(batch.good.id, n);
    const plain = `${batch.good.goodCode}-${tenantId.slice(-2)}${String(n).padStart(7, '0')}`;
    const row: Insertable<SupCouponCodeTable> = {
      id: nextId(),
      tenantId,
      batchId: batch.id,
      supId: batch.good.supId,
      goodId: batch.good.id,
      ...sealedCode(secrets, plain, n % 3 === 0 ? String(100000 + ((n * 7919) % 900000)) : null),
      validStart: time(batch.ms),
      validEnd: batch.validEnd,
      state,
      orderId: null,
      issueTime: null,
      usedTime: null,
      invalidTime: null,
      ...audit(ms),
    };
    batch.codes.push(row);
    return row;
  };
  const batchOf = (good: Good, source: string, ms: number, validEnd: string) => {
    const batch = { id: nextId(), good, source, ms, validEnd, codes: [] };
    batches.push(batch);
    return batch;
  };
  const farEnd = time(now + 365 * DAY);
  const stockBatch = new Map<string, (typeof batches)[number]>();
  for (const good of goods)
    if (good.goodType === 1) stockBatch.set(good.id, batchOf(good, 'import', start, farEnd));

  // Interface cards arrive per order; they are kept in one 'interface' batch per good and day.
  const interfaceBatches = new Map<string, (typeof batches)[number]>();
  const interfaceBatch = (good: Good, ms: number) => {
    const key = `${good.id}:${time(ms).slice(0, 10)}`;
    let batch = interfaceBatches.get(key);
    if (!batch) {
      batch = batchOf(good, 'interface', ms, time(ms + 180 * DAY));
      interfaceBatches.set(key, batch);
    }
    return batch;
  };

  // Orders in time order.
  const sold: Insertable<SupOrderTable>[] = [];
  const returns: Insertable<SupReturnOrderTable>[] = [];
  const errors: Insertable<SupErrorOrderTable>[] = [];
  const exchanges: Insertable<SupCouponCodeExchangeTable>[] = [];
  const recoveries: Insertable<SupCouponCodeRecoveryTable>[] = [];
  /** Which order holds each issued code (migration 033), by code id. */
  const held = new Map<string, Insertable<SupOrderCodeTable>>();
  const times = Array.from(
    { length: orderCount },
    () => start + Math.floor(rand() * 90 * DAY),
  ).sort((a, b) => a - b);
  const errorStates = ['open', 'open', 'audited', 'reissued', 'resent', 'cancelled'];
  times.forEach((ms, i) => {
    const good = pick(goods);
    const quantity = rand() < 0.8 ? 1 : 2 + Math.floor(rand() * 2);
    const orderId = nextId();
    const orderNo = `SO${time(ms).slice(0, 10).replaceAll('-', '')}${String(i + 1).padStart(6, '0')}${tenantId.slice(-1)}`;
    const market = good.marketAmount * quantity;
    const cost = good.costPrice * quantity;
    const actual =
      Math.round((good.marketAmount * (90 + Math.floor(rand() * 10))) / 100) * quantity;
    const order: Insertable<SupOrderTable> = {
      id: orderId,
      tenantId,
      orderNo,
      clientOrderId: `CO${orderNo.slice(2)}`,
      clientId: null,
      appId: null,
      supId: good.supId,
      goodId: good.id,
      quantity,
      marketAmount: market,
      actualAmount: actual,
      costAmount: cost,
      refundedQuantity: 0,
      refundedAmount: 0,
      state: 'success',
      attempts: 1,
      lastError: null,
      finishTime: time(ms + 2000),
      remark: null,
      ...audit(ms),
    };
    sold.push(order);
    if (rand() < 0.02) {
      // A failed order with its error order in some state (domain.md "Order invariants"): a
      // pending or cancelled error order sits on an order that issued and charged nothing
      // (closed once cancelled); a reissued or resent one on an order delivered at its second try.
      const state = pick(errorStates);
      const lastError = pick(['供应商接口超时', '库存不足', '供应商返回失败：商品已下架']);
      errors.push({
        id: nextId(),
        tenantId,
        orderId,
        orderNo,
        supId: good.supId,
        goodId: good.id,
        errorMsg: lastError,
        state,
        auditUser: state === 'open' ? null : 'demo',
        auditTime: state === 'open' ? null : time(ms + 3600_000),
        auditRemark: state === 'open' ? null : '已核实',
        handleUser: ['reissued', 'resent', 'cancelled'].includes(state) ? 'demo' : null,
        handleTime: ['reissued', 'resent', 'cancelled'].includes(state)
          ? time(ms + 7200_000)
          : null,
        ...audit(ms + 2000),
      });
      if (state === 'reissued' || state === 'resent') order.attempts = 2;
      else {
        order.state = state === 'cancelled' ? 'closed' : 'failed';
        order.costAmount = 0;
        order.lastError = lastError;
        return;
      }
    }
    const batch = stockBatch.get(good.id) ?? interfaceBatch(good, ms);
    const codes = Array.from({ length: quantity }, () => {
      const code = newCode(batch, 'issued', batch.ms);
      code.orderId = orderId;
      code.issueTime = time(ms + 1000);
      held.set(code.id!, {
        codeId: code.id!,
        orderId,
        tenantId,
        issueTime: code.issueTime,
        returnOrderId: null,
        returnTime: null,
      });
      return code;
    });
    ledger(chargeOwner(good), ms + 1000, -cost, 'order', '订单扣款', { id: orderId, no: orderNo });
    // Redeemed: most codes of orders older than a week.
    for (const code of codes)
      if (ms < now - 7 * DAY && rand() < 0.6) {
        const used = ms + Math.floor(rand() * 5 * DAY);
        code.state = 'used';
        code.usedTime = time(used);
        exchanges.push({
          id: nextId(),
          tenantId,
          codeId: code.id!,
          supId: good.supId,
          goodId: good.id,
          orderId,
          storeCode: `ST${String(1 + Math.floor(rand() * 40)).padStart(3, '0')}`,
          storeName: pick(['国贸店', '中关村店', '陆家嘴店', '天河店', '南山店', '西湖店']),
          exchangeTime: time(used),
          source: rand() < 0.85 ? 'supplier' : 'renew',
          cancelled: 0,
          cancelTime: null,
          ...audit(used),
        });
      }
    // Refunds: 3% of orders give back their still-issued codes (all, or one of several).
    const issued = codes.filter((c) => c.state === 'issued');
    if (issued.length > 0 && rand() < 0.03) {
      const back = rand() < 0.7 ? issued : issued.slice(0, 1);
      const refundMs = ms + 3600_000 + Math.floor(rand() * 2 * DAY);
      const returnId = nextId();
      const returnNo = `RO${orderNo.slice(2)}`;
      const unitActual = actual / quantity;
      returns.push({
        id: returnId,
        tenantId,
        returnNo,
        orderId,
        orderNo,
        supId: good.supId,
        goodId: good.id,
        quantity: back.length,
        marketAmount: good.marketAmount * back.length,
        actualAmount: unitActual * back.length,
        costAmount: good.costPrice * back.length,
        reason: pick(['用户申请退款', '重复下单', '活动取消']),
        state: 'refunded',
        failReason: null,
        finishTime: time(refundMs),
        ...audit(refundMs),
      });
      ledger(chargeOwner(good), refundMs, good.costPrice * back.length, 'refund', '订单退款', {
        id: returnId,
        no: returnNo,
      });
      order.refundedQuantity = back.length;
      order.refundedAmount = good.costPrice * back.length;
      order.state = back.length === quantity ? 'refunded' : 'partRefunded';
      for (const code of back) {
        Object.assign(held.get(code.id!)!, { returnOrderId: returnId, returnTime: time(refundMs) });
        const handled = refundMs < now - 3 * DAY ? pick(['restocked', 'discarded']) : 'pending';
        code.state =
          handled === 'pending' ? 'recovering' : handled === 'restocked' ? 'unused' : 'invalid';
        if (handled !== 'pending') code.orderId = null;
        if (handled === 'discarded') code.invalidTime = time(refundMs + DAY);
        recoveries.push({
          id: nextId(),
          tenantId,
          codeId: code.id!,
          supId: good.supId,
          goodId: good.id,
          orderId,
          returnOrderId: returnId,
          state: handled,
          handleUser: handled === 'pending' ? null : 'demo',
          handleTime: handled === 'pending' ? null : time(refundMs + DAY),
          remark: handled === 'discarded' ? '券码已泄露，作废' : null,
          ...audit(refundMs),
        });
      }
    }
  });

  // Stock left in each coupon-code batch: unused codes, a few invalid and expired ones, and a
  // second batch mid-period; goods sold most keep less stock, so some are under their warning.
  for (const good of goods) {
    const batch = stockBatch.get(good.id);
    if (!batch) continue;
    const spare = 20 + Math.floor(rand() * 280);
    for (let n = 0; n < spare; n++) newCode(batch, 'unused', batch.ms);
    for (let n = 0; n < 5; n++) {
      const code = newCode(batch, 'invalid', batch.ms);
      code.invalidTime = time(start + 30 * DAY);
    }
    const expiring = batchOf(good, 'manual', start + 45 * DAY, time(now + 10 * DAY));
    for (let n = 0; n < 10 + Math.floor(rand() * 40); n++) newCode(expiring, 'unused', expiring.ms);
    const expired = batchOf(good, 'import', start + 5 * DAY, time(now - 2 * DAY));
    for (let n = 0; n < 8; n++) newCode(expired, 'expired', expired.ms);
  }

  const balance = new Map<string, number>();
  const supLedger: Insertable<SupBalanceRecordTable>[] = [];
  const goodLedger: Insertable<SupGoodBalanceRecordTable>[] = [];
  events.sort((a, b) => a.ms - b.ms);
  for (const e of events) {
    const key = e.owner.goodId ?? e.owner.supId;
    const after = (balance.get(key) ?? 0) + e.amount;
    balance.set(key, after);
    const row = {
      id: nextId(),
      tenantId,
      supId: e.owner.supId,
      changeType: e.changeType,
      amount: e.amount,
      balanceAfter: after,
      reason: e.reason,
      sourceId: e.source?.id ?? null,
      sourceNo: e.source?.no ?? null,
      attachId: null,
      fileName: null,
      createUser: null,
      createTime: time(e.ms),
    };
    if (e.owner.goodId) goodLedger.push({ ...row, goodId: e.owner.goodId });
    else supLedger.push(row);
  }

  // Write: balances (their final amounts equal the ledgers' sums by construction), then the rest.
  await insertAll(supIds, (chunk) =>
    db
      .insertInto('bladeSupBalanceTotal')
      .values(
        chunk.map((supId, i) => ({
          id: nextId(),
          tenantId,
          supId,
          balance: balance.get(supId) ?? 0,
          overdraftLimit: i % 3 === 0 ? 500_000 : 0,
          warningAmount: Math.floor(opening / 5),
          balanceType: i % 3 === 0 ? 2 : 1,
          ...audit(start),
        })),
      )
      .execute(),
  );
  await insertAll([...ownQuota], (chunk) =>
    db
      .insertInto('bladeSupGoodBalanceTotal')
      .values(
        chunk.map((goodId) => ({
          id: nextId(),
          tenantId,
          supId: goods.find((g) => g.id === goodId)!.supId,
          goodId,
          balance: balance.get(goodId) ?? 0,
          overdraftLimit: 0,
          warningAmount: Math.floor(opening / 20),
          balanceType: 2,
          ...audit(start),
        })),
      )
      .execute(),
  );
  await insertAll(supLedger, (c) => db.insertInto('bladeSupBalanceRecord').values(c).execute());
  await insertAll(goodLedger, (c) =>
    db.insertInto('bladeSupGoodBalanceRecord').values(c).execute(),
  );
  await insertAll(batches, (chunk) =>
    db
      .insertInto('bladeSupBatchCouponCode')
      .values(
        chunk.map((b, i) => ({
          id: b.id,
          tenantId,
          batchNo: `PC${time(b.ms).slice(0, 10).replaceAll('-', '')}${b.id.slice(-6)}${i}`,
          supId: b.good.supId,
          goodId: b.good.id,
          source: b.source,
          totalCount: b.codes.length,
          validStart: time(b.ms),
          validEnd: b.validEnd,
          importId: null,
          fileName: b.source === 'import' ? `${b.good.goodCode}-券码.xlsx` : null,
          remark: null,
          ...audit(b.ms),
        })),
      )
      .execute(),
  );
  await insertAll(
    batches.flatMap((b) => b.codes),
    (c) => db.insertInto('bladeSupCouponCode').values(c).execute(),
  );
  await insertAll(sold, (c) => db.insertInto('bladeSupOrder').values(c).execute());
  await insertAll(returns, (c) => db.insertInto('bladeSupReturnOrder').values(c).execute());
  await insertAll(errors, (c) => db.insertInto('bladeSupErrorOrder').values(c).execute());
  await insertAll([...held.values()], (c) =>
    db.insertInto('bladeSupOrderCode').values(c).execute(),
  );
  await insertAll(exchanges, (c) =>
    db.insertInto('bladeSupCouponCodeExchange').values(c).execute(),
  );
  await insertAll(recoveries, (c) =>
    db.insertInto('bladeSupCouponCodeRecovery').values(c).execute(),
  );
}
