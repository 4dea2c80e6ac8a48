import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { adPlanLifecycle } from '../../../../machines/lifecycles/ad-plan-machine.js';
import { refusedMessage } from '../../../../machines/lifecycles/lifecycle.js';
import {
  AD_PLAN_CALLS,
  AD_PLAN_CODES,
  adPlanContract,
  PAUSE_FLAG_EVENTS,
  PLAN_STATUS_EVENTS,
} from '../../../../src/contracts/platform-ad/ad-plan.js';
import { AD_EVENT_REFUSALS } from '../../../../src/contracts/platform-ad/ad-event.js';
import { ADVERT, ADVERT_REFUSALS, idsOf } from '../../../../src/contracts/platform-ad/advert.js';
import { perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { moveRecord } from '../../../lib/lifecycle-guard.js';
import { requiredParam } from '../../../lib/params.js';
import { defineContractTable, tableRoutes, type TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { callOf } from '../../shared/call.js';
import { assertIds, dayInput, idListInput } from './common.js';
import { budgetUsedUp } from './events/budget.js';
import { alsoServedAs, text } from './served.js';

const { fields } = adPlanContract;
/** The states a plan's fields may change in. */
const EDITABLE = ['draft', 'paused'];
/** The states a plan may be removed in. */
const REMOVABLE = ['draft', 'ended'];

async function planRow(call: Pick<TableCall, 'db' | 'user'>, id: string) {
  return call.db
    .selectFrom('bladeAdPlan')
    .selectAll()
    .where('tenantId', '=', call.user.tenantId)
    .where('isDeleted', '=', 0)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * `advert/plan` (/ad/advertisingPlan): list, add/set, get, del and exportReport by the engine; the
 * checks of budgets, period, bid and the chosen records before a save; only a draft or paused
 * plan changes, only a draft or ended one is removed (else 409 naming its state).
 */
export const planTable = defineContractTable({
  contract: adPlanContract,
  table: 'bladeAdPlan',
  scope: 'tenant',
  versioned: true,
  readers: ['advertising'],
  defaultOrder: { createTime: 'desc', id: 'desc' },
  readColumns: ['state', 'pauseFlag', 'pauseReason', 'spent'],
  fieldInputs: {
    materialIds: idListInput(fields.materialIds.required.zh),
    positionIds: idListInput(fields.positionIds.required.zh),
    lotIds: idListInput(),
    startDate: dayInput(fields.startDate.required.zh),
    endDate: dayInput(fields.endDate.required.zh),
  },
  beforeSave: async (call, input, id) => {
    if (id) {
      const plan = await planRow(call, id);
      if (!plan) throw notFound();
      if (!EDITABLE.includes(plan.state))
        throw conflict(refusedMessage(adPlanLifecycle, plan.state));
    }
    if (input.endDate < input.startDate) throw badRequest(`endDate:${ADVERT_REFUSALS.period.zh}`);
    if (input.dailyBudget > input.totalBudget)
      throw badRequest(`dailyBudget:${ADVERT_REFUSALS.dailyOverTotal.zh}`);
    if (input.bid > input.dailyBudget) throw badRequest(`bid:${ADVERT_REFUSALS.bidOverDaily.zh}`);
    await assertIds(call, 'bladeAdMaterial', idsOf(input.materialIds), 'materialIds');
    const positions = idsOf(input.positionIds);
    await assertIds(call, 'bladeAdPosition', positions, 'positionIds');
    await assertIds(call, 'bladeParkLot', idsOf(input.lotIds), 'lotIds');
    const floor = await call.db
      .selectFrom('bladeAdPosition')
      .select((eb) => eb.fn.max('floorPrice').as('floor'))
      .where('tenantId', '=', call.user.tenantId)
      .where('id', 'in', positions)
      .executeTakeFirst();
    if (input.bid < Number(floor?.floor ?? 0))
      throw badRequest(`bid:${ADVERT_REFUSALS.bidUnderFloor.zh}`);
  },
  beforeRemove: async (call, ids) => {
    const held = await call.db
      .selectFrom('bladeAdPlan')
      .select('state')
      .where('tenantId', '=', call.user.tenantId)
      .where('id', 'in', ids)
      .where('state', 'not in', REMOVABLE)
      .executeTakeFirst();
    if (held) throw conflict(refusedMessage(adPlanLifecycle, held.state));
  },
});

/** Moves plan `id` by `event` (the machine decides; a lost race is decided again). */
async function movePlan(
  call: TableCall,
  id: string,
  event: (typeof adPlanLifecycle.events)[number],
) {
  const { to } = await moveRecord(
    adPlanLifecycle,
    event,
    () => planRow(call, id),
    async (row, next) => {
      if (event === 'start' && row.endDate < nowText().slice(0, 10))
        throw conflict(ADVERT_REFUSALS.periodOver.zh);
      // A plan whose budget is used up would be paused again by the roll-up at once.
      if (event === 'resume' && (await budgetUsedUp(call.db, row)))
        throw conflict(AD_EVENT_REFUSALS.budgetUsed.zh);
      const result = await call.db
        .updateTable('bladeAdPlan')
        .set({
          state: next,
          pauseFlag: next === 'paused' ? 1 : 0,
          pauseReason: next === 'paused' ? 'manual' : null,
          updateUser: call.user.userId,
          updateTime: nowText(),
          version: sql<number>`version + 1`,
        })
        .where('id', '=', row.id)
        .where('tenantId', '=', call.user.tenantId)
        .where('state', '=', row.state)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  );
  return to;
}

const PLAN_ANSWER = text('{id, state, pauseFlag}', '{id, state, pauseFlag}');

export default async function planRoutes(app: FastifyInstance): Promise<void> {
  await app.register(tableRoutes(planTable));
  await app.register(alsoServedAs(planTable, AD_PLAN_CALLS.set));
  const base = `/api/${ADVERT}/plan`;
  const pathValue = (request: FastifyRequest, name: string) =>
    (request.params as Record<string, string>)[name] ?? '';

  app.post(
    `${base}/setPlanStatus/:id/:status`,
    {
      config: {
        access: perm(AD_PLAN_CODES.status),
        doc: {
          summary: text(
            '设置投放状态：running 开始投放（草稿），ended 结束投放（投放中或已暂停）',
            'Set the state: running starts a draft, ended ends a running or paused plan',
          ),
          response: PLAN_ANSWER,
        },
      },
    },
    async (request) => {
      const status = pathValue(request, 'status');
      if (!Object.hasOwn(PLAN_STATUS_EVENTS, status))
        throw badRequest(`status:${ADVERT_REFUSALS.status.zh}`);
      const event = PLAN_STATUS_EVENTS[status as keyof typeof PLAN_STATUS_EVENTS];
      const to = await movePlan(callOf(app, request), pathValue(request, 'id'), event);
      return ok({ id: pathValue(request, 'id'), state: to, pauseFlag: 0 }, '操作成功');
    },
  );

  app.post(
    `${base}/setPlanPauseFlag/:id/:pauseFlag`,
    {
      config: {
        access: perm(AD_PLAN_CODES.pause),
        doc: {
          summary: text(
            '暂停（1，投放中的计划）或恢复（0，已暂停的计划）投放',
            'Pause (1, a running plan) or resume (0, a paused plan)',
          ),
          response: PLAN_ANSWER,
        },
      },
    },
    async (request) => {
      const flag = pathValue(request, 'pauseFlag');
      if (!Object.hasOwn(PAUSE_FLAG_EVENTS, flag))
        throw badRequest(`pauseFlag:${ADVERT_REFUSALS.pauseFlag.zh}`);
      const event = PAUSE_FLAG_EVENTS[flag as keyof typeof PAUSE_FLAG_EVENTS];
      const to = await movePlan(callOf(app, request), pathValue(request, 'id'), event);
      return ok({ id: pathValue(request, 'id'), state: to, pauseFlag: to === 'paused' ? 1 : 0 });
    },
  );

  app.post(
    `/api/${AD_PLAN_CALLS.copy}`,
    {
      config: {
        access: perm(AD_PLAN_CODES.copy),
        doc: {
          summary: text('复制计划为新的草稿', 'Copy a plan as a new draft'),
          query: [{ name: 'id', type: 'string', required: true }],
          response: text('{id}：新计划的id', '{id}: the new plan'),
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const row = await planRow(call, requiredParam(request, 'id'));
      if (!row) throw notFound();
      const id = nextId();
      await call.db
        .insertInto('bladeAdPlan')
        .values({
          ...row,
          id,
          planName: `${row.planName}-副本`.slice(0, 100),
          state: 'draft',
          pauseFlag: 0,
          spent: 0,
          pauseReason: null,
          version: 1,
          createUser: call.user.userId,
          createTime: nowText(),
          updateUser: null,
          updateTime: null,
        })
        .execute();
      return ok({ id }, '复制成功');
    },
  );
}
