import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { nextId } from '../../lib/ids.js';
import { nowText } from '../../lib/time.js';
import { changeBalance } from './balance/ledger.js';
import { sealedCode } from './coupon-code/code-crypto.js';

/**
 * Rows the supplier service's tests start from, written straight to the database (the routes
 * under test are not the ones that create them). One place, so a new column changes one file.
 */

const audit = () => ({
  createUser: null,
  createDept: null,
  createTime: nowText(),
  updateUser: null,
  updateTime: null,
  status: 1,
  isDeleted: 0,
});

/** A sandbox supplier; `endpoint` 'sandbox://?latency=..&failureRate=..' tunes its driver. */
export async function insertSupplier(
  db: Kysely<DB>,
  tenantId: string,
  supCode: string,
  endpoint: string | null = null,
): Promise<string> {
  const id = nextId();
  await db
    .insertInto('bladeSup')
    .values({
      id,
      tenantId,
      supCode,
      supName: `供应商${supCode}`,
      shortName: null,
      contactName: null,
      contactPhone: null,
      settlementType: 1,
      supplyType: 1,
      driver: 'sandbox',
      interfaceEndpoint: endpoint,
      interfaceKey: null,
      interfaceSecret: null,
      remark: null,
      ...audit(),
    })
    .execute();
  return id;
}

/** A coupon-code good on the shelf; amounts in fen. */
export async function insertGood(
  db: Kysely<DB>,
  tenantId: string,
  supId: string,
  goodCode: string,
  { marketAmount = 5000, costPrice = 4500, goodType = 1 } = {},
): Promise<string> {
  const id = nextId();
  await db
    .insertInto('bladeSupGood')
    .values({
      id,
      tenantId,
      supId,
      goodCode,
      goodName: `商品${goodCode}`,
      goodType,
      marketAmount,
      costPrice,
      validDays: null,
      validEnd: null,
      onShelf: 1,
      stockWarn: null,
      validTimeWarn: null,
      interfaceGoodCode: null,
      signMethod: null,
      remark: null,
      ...audit(),
    })
    .execute();
  return id;
}

/** A batch of unused codes `${prefix}-0001`...; answers the batch id and the plain codes. */
export async function insertCodes(
  ctx: Pick<AppContext, 'db' | 'jwtSecret'>,
  tenantId: string,
  supId: string,
  goodId: string,
  count: number,
  {
    prefix = `C${nextId().slice(-6)}`,
    validEnd = '2099-12-31 23:59:59',
    state = 'unused',
    plain = undefined as readonly string[] | undefined,
  } = {},
): Promise<{ batchId: string; codes: string[] }> {
  const batchId = nextId();
  await ctx.db
    .insertInto('bladeSupBatchCouponCode')
    .values({
      id: batchId,
      tenantId,
      batchNo: `B${batchId}`,
      supId,
      goodId,
      source: 'import',
      totalCount: count,
      validStart: null,
      validEnd,
      importId: null,
      fileName: null,
      remark: null,
      ...audit(),
    })
    .execute();
  // `plain`: these exact codes (e.g. the sandbox driver's SBX + 16 digits) instead of prefixed ones.
  const codes = plain
    ? [...plain]
    : Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(4, '0')}`);
  for (let i = 0; i < codes.length; i += 200) {
    await ctx.db
      .insertInto('bladeSupCouponCode')
      .values(
        codes.slice(i, i + 200).map((code) => ({
          id: nextId(),
          tenantId,
          batchId,
          supId,
          goodId,
          ...sealedCode(ctx, code),
          validStart: null,
          validEnd,
          state,
          orderId: null,
          issueTime: null,
          usedTime: null,
          invalidTime: null,
          ...audit(),
        })),
      )
      .execute();
  }
  return { batchId, codes };
}

/** A supplier balance of `balance` fen (an 'init' ledger row) that may go `overdraftLimit` below 0. */
export async function insertBalance(
  db: Kysely<DB>,
  tenantId: string,
  supId: string,
  balance: number,
  overdraftLimit = 0,
): Promise<void> {
  await db
    .insertInto('bladeSupBalanceTotal')
    .values({
      id: nextId(),
      tenantId,
      supId,
      balance: 0,
      overdraftLimit,
      warningAmount: null,
      balanceType: 1,
      ...audit(),
    })
    .execute();
  await changeBalance(db, {
    tenantId,
    owner: { kind: 'supplier', supId },
    amount: balance,
    changeType: 'init',
    reason: 'test',
  });
}
