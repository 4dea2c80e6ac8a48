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
import {
  batchNoOf,
  cardBatchNoOf,
  orderNoOf,
  returnNoOf,
} from '../../services/platform-supplier/numbers.js';
import { demoScale } from './demo-supplier.js';

/**
 * Demo data of the supplier money core (issue 18 item 8, issue 25): for each demo tenant,
 * balances for every supplier, batches of coupon codes in every state, `orders` supplier orders
 * over the 90 days before `now` (tenant 100001 a tenth of them) with refunds (codes in recovery,
 * some handled) and error orders in every state, redemptions, and ledgers whose rows sum to
 * their balances — built in memory and written in batches. Deterministic: the same volume gives
 * the same data (ids and numbers aside).
 *
 * Issue 25: nothing is dated after `now` (start-up): a time that would fall later is drawn from
 * what is left of the window, or brought back to now. Ledgers are replayed in time order, so the
 * newest row of each one carries its balance. Numbers are the live formats (numbers.ts). A
 * prepaid supplier's balance has no overdraft and is topped up when it runs low; a postpaid
 * supplier's is a credit line (授信): it starts at 0, runs below it and is settled monthly
 * (ARCHITECTURE "Supplier money core"). Every order is sold at or above its cost. Without the
 * server's secret, codes cannot be sealed: nothing is seeded then.
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

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const BATCH = 300;
/** Fen: 10,000 yuan and 100,000 yuan, the steps prepaid amounts and credit lines are rounded to. */
const WAN = 1_000_000;
const SHI_WAN = 10_000_000;

async function insertAll<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

const roundUp = (fen: number, step: number) => Math.ceil(fen / step) * step;

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

/** Whose balance: a supplier's, or a good's own quota. */
interface Owner {
  supId: string;
  goodId?: string;
}

/** A change of a balance, made up with the orders and replayed in time order at the end. */
interface LedgerEvent {
  owner: Owner;
  ms: number;
  amount: number;
  changeType: string;
  reason: string;
  source?: { id: string; no: string };
  /** A postpaid supplier's monthly settlement: pays what the balance owes then. */
  settle?: boolean;
}

/** A balance as the replay goes. */
interface Account {
  owner: Owner;
  /** A postpaid supplier's credit line (授信); otherwise prepaid money, never overdrawn. */
  credit: boolean;
  opening: number;
  /** Prepaid: below this the row is marked; a top-up keeps the balance above half of it. */
  warning: number | null;
  topUp: number;
  balance: number;
  lowest: number;
  last: number;
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
  /** A time that would fall after start-up is start-up. */
  const upTo = (ms: number) => Math.min(ms, now);
  /** A time `min` to `max` after `ms`, drawn from what is left before now when less is. */
  const after = (ms: number, min: number, max: number) => {
    const room = Math.max(0, now - ms);
    const lo = Math.min(min, room);
    return ms + lo + Math.floor(rand() * (Math.min(max, room) - lo));
  };
  const audit = (created: number, updated = created) => ({
    createUser: null,
    createDept: null,
    createTime: time(created),
    updateUser: null,
    updateTime: time(updated),
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
  const postpaid = new Set(
    (
      await db
        .selectFrom('bladeSup')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('id', 'in', supIds)
        .where('settlementType', '=', 2)
        .execute()
    ).map((s) => s.id),
  );
  const start = now - 90 * DAY;
  /** Balances are opened the day before the first order. */
  const opened = start - DAY;

  // Every fourth good keeps its own quota (balance type 2); the others charge their supplier.
  const ownQuota = new Set(goods.filter((_, i) => i % 4 === 3).map((g) => g.id));
  const events: LedgerEvent[] = [];
  const ledger = (
    owner: Owner,
    ms: number,
    amount: number,
    changeType: string,
    reason: string,
    source?: { id: string; no: string },
  ) => events.push({ owner, ms, amount, changeType, reason, source });
  const chargeOwner = (good: Good): Owner =>
    ownQuota.has(good.id) ? { supId: good.supId, goodId: good.id } : { supId: good.supId };

  // Batches: one imported batch per coupon-code good up front and more below; an interface-card
  // order gets its cards in a batch of its own, as fulfilment stores them.
  const batches: {
    id: string;
    good: Good;
    source: string;
    /** An order's cards (IF numbers, no validity of its own, the order's number as remark). */
    cards: boolean;
    remark: string | null;
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
  const batchOf = (
    good: Good,
    source: string,
    ms: number,
    validEnd: string,
    cardsOf: string | null = null,
  ) => {
    const batch = {
      id: nextId(),
      good,
      source,
      cards: cardsOf !== null,
      remark: cardsOf,
      ms,
      validEnd,
      codes: [],
    };
    batches.push(batch);
    return batch;
  };
  const farEnd = time(now + 365 * DAY);
  const stockBatch = new Map<string, (typeof batches)[number]>();
  for (const good of goods)
    if (good.goodType === 1) stockBatch.set(good.id, batchOf(good, 'import', start, farEnd));

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
  for (const ms of times) {
    const good = pick(goods);
    const quantity = rand() < 0.8 ? 1 : 2 + Math.floor(rand() * 2);
    const orderId = nextId();
    const orderNo = orderNoOf(orderId, time(ms));
    const market = good.marketAmount * quantity;
    const cost = good.costPrice * quantity;
    // Sold at a price between cost and face value (issue 25 item 22: never below cost): the
    // cost plus 20-99% of the supplier's discount.
    const unitActual =
      good.costPrice +
      Math.round(((good.marketAmount - good.costPrice) * (20 + Math.floor(rand() * 80))) / 100);
    const actual = unitActual * quantity;
    const finished = upTo(ms + 2000);
    /** When the codes were issued and the balance charged (a reissue: when it was handled). */
    let delivered = upTo(ms + 1000);
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
      finishTime: time(finished),
      remark: null,
      ...audit(ms, finished),
    };
    sold.push(order);
    let charge = { changeType: 'order', reason: '订单扣款' };
    if (rand() < 0.02) {
      // A failed order with its error order in some state (domain.md "Order invariants"): a
      // pending or cancelled error order sits on an order that issued and charged nothing
      // (closed once cancelled); a reissued or resent one on an order delivered at its second
      // try, when the error order was handled.
      const state = pick(errorStates);
      const lastError = pick(['供应商接口超时', '库存不足', '供应商返回失败：商品已下架']);
      const audited = state === 'open' ? null : after(finished, 10 * MINUTE, 2 * HOUR);
      const handled =
        audited !== null && ['reissued', 'resent', 'cancelled'].includes(state)
          ? after(audited, 10 * MINUTE, 2 * HOUR)
          : null;
      errors.push({
        id: nextId(),
        tenantId,
        orderId,
        orderNo,
        supId: good.supId,
        goodId: good.id,
        errorMsg: lastError,
        state,
        auditUser: audited === null ? null : 'demo',
        auditTime: audited === null ? null : time(audited),
        auditRemark: audited === null ? null : '已核实',
        handleUser: handled === null ? null : 'demo',
        handleTime: handled === null ? null : time(handled),
        ...audit(finished, handled ?? audited ?? finished),
      });
      if (handled !== null && state !== 'cancelled') {
        order.attempts = 2;
        delivered = handled;
        order.finishTime = time(handled);
        order.updateTime = time(handled);
        charge = { changeType: 'reissue', reason: '补发扣款' };
      } else {
        order.state = state === 'cancelled' ? 'closed' : 'failed';
        order.costAmount = 0;
        order.lastError = lastError;
        if (handled !== null) order.updateTime = time(handled);
        continue;
      }
    }
    // Interface cards arrive per order, in a batch of the order's own.
    const batch =
      stockBatch.get(good.id) ??
      batchOf(good, 'interface', delivered, time(delivered + 180 * DAY), orderNo);
    const codes = Array.from({ length: quantity }, () => {
      const code = newCode(batch, 'issued', batch.ms);
      code.orderId = orderId;
      code.issueTime = time(delivered);
      code.updateTime = code.issueTime;
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
    ledger(chargeOwner(good), delivered, -cost, charge.changeType, charge.reason, {
      id: orderId,
      no: orderNo,
    });
    // Redeemed: most codes of orders older than a week, within five days.
    for (const code of codes)
      if (delivered < now - 7 * DAY && rand() < 0.6) {
        const used = after(delivered, MINUTE, 5 * DAY);
        code.state = 'used';
        code.usedTime = time(used);
        code.updateTime = code.usedTime;
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
    // Refunds: 3% of orders give back their still-issued codes (all, or one of several), within
    // two days (sooner for an order of the last hours).
    const issued = codes.filter((c) => c.state === 'issued');
    if (issued.length > 0 && rand() < 0.03) {
      const back = rand() < 0.7 ? issued : issued.slice(0, 1);
      const refunded = after(delivered, HOUR, 2 * DAY + HOUR);
      const returnId = nextId();
      const returnNo = returnNoOf(returnId, time(refunded));
      const reason = pick(['用户申请退款', '重复下单', '活动取消']);
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
        reason,
        state: 'refunded',
        failReason: null,
        finishTime: time(refunded),
        ...audit(refunded),
      });
      ledger(chargeOwner(good), refunded, good.costPrice * back.length, 'refund', '订单退款', {
        id: returnId,
        no: returnNo,
      });
      order.refundedQuantity = back.length;
      order.refundedAmount = good.costPrice * back.length;
      order.state = back.length === quantity ? 'refunded' : 'partRefunded';
      order.updateTime = time(refunded);
      for (const code of back) {
        Object.assign(held.get(code.id!)!, { returnOrderId: returnId, returnTime: time(refunded) });
        // Handled a day later once three days have passed; pending before.
        const handled = refunded < now - 3 * DAY ? pick(['restocked', 'discarded']) : 'pending';
        const handleMs = handled === 'pending' ? refunded : refunded + DAY;
        code.state =
          handled === 'pending' ? 'recovering' : handled === 'restocked' ? 'unused' : 'invalid';
        if (handled !== 'pending') code.orderId = null;
        if (handled === 'discarded') code.invalidTime = time(handleMs);
        code.updateTime = time(handleMs);
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
          handleTime: handled === 'pending' ? null : time(handleMs),
          remark: handled === 'discarded' ? '券码已泄露，作废' : null,
          ...audit(refunded, handleMs),
        });
      }
    }
  }

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
      code.updateTime = code.invalidTime;
    }
    const expiring = batchOf(good, 'manual', start + 45 * DAY, time(now + 10 * DAY));
    for (let n = 0; n < 10 + Math.floor(rand() * 40); n++) newCode(expiring, 'unused', expiring.ms);
    const expired = batchOf(good, 'import', start + 5 * DAY, time(now - 2 * DAY));
    for (let n = 0; n < 8; n++) {
      const code = newCode(expired, 'expired', expired.ms);
      code.updateTime = expired.validEnd;
    }
  }

  // Balances. Prepaid ones (prepaid suppliers, goods' own quotas) open with about 40% of what
  // their orders will take, never overdraw, and are topped up when a charge would take them
  // below half their warning amount; a postpaid supplier's credit line opens at 0, owes what its
  // orders take and is settled on the 5th of each month; its limit is what it owed at most, and
  // half again.
  const keyOf = (owner: Owner) => owner.goodId ?? owner.supId;
  const charged = new Map<string, number>();
  for (const e of events)
    if (e.amount < 0) charged.set(keyOf(e.owner), (charged.get(keyOf(e.owner)) ?? 0) - e.amount);
  const accounts = new Map<string, Account>();
  const open = (owner: Owner, credit: boolean) => {
    const opening = credit
      ? 0
      : Math.max(10 * WAN, roundUp((charged.get(keyOf(owner)) ?? 0) * 0.4, WAN));
    accounts.set(keyOf(owner), {
      owner,
      credit,
      opening,
      warning: credit ? null : opening / 5,
      topUp: roundUp(opening / 2, WAN),
      balance: 0,
      lowest: 0,
      last: opened,
    });
    ledger(owner, opened, opening, 'init', owner.goodId ? '期初额度' : '期初余额');
  };
  for (const supId of supIds) open({ supId }, postpaid.has(supId));
  for (const goodId of ownQuota)
    open({ supId: goods.find((g) => g.id === goodId)!.supId, goodId }, false);
  const month = new Date(start);
  for (;;) {
    const fifth = new Date(month.getFullYear(), month.getMonth(), 5, 10, 0, 0).getTime();
    if (fifth > now) break;
    if (fifth > start)
      for (const supId of postpaid)
        events.push({
          owner: { supId },
          ms: fifth,
          amount: 0,
          changeType: 'add',
          reason: '月结付款',
          settle: true,
        });
    month.setDate(1);
    month.setMonth(month.getMonth() + 1);
  }

  const supLedger: Insertable<SupBalanceRecordTable>[] = [];
  const goodLedger: Insertable<SupGoodBalanceRecordTable>[] = [];
  const write = (account: Account, e: LedgerEvent, amount: number) => {
    account.balance += amount;
    account.lowest = Math.min(account.lowest, account.balance);
    account.last = e.ms;
    const row = {
      id: nextId(),
      tenantId,
      supId: e.owner.supId,
      changeType: e.changeType,
      amount,
      balanceAfter: account.balance,
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
  };
  // Time order, ties in the order they were made up (the sort is stable); ids increase with the
  // replay, so (createTime, id) reads the rows in the order their balances were computed.
  events.sort((a, b) => a.ms - b.ms);
  for (const e of events) {
    const account = accounts.get(keyOf(e.owner))!;
    if (e.settle) {
      if (account.balance < 0) write(account, e, -account.balance);
      continue;
    }
    const floor = (account.warning ?? 0) / 2;
    if (!account.credit && e.amount < 0 && account.balance + e.amount < floor) {
      const topUp = Math.max(account.topUp, roundUp(floor - account.balance - e.amount, WAN));
      const reason = e.owner.goodId ? '额度充值' : '预付充值';
      write(account, { owner: e.owner, ms: e.ms, amount: topUp, changeType: 'add', reason }, topUp);
    }
    write(account, e, e.amount);
  }

  // Write: balances (their final amounts equal the ledgers' sums by construction), then the rest.
  const supAccounts = supIds.map((supId) => accounts.get(supId)!);
  await insertAll(supAccounts, (chunk) =>
    db
      .insertInto('bladeSupBalanceTotal')
      .values(
        chunk.map((a) => ({
          id: nextId(),
          tenantId,
          supId: a.owner.supId,
          balance: a.balance,
          overdraftLimit: a.credit ? Math.max(SHI_WAN, roundUp(-a.lowest * 1.5, SHI_WAN)) : 0,
          warningAmount: a.warning,
          // Follows the supplier's settlement type: prepaid 1, postpaid 2 (授信).
          balanceType: a.credit ? 2 : 1,
          ...audit(opened, a.last),
        })),
      )
      .execute(),
  );
  await insertAll([...ownQuota], (chunk) =>
    db
      .insertInto('bladeSupGoodBalanceTotal')
      .values(
        chunk.map((goodId) => {
          const a = accounts.get(goodId)!;
          return {
            id: nextId(),
            tenantId,
            supId: a.owner.supId,
            goodId,
            balance: a.balance,
            overdraftLimit: 0,
            warningAmount: a.warning,
            balanceType: 2,
            ...audit(opened, a.last),
          };
        }),
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
        chunk.map((b) => ({
          id: b.id,
          tenantId,
          batchNo: b.cards ? cardBatchNoOf(b.id) : batchNoOf(b.id),
          supId: b.good.supId,
          goodId: b.good.id,
          source: b.source,
          totalCount: b.codes.length,
          validStart: b.cards ? null : time(b.ms),
          validEnd: b.cards ? null : b.validEnd,
          importId: null,
          fileName: b.source === 'import' ? `${b.good.goodCode}-券码.xlsx` : null,
          remark: b.remark,
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
