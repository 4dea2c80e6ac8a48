import { sql, type Kysely, type Selectable } from 'kysely';
import { workflowTaskLifecycle } from '../../../../machines/lifecycles/workflow-task-machine.js';
import { FLOW_MESSAGES } from '../../../../src/contracts/blade-flow/task.js';
import type { AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import type { DB, FlowDefinitionTable, FlowInstanceTable } from '../../../db/schema.js';
import { ApiError, conflict, forbidden, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { insertAudit } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';
import { assign, rulesOf } from './assign.js';
import type { FlowVariables } from './expressions.js';
import {
  activityType,
  runStep as runEngineStep,
  type Drive,
  type SavedState,
  type StepResult,
} from './machine.js';

/**
 * The workflow runner (issue 29 item 3): every step of an instance (start, complete a task, fire
 * a timer) builds an engine from the saved state (machine.ts), runs it until it waits, and writes
 * EVERYTHING the step caused in ONE transaction conditional on the instance's `version`: the
 * engine state, version + 1, the current activities, the end, the task rows (new waits become
 * tasks by the assignment rules; the completed one done), the history rows, the timer rows and
 * the business hook. A step that lost the race (another process stepped the instance first) is
 * run once more from the fresh row, then answered 409. A crash before the commit leaves the
 * previous step whole; no engine is kept between steps.
 */

export type InstanceRow = Selectable<FlowInstanceTable>;
export type DefinitionRow = Selectable<FlowDefinitionTable>;

const OPEN = ['candidate', 'assigned'] as const;
const DONE = transitionOrConflict(workflowTaskLifecycle, 'assigned', 'complete');
const CANCELLED = transitionOrConflict(workflowTaskLifecycle, 'assigned', 'cancel');

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

const hooksOf = (instance: { businessKey: string | null }) =>
  instance.businessKey ? hooks.get(instance.businessKey.split(':')[0]!) : undefined;

/** The business record's id of a business key ('blade_process_leave:<id>' -> '<id>'). */
export const businessIdOf = (businessKey: string | null) =>
  businessKey?.includes(':') ? businessKey.slice(businessKey.indexOf(':') + 1) : '';

class StaleStep extends Error {}

/**
 * The engine's step; a failure of the model itself (no flow of a gateway taken, an expression
 * the check let through failing at run time) is a 409 with a clear message, nothing written.
 */
async function runStep(input: Parameters<typeof runEngineStep>[0]): Promise<StepResult> {
  try {
    return await runEngineStep(input);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw conflict(FLOW_MESSAGES.engineFailed.zh);
  }
}

/** What the runner needs of the server: its database (the demo seed passes its transaction). */
export type FlowContext = Pick<AppContext, 'db'>;

/** Runs `work` in a transaction, or in the caller's when `db` already is one (the demo seed). */
const atomically = <T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/** The step's own change besides the engine's: the task it completes. */
interface Completion {
  taskId: string;
  taskVersion: number;
  activityId: string;
  user: AuthUser;
  outcome: 'approve' | 'reject';
  comment: string;
}

function parseSaved(text: string): SavedState {
  return JSON.parse(text) as SavedState;
}

export async function loadDefinition(
  db: Kysely<DB>,
  tenantId: string,
  id: string,
): Promise<DefinitionRow> {
  const def = await db
    .selectFrom('bladeFlowDefinition')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!def) throw notFound();
  return def;
}

export async function loadInstance(
  db: Kysely<DB>,
  tenantId: string,
  id: string,
): Promise<InstanceRow> {
  const row = await db
    .selectFrom('bladeFlowInstance')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Whether the user may start a definition (starters: both lists empty = anyone). */
export function mayStart(def: { starters: string }, user: AuthUser): boolean {
  let starters: { users?: string[]; groups?: string[] } = {};
  try {
    starters = JSON.parse(def.starters) as typeof starters;
  } catch {
    starters = {};
  }
  const users = starters.users ?? [];
  const groups = starters.groups ?? [];
  if (users.length === 0 && groups.length === 0) return true;
  if (users.includes(user.userId) || users.includes(user.account)) return true;
  return groups.some(
    (g) =>
      user.roleAliases.includes(g) ||
      (g.startsWith('role:') && user.roleIds.includes(g.slice(5))) ||
      (g.startsWith('dept:') && user.deptIds.includes(g.slice(5))),
  );
}

/**
 * Writes what a step caused (inside its transaction, after the instance's conditional update):
 * history, tasks, timers and the business hooks.
 */
async function writeEffects(
  trx: Kysely<DB>,
  instance: InstanceRow,
  def: DefinitionRow,
  result: StepResult,
  completion: Completion | undefined,
): Promise<void> {
  const now = nowText();
  const tenantId = instance.tenantId;
  // The completed task: done, conditional on its state and version (a claim or another
  // completion in between loses the whole step).
  if (completion) {
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

  // History: activities entered get a row (in order), activities left close their open row.
  const last = await trx
    .selectFrom('bladeFlowHistory')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('instanceId', '=', instance.id)
    .executeTakeFirst();
  let seq = Number(last?.seq ?? 0);
  const fresh: { id: string; activityId: string; row: Record<string, unknown> }[] = [];
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

  // Tasks: a wait with no open task becomes one; an open task no longer waited on is cancelled.
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
  if (fresh.length > 0)
    await trx
      .insertInto('bladeFlowHistory')
      .values(fresh.map((f) => f.row) as never)
      .execute();

  // Timers: those armed now wait (due times kept); a waiting one not armed again fired (due) or
  // was cancelled (its activity was left some other way).
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

/** The instance's columns after a step. */
const stepColumns = (result: StepResult, userId: string | null) => {
  const now = nowText();
  return {
    engineState: JSON.stringify(result.state),
    currentActivities: JSON.stringify(result.current),
    ...(result.completed ? { state: 'ended', endTime: now } : {}),
    updateUser: userId,
    updateTime: now,
  };
};

/** Refuses task work on a suspended definition. */
export function assertActive(def: DefinitionRow): void {
  if (def.suspended === 1) throw conflict(FLOW_MESSAGES.suspended.zh);
}

/**
 * Starts a definition for `user` (the definition must be the tenant's, live, active, and
 * startable by them): runs the engine to its first wait and writes the instance, tasks,
 * candidates, history, timers and the business row (`beforeCommit`) in one transaction.
 */
export async function startProcess(
  ctx: FlowContext,
  input: {
    user: AuthUser;
    definitionId: string;
    businessKey?: string;
    variables?: FlowVariables;
    beforeCommit?: (trx: Kysely<DB>, instanceId: string) => Promise<void>;
  },
): Promise<{ instanceId: string }> {
  const { user } = input;
  const def = await loadDefinition(ctx.db, user.tenantId, input.definitionId);
  if (def.suspended === 1) throw conflict(FLOW_MESSAGES.definitionSuspended.zh);
  if (!mayStart(def, user)) throw forbidden(FLOW_MESSAGES.notStarter.zh);
  const instanceId = nextId();
  const variables: FlowVariables = {
    ...input.variables,
    applyUser: user.userId,
    initiator: user.userId,
  };
  const result = await runStep({ name: instanceId, xml: def.xml, saved: null, variables });
  const now = nowText();
  await atomically(ctx.db, async (trx) => {
    const instance: InstanceRow = {
      id: instanceId,
      tenantId: user.tenantId,
      definitionId: def.id,
      processKey: def.processKey,
      businessKey: input.businessKey ?? null,
      startedBy: user.userId,
      startTime: now,
      endTime: null,
      state: 'running',
      deleteReason: null,
      engineState: '',
      currentActivities: '[]',
      version: 1,
      ...insertAudit(user, now),
    };
    await trx
      .insertInto('bladeFlowInstance')
      .values({ ...instance, ...stepColumns(result, user.userId) })
      .execute();
    // A start (or its hook) may read the business row: it is written first.
    await input.beforeCommit?.(trx, instanceId);
    await writeEffects(trx, instance, def, result, undefined);
  });
  return { instanceId };
}

/**
 * One step on a running instance: `prepare` checks the fresh rows and says how to drive the
 * engine; the step is retried once when another process stepped the instance meanwhile.
 */
async function stepInstance(
  ctx: FlowContext,
  tenantId: string,
  instanceId: string,
  prepare: (
    instance: InstanceRow,
    def: DefinitionRow,
  ) => Promise<{
    drive?: Drive;
    variables?: FlowVariables;
    completion?: Completion;
    userId: string | null;
  }>,
): Promise<StepResult> {
  for (let attempt = 1; ; attempt++) {
    const instance = await loadInstance(ctx.db, tenantId, instanceId);
    if (instance.state !== 'running') throw conflict(FLOW_MESSAGES.ended.zh);
    const def = await loadDefinition(ctx.db, tenantId, instance.definitionId);
    const plan = await prepare(instance, def);
    const saved = parseSaved(instance.engineState);
    const result = await runStep({
      name: instance.id,
      xml: def.xml,
      saved,
      variables: { ...saved.variables, ...plan.variables },
      ...(plan.drive ? { drive: plan.drive } : {}),
    });
    try {
      await atomically(ctx.db, async (trx) => {
        const moved = await trx
          .updateTable('bladeFlowInstance')
          .set({ ...stepColumns(result, plan.userId), version: sql<number>`version + 1` })
          .where('id', '=', instance.id)
          .where('state', '=', 'running')
          .where('version', '=', instance.version)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new StaleStep();
        await writeEffects(trx, instance, def, result, plan.completion);
      });
      return result;
    } catch (err) {
      if (!(err instanceof StaleStep)) throw err;
      if (attempt >= 2) throw conflict(FLOW_MESSAGES.stale.zh);
    }
  }
}

/** A task of the caller's tenant (404 otherwise). */
export async function loadTask(db: Kysely<DB>, tenantId: string, taskId: string) {
  const task = await db
    .selectFrom('bladeFlowTask')
    .selectAll()
    .where('id', '=', taskId)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!task) throw notFound();
  return task;
}

/**
 * Completes the caller's assigned task with `flag` (ok: variable `pass` true), a comment and
 * variables: one engine step (the task's wait is signalled).
 */
export async function completeTask(
  ctx: FlowContext,
  input: {
    user: AuthUser;
    taskId: string;
    flag: 'ok' | 'reject';
    comment: string;
    variables: FlowVariables;
  },
): Promise<StepResult> {
  const { user } = input;
  const first = await loadTask(ctx.db, user.tenantId, input.taskId);
  return stepInstance(ctx, user.tenantId, first.instanceId, async (_instance, def) => {
    const task = await loadTask(ctx.db, user.tenantId, input.taskId);
    assertActive(def);
    transitionOrConflict(workflowTaskLifecycle, task.state, 'complete');
    if (task.assignee !== user.userId) throw forbidden(FLOW_MESSAGES.notAssignee.zh);
    return {
      userId: user.userId,
      variables: { ...input.variables, pass: input.flag === 'ok' },
      completion: {
        taskId: task.id,
        taskVersion: task.version,
        activityId: task.activityId,
        user,
        outcome: input.flag === 'ok' ? 'approve' : 'reject',
        comment: input.comment,
      },
      drive: (execution) => {
        if (!execution.getPostponed().some((a) => a.id === task.activityId))
          throw conflict(FLOW_MESSAGES.stale.zh);
        execution.signal({ id: task.activityId });
      },
    };
  });
}

/** Fires a due timer of an instance (the timer worker's step): the recovered engine fires it. */
export async function fireTimer(
  ctx: FlowContext,
  timer: { tenantId: string; instanceId: string },
): Promise<void> {
  await stepInstance(ctx, timer.tenantId, timer.instanceId, async () => ({ userId: null }));
}

/** Ends instances: deleted with the reason, open tasks and waiting timers cancelled, hooks told. */
async function cancelInstances(
  trx: Kysely<DB>,
  instances: InstanceRow[],
  reason: string,
): Promise<void> {
  if (instances.length === 0) return;
  const now = nowText();
  const ids = instances.map((i) => i.id);
  await trx
    .updateTable('bladeFlowTask')
    .set({ state: CANCELLED, endTime: now, updateTime: now, version: sql<number>`version + 1` })
    .where('instanceId', 'in', ids)
    .where('state', 'in', OPEN)
    .execute();
  await trx
    .updateTable('bladeFlowTimer')
    .set({ state: 'cancelled' })
    .where('instanceId', 'in', ids)
    .where('state', '=', 'waiting')
    .execute();
  await trx
    .updateTable('bladeFlowHistory')
    .set({ endTime: now })
    .where('instanceId', 'in', ids)
    .where('endTime', 'is', null)
    .execute();
  for (const instance of instances) await hooksOf(instance)?.onCancel?.(trx, { instance, reason });
}

/** Deletes a running instance with a reason (follow/delete-process-instance). */
export async function deleteInstance(
  ctx: FlowContext,
  input: { user: AuthUser; instanceId: string; reason: string },
): Promise<void> {
  const { user } = input;
  const instance = await loadInstance(ctx.db, user.tenantId, input.instanceId);
  if (instance.state !== 'running') throw conflict(FLOW_MESSAGES.ended.zh);
  await atomically(ctx.db, async (trx) => {
    const now = nowText();
    const moved = await trx
      .updateTable('bladeFlowInstance')
      .set({
        state: 'deleted',
        deleteReason: input.reason,
        endTime: now,
        currentActivities: '[]',
        updateUser: user.userId,
        updateTime: now,
        version: sql<number>`version + 1`,
      })
      .where('id', '=', instance.id)
      .where('state', '=', 'running')
      .where('version', '=', instance.version)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw conflict(FLOW_MESSAGES.stale.zh);
    await cancelInstances(trx, [instance], input.reason);
  });
}

/**
 * Cancels the running instances of definitions (manager/delete-deployment, inside its
 * transaction): deleted with `reason`, their tasks and timers cancelled.
 */
export async function cancelInstancesOfDefinitions(
  trx: Kysely<DB>,
  tenantId: string,
  definitionIds: string[],
  reason: string,
): Promise<void> {
  if (definitionIds.length === 0) return;
  const instances = await trx
    .selectFrom('bladeFlowInstance')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('definitionId', 'in', definitionIds)
    .where('state', '=', 'running')
    .where('isDeleted', '=', 0)
    .execute();
  if (instances.length === 0) return;
  const now = nowText();
  await trx
    .updateTable('bladeFlowInstance')
    .set({
      state: 'deleted',
      deleteReason: reason.slice(0, 500),
      endTime: now,
      currentActivities: '[]',
      updateTime: now,
      version: sql<number>`version + 1`,
    })
    .where(
      'id',
      'in',
      instances.map((i) => i.id),
    )
    .where('state', '=', 'running')
    .execute();
  await cancelInstances(trx, instances, reason);
}
