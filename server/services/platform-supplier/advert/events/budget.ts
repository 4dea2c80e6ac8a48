import { sql, type Kysely } from 'kysely';
import { adPlanLifecycle } from '../../../../../machines/lifecycles/ad-plan-machine.js';
import type { DB } from '../../../../db/schema.js';
import { ApiError } from '../../../../lib/errors.js';
import { moveRecord } from '../../../../lib/lifecycle-guard.js';
import { nowText } from '../../../../lib/time.js';

/**
 * A plan's budget (issue 28 item 3): used up when what it has spent (summed by the roll-up)
 * reaches its total budget, or today's cost (the day roll-up rows of today, server time) reaches
 * its daily budget. The roll-up pauses a running plan whose budget is used up (pause_reason
 * 'budget'); a resume is refused while it is still used up. A daily pause is resumed by hand
 * the next day (today's cost is then 0): the job never resumes a plan by itself.
 */
export interface PlanBudget {
  id: string;
  tenantId: string;
  spent: number | string;
  totalBudget: number | string;
  dailyBudget: number | string;
}

/** Today's cost of a plan (fen), from the day roll-up. */
export async function todaysCost(db: Kysely<DB>, tenantId: string, planId: string) {
  const row = await db
    .selectFrom('bladeAdRollupDay')
    .select((eb) => eb.fn.sum<string | number>('cost').as('cost'))
    .where('tenantId', '=', tenantId)
    .where('planId', '=', planId)
    .where('bucket', '=', nowText().slice(0, 10))
    .executeTakeFirst();
  return Number(row?.cost ?? 0);
}

/** Whether the plan's total or today's budget is used up. */
export async function budgetUsedUp(db: Kysely<DB>, plan: PlanBudget): Promise<boolean> {
  if (Number(plan.spent) >= Number(plan.totalBudget)) return true;
  return (await todaysCost(db, plan.tenantId, plan.id)) >= Number(plan.dailyBudget);
}

/**
 * Pauses the running plans of `planIds` (one tenant's) whose budget is used up, through the ad
 * plan machine (`pause`, version bump, pause_reason 'budget'). Answers the ids paused. A plan
 * moved meanwhile by someone else (paused, ended) is left as it is.
 */
export async function pauseExhausted(
  db: Kysely<DB>,
  tenantId: string,
  planIds: readonly string[],
): Promise<string[]> {
  if (planIds.length === 0) return [];
  const plans = await db
    .selectFrom('bladeAdPlan')
    .select(['id', 'tenantId', 'state', 'spent', 'totalBudget', 'dailyBudget'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', [...planIds])
    .where('state', '=', 'running')
    .orderBy('id')
    .execute();
  const paused: string[] = [];
  for (const plan of plans) {
    if (!(await budgetUsedUp(db, plan))) continue;
    try {
      await moveRecord(
        adPlanLifecycle,
        'pause',
        () =>
          db
            .selectFrom('bladeAdPlan')
            .select(['id', 'state'])
            .where('tenantId', '=', tenantId)
            .where('id', '=', plan.id)
            .executeTakeFirst(),
        async (row, next) => {
          const result = await db
            .updateTable('bladeAdPlan')
            .set({
              state: next,
              pauseFlag: 1,
              pauseReason: 'budget',
              updateTime: nowText(),
              version: sql<number>`version + 1`,
            })
            .where('id', '=', row.id)
            .where('tenantId', '=', tenantId)
            .where('state', '=', row.state)
            .executeTakeFirst();
          return Number(result.numUpdatedRows) === 1;
        },
      );
      paused.push(plan.id);
    } catch (err) {
      // 409: the plan is no longer running (paused or ended by hand meanwhile): nothing to do.
      if (!(err instanceof ApiError)) throw err;
    }
  }
  return paused;
}
