import { sql, type Kysely } from 'kysely';
import { workflowTaskLifecycle } from '../../../../machines/lifecycles/workflow-task-machine.js';
import type { AuthUser } from '../../../auth/index.js';
import type { DB } from '../../../db/schema.js';
import { nextId } from '../../../lib/ids.js';
import { transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { insertAudit } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';
import { assign, rulesOf } from './assign.js';
import { activityType, type StepResult } from './machine.js';
import type { DefinitionRow, InstanceRow } from './runner.js';

/**
 * What a step of an instance writes besides the instance row (engine/runner.ts runs the step and
 * calls `writeEffects` inside its transaction, after the instance's conditional update): the
 * completed task, the history, the tasks of the new waits, the timers and the business hooks.
 */

export const OPEN = ['candidate', 'assigned'] as const;
const DONE = transitionOrConflict(workflowTaskLifecycle, 'assigned', 'complete');
export const CANCELLED = transitionOrConflict(workflowTaskLifecycle, 'assigned', 'cancel');

/** Business hooks, keyed by the business key's table (`blade_process_leave:<id>`). */
export interface ProcessHooks {
  onTaskDone?(
    trx: Kysely<DB>,
    event: {
      instance: InstanceRow;
      task: { activityId: string };
      outcome: string;
      comment: string;
    },
  ): Promise<void>;
  onEnd?(trx: Kysely<DB>, event: { instance: InstanceRow }): Promise<void>;
  /** The instance was deleted (with a reason) or its deployment removed. */
  onCancel?(trx: Kysely<DB>, event: { instance: InstanceRow; reason: string }): Promise<void>;
}

const hooks = new Map<string, ProcessHooks>();

export function registerProcessHook(table: string, processHooks: ProcessHooks): void {
  hooks.set(table, processHooks);
}

export const hooksOf = (instance: { businessKey: string | null }) =>
  instance.businessKey ? hooks.get(instance.businessKey.split(':')[0]!) : undefined;

/** The business record's id of a business key ('blade_process_leave:<id>' -> '<id>'). */
export const businessIdOf = (businessKey: string | null) =>
  businessKey?.includes(':') ? businessKey.slice(businessKey.indexOf(':') + 1) : '';

/** A step whose conditional write found the row moved on (another process stepped first). */
export class StaleStep extends Error {}

/** The step's own change besides the engine's: the task it completes. */
export interface Completion {
  taskId: string;
  taskVersion: number;
  activityId: string;
  user: AuthUser;
  outcome: 'approve' | 'reject';
  comment: string;
}

/** A history row of this step, written once the step's tasks have named their assignees. */
interface FreshHistory {
  id: string;
  activityId: string;
  row: Record<string, unknown>;
}

/**
 * Writes what a step caused (inside its transaction, after the instance's conditional update):
 * the completed task, history, tasks, timers and the business hooks.
 */
export async function writeEffects(
  trx: Kysely<DB>,
  instance: InstanceRow,
  def: DefinitionRow,
  result: StepResult,
  completion: Completion | undefined,
): Promise<void> {
  const now = nowText();
  if (completion) await closeCompletedTask(trx, instance, completion, now);
  const fresh = await historyOfStep(trx, instance, result, now);
  await syncTasks(trx, instance, def, result, fresh, now);
  if (fresh.length > 0)
    await trx
      .insertInto('bladeFlowHistory')
      .values(fresh.map((f) => f.row) as never)
      .execute();

  await syncTimers(trx, instance, result);
  await runHooks(trx, instance, result, completion);
}

/**
 * The completed task: done, conditional on its state and version (a claim or another
 * completion in between loses the whole step); its history row carries the outcome.
 */
async function closeCompletedTask(
  trx: Kysely<DB>,
  instance: InstanceRow,
  completion: Completion,
  now: string,
): Promise<void> {
  const done = await trx
    .updateTable('bladeFlowTask')
    .set({
      state: DONE,
      endTime: now,
      outcome: completion.outcome,
      comment: completion.comment,
      updateUser: completion.user.userId,
      updateTime: now,
      version: sql<number>`version + 1`,
    })
    .where('id', '=', completion.taskId)
    .where('state', '=', 'assigned')
    .where('assignee', '=', completion.user.userId)
    .where('version', '=', completion.taskVersion)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new StaleStep();
  await trx
    .updateTable('bladeFlowHistory')
    .set({
      assignee: completion.user.userId,
      outcome: completion.outcome,
      comment: completion.comment,
    })
    .where('instanceId', '=', instance.id)
    .where('activityId', '=', completion.activityId)
    .where('endTime', 'is', null)
    .execute();
}

/** The step's history: new rows for the activities entered, ends for those left. */
async function historyOfStep(
  trx: Kysely<DB>,
  instance: InstanceRow,
  result: StepResult,
  now: string,
): Promise<FreshHistory[]> {
  const tenantId = instance.tenantId;
  // History: activities entered get a row (in order), activities left close their open row.
  const last = await trx
    .selectFrom('bladeFlowHistory')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('instanceId', '=', instance.id)
    .executeTakeFirst();
  let seq = Number(last?.seq ?? 0);
  const fresh: FreshHistory[] = [];
  for (const event of result.events) {
    if (event.kind === 'start') {
      const row = {
        id: nextId(),
        tenantId,
        instanceId: instance.id,
        activityId: event.activityId,
        activityName: event.name?.slice(0, 100) ?? null,
        activityType: activityType(event.type).slice(0, 40),
        assignee: null,
        startTime: now,
        endTime: null as string | null,
        outcome: null,
        comment: null,
        seq: ++seq,
      };
      fresh.push({ id: row.id, activityId: event.activityId, row });
    } else {
      const open = [...fresh]
        .reverse()
        .find((f) => f.activityId === event.activityId && f.row.endTime === null);
      if (open) open.row.endTime = now;
      else
        await trx
          .updateTable('bladeFlowHistory')
          .set({ endTime: now })
          .where('instanceId', '=', instance.id)
          .where('activityId', '=', event.activityId)
          .where('endTime', 'is', null)
          .execute();
    }
  }

  // An activity left without ending (a boundary event whose task completed first) is no longer
  // current: its row is dropped (it never happened); any other open row no longer current ends.
  const current = new Set(result.current);
  const left = (type: string) => type === 'boundaryEvent';
  for (let i = fresh.length - 1; i >= 0; i--) {
    const f = fresh[i]!;
    if (f.row.endTime !== null || current.has(f.activityId)) continue;
    if (left(String(f.row.activityType))) fresh.splice(i, 1);
    else f.row.endTime = now;
  }
  const stale = (
    await trx
      .selectFrom('bladeFlowHistory')
      .select(['id', 'activityId', 'activityType'])
      .where('instanceId', '=', instance.id)
      .where('endTime', 'is', null)
      .execute()
  ).filter((h) => !current.has(h.activityId));
  const dropped = stale.filter((h) => left(h.activityType)).map((h) => h.id);
  const ended = stale.filter((h) => !left(h.activityType)).map((h) => h.id);
  if (dropped.length > 0)
    await trx.deleteFrom('bladeFlowHistory').where('id', 'in', dropped).execute();
  if (ended.length > 0)
    await trx
      .updateTable('bladeFlowHistory')
      .set({ endTime: now })
      .where('id', 'in', ended)
      .execute();

  return fresh;
}

/** Tasks: a wait with no open task becomes one; an open task no longer waited on is cancelled. */
async function syncTasks(
  trx: Kysely<DB>,
  instance: InstanceRow,
  def: DefinitionRow,
  result: StepResult,
  fresh: FreshHistory[],
  now: string,
): Promise<void> {
  const tenantId = instance.tenantId;
  const open = await trx
    .selectFrom('bladeFlowTask')
    .select(['id', 'activityId'])
    .where('instanceId', '=', instance.id)
    .where('state', 'in', OPEN)
    .execute();
  const waiting = new Set(result.waits.map((w) => w.activityId));
  const gone = open.filter((t) => !waiting.has(t.activityId)).map((t) => t.id);
  if (gone.length > 0)
    await trx
      .updateTable('bladeFlowTask')
      .set({ state: CANCELLED, endTime: now, updateTime: now, version: sql<number>`version + 1` })
      .where('id', 'in', gone)
      .execute();
  const variables = result.state.variables;
  for (const wait of result.waits) {
    if (open.some((t) => t.activityId === wait.activityId)) continue;
    const rule = rulesOf(def.assignments, wait.activityId);
    const { assignee, candidates } = await assign(
      trx,
      tenantId,
      rule,
      variables,
      instance.startedBy,
    );
    const id = nextId();
    await trx
      .insertInto('bladeFlowTask')
      .values({
        id,
        tenantId,
        instanceId: instance.id,
        definitionId: def.id,
        activityId: wait.activityId,
        name: (rule.name ?? wait.name).slice(0, 100),
        state: assignee ? 'assigned' : 'candidate',
        assignee,
        claimTime: null,
        endTime: null,
        outcome: null,
        comment: null,
        ...insertAudit(null, now),
        version: 1,
      })
      .execute();
    if (candidates.length > 0)
      await trx
        .insertInto('bladeFlowTaskCandidate')
        .values(candidates.map((c) => ({ taskId: id, kind: c.kind, refId: c.refId })))
        .execute();
    const entered = [...fresh]
      .reverse()
      .find((f) => f.activityId === wait.activityId && f.row.endTime === null);
    if (entered && assignee) entered.row.assignee = assignee;
  }
}

/**
 * Timers: those armed now wait (due times kept); a waiting one not armed again fired (due) or
 * was cancelled (its activity was left some other way).
 */
async function syncTimers(trx: Kysely<DB>, instance: InstanceRow, result: StepResult) {
  const tenantId = instance.tenantId;
  const timers = await trx
    .selectFrom('bladeFlowTimer')
    .select(['id', 'activityId', 'dueAt'])
    .where('instanceId', '=', instance.id)
    .where('state', '=', 'waiting')
    .execute();
  const armed = new Map(result.timers.map((t) => [t.activityId, t.dueAt]));
  const nowMs = Date.now();
  for (const t of timers) {
    if (armed.has(t.activityId)) {
      armed.delete(t.activityId);
      continue;
    }
    await trx
      .updateTable('bladeFlowTimer')
      .set({ state: Number(t.dueAt) <= nowMs ? 'fired' : 'cancelled' })
      .where('id', '=', t.id)
      .where('state', '=', 'waiting')
      .execute();
  }
  for (const [activityId, dueAt] of armed)
    await trx
      .insertInto('bladeFlowTimer')
      .values({
        id: nextId(),
        tenantId,
        instanceId: instance.id,
        activityId,
        dueAt,
        state: 'waiting',
        claimedBy: null,
        claimedUntil: null,
      })
      .execute();
}

async function runHooks(
  trx: Kysely<DB>,
  instance: InstanceRow,
  result: StepResult,
  completion: Completion | undefined,
): Promise<void> {
  const hook = hooksOf(instance);
  if (completion && hook?.onTaskDone)
    await hook.onTaskDone(trx, {
      instance,
      task: { activityId: completion.activityId },
      outcome: completion.outcome,
      comment: completion.comment,
    });
  if (result.completed && hook?.onEnd) await hook.onEnd(trx, { instance });
}
