import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import {
  pricePlanLifecycle,
  type PricePlanState,
} from '../../../../machines/lifecycles/price-plan-machine.js';
import { refusedMessage } from '../../../../machines/lifecycles/lifecycle.js';
import { fenToYuan, parseYuanOrOver } from '../../../../src/contracts/money.js';
import {
  PLAN_REMARK_MAX,
  PRICE_PLAN_EDITABLE,
  PRICE_PLAN_REFUSALS as R,
  pricePlanContract,
  VOID_REASON_MAX,
} from '../../../../src/contracts/platform-client/price-plan.js';
import { blank, refMessage } from '../../../../src/contracts/resource-contract.js';
import type { AppContext } from '../../../context.js';
import type { DB, PricePlanTable } from '../../../db/schema.js';
import { badInput, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { moveRecord } from '../../../lib/lifecycle-guard.js';
import { STALE_VERSION } from '../../../lib/records.js';
import { formatDateTime, nowText, parseDateTime } from '../../../lib/time.js';

/**
 * The operator's side of price plans (issue 27 item 7): create (timing/modification), change a
 * pending plan (update/plan, version-checked) and void one (to-void). Each write is a conditional
 * update on the plan's state (and version), so it cannot cross the scheduler applying the same
 * plan: of the two, one wins and the other finds the state the winner left (409 naming it).
 */

export type PricePlanRow = Selectable<PricePlanTable>;
type Ctx = Pick<AppContext, 'db' | 'now'>;

/** Where every plan starts. */
export const PENDING: PricePlanState = 'pending';

const { fields } = pricePlanContract;
const id = z.string({ error: R.id.zh }).trim().min(1, R.id.zh).max(32, R.id.zh);
const remark = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? null : v),
  z.string().trim().max(PLAN_REMARK_MAX, `长度不能超过${PLAN_REMARK_MAX}个字符`).nullable(),
);
/**
 * The new price in fen: missing is "please enter", anything else that is not an amount of 0.01 to
 * the bound with at most 2 decimals is the range's message (the engine's money check would call
 * '1.234' missing).
 */
const price = fields.newPrice.range.message.zh;
const newPrice = z.preprocess(
  (v) => (blank(v) ? undefined : (parseYuanOrOver(v) ?? Number.NaN)),
  z
    .number({ error: (i) => (i.input === undefined ? fields.newPrice.required.zh : price) })
    .int(price)
    .min(fields.newPrice.range.min, price)
    .max(fields.newPrice.range.max, price),
);
/** The new price, its time as the contract checks it, and a remark. */
const planFields = pricePlanContract.input.pick({ effectiveTime: true }).extend({
  newPrice,
  remark,
});

export const createBody = planFields.extend({
  productId: z
    .string({ error: fields.productId.required.zh })
    .trim()
    .min(1, fields.productId.required.zh)
    .max(32, refMessage(fields.productId).zh),
});
export const updateBody = planFields.extend({
  id,
  version: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
    z.number().int().optional(),
  ),
});
export const voidBody = z.object({
  id,
  reason: z
    .string({ error: R.reason.zh })
    .trim()
    .min(1, R.reason.zh)
    .max(VOID_REASON_MAX, R.reasonLong.zh),
});

/** The server's clock as a stored time ('yyyy-MM-dd HH:mm:ss'). */
export const clockText = (ctx: Pick<AppContext, 'now'>, plusSeconds = 0) =>
  formatDateTime(new Date((ctx.now() + plusSeconds) * 1000));

/** A real 'yyyy-MM-dd HH:mm:ss' at least one second after now, else the field's 400. */
function futureTime(ctx: Ctx, value: string): string {
  const time = value.length === 19 ? parseDateTime(value) : undefined;
  if (!time) throw badInput(`effectiveTime:${R.effectiveTime.zh}`);
  if (time < clockText(ctx, 1)) throw badInput(`effectiveTime:${R.past.zh}`);
  return time;
}

/** A plan as the job calls answer it (prices in yuan). */
export const presentPlan = (row: PricePlanRow) => ({
  id: row.id,
  productId: row.productId,
  oldPrice: fenToYuan(Number(row.oldPrice)),
  newPrice: fenToYuan(Number(row.newPrice)),
  effectiveTime: row.effectiveTime,
  state: row.state,
  appliedTime: row.appliedTime,
  appliedPrice: row.appliedPrice === null ? null : fenToYuan(Number(row.appliedPrice)),
  remark: row.remark,
  version: Number(row.version),
});

export async function planRow(db: Kysely<DB>, tenantId: string, planId: string) {
  const row = await db
    .selectFrom('bladePricePlan')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', planId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return row && { ...row, version: Number(row.version) };
}

interface Caller {
  tenantId: string;
  userId: string | null;
}

/** timing/modification: a pending plan for a live product of the caller's tenant. */
export async function createPlan(ctx: Ctx, who: Caller, body: z.infer<typeof createBody>) {
  const effectiveTime = futureTime(ctx, body.effectiveTime);
  const product = await ctx.db
    .selectFrom('bladePsclientProduct')
    .select(['id', 'salePrice'])
    .where('tenantId', '=', who.tenantId)
    .where('id', '=', body.productId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!product) throw badInput(`productId:${refMessage(fields.productId).zh}`);
  const planId = nextId();
  const now = nowText();
  await ctx.db
    .insertInto('bladePricePlan')
    .values({
      id: planId,
      tenantId: who.tenantId,
      productId: product.id,
      oldPrice: Number(product.salePrice),
      newPrice: body.newPrice,
      effectiveTime,
      state: PENDING,
      appliedTime: null,
      appliedPrice: null,
      voidUser: null,
      voidTime: null,
      voidReason: null,
      remark: body.remark,
      createUser: who.userId,
      createDept: null,
      createTime: now,
      updateUser: null,
      updateTime: null,
      status: 1,
      isDeleted: 0,
      version: 1,
    })
    .execute();
  return presentPlan((await planRow(ctx.db, who.tenantId, planId))!);
}

/** update/plan: a new price, time and remark for a plan that may still apply. */
export async function updatePlan(ctx: Ctx, who: Caller, body: z.infer<typeof updateBody>) {
  const effectiveTime = futureTime(ctx, body.effectiveTime);
  const current = await planRow(ctx.db, who.tenantId, body.id);
  if (!current) throw notFound();
  let q = ctx.db
    .updateTable('bladePricePlan')
    .set({
      newPrice: body.newPrice,
      effectiveTime,
      remark: body.remark,
      updateUser: who.userId,
      updateTime: nowText(),
      version: sql<number>`version + 1`,
    })
    .where('tenantId', '=', who.tenantId)
    .where('id', '=', body.id)
    .where('isDeleted', '=', 0)
    .where('state', 'in', PRICE_PLAN_EDITABLE);
  if (body.version !== undefined) q = q.where('version', '=', body.version);
  const changed = await q.executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) {
    // Read again: the state (applied or voided meanwhile) is the refusal, else the version.
    const now = await planRow(ctx.db, who.tenantId, body.id);
    if (!now) throw notFound();
    if (!PRICE_PLAN_EDITABLE.includes(now.state))
      throw conflict(refusedMessage(pricePlanLifecycle, now.state));
    throw conflict(STALE_VERSION);
  }
  return presentPlan((await planRow(ctx.db, who.tenantId, body.id))!);
}

/** to-void: pending -> void with the operator's reason. */
export async function voidPlan(ctx: Ctx, who: Caller, body: z.infer<typeof voidBody>) {
  const now = nowText();
  await moveRecord(
    pricePlanLifecycle,
    'void',
    () => planRow(ctx.db, who.tenantId, body.id),
    async (row, to) =>
      Number(
        (
          await ctx.db
            .updateTable('bladePricePlan')
            .set({
              state: to,
              voidUser: who.userId,
              voidTime: now,
              voidReason: body.reason,
              updateUser: who.userId,
              updateTime: now,
              version: sql<number>`version + 1`,
            })
            .where('tenantId', '=', who.tenantId)
            .where('id', '=', row.id)
            .where('state', '=', row.state)
            .where('isDeleted', '=', 0)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1,
  );
  return presentPlan((await planRow(ctx.db, who.tenantId, body.id))!);
}
