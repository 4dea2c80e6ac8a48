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
import { CANCELLED, hooksOf, OPEN, StaleStep, writeEffects, type Completion } from './effects.js';
import type { FlowVariables } from './expressions.js';
import {
  runStep as runEngineStep,
  type Drive,
  type SavedState,
  type StepResult,
} from './machine.js';

export { businessIdOf, registerProcessHook, type ProcessHooks } from './effects.js';

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

/**
 * How a definition's starters may name the user: as a user (id or account) or as a group (role
 * alias, `role:<id>`, `dept:<id>`). The start list matches the same keys in SQL (work/tables.ts).
 */
export function starterKeys(user: AuthUser): { users: string[]; groups: string[] } {
  return {
    users: [user.userId, user.account],
    groups: [
      ...user.roleAliases,
      ...user.roleIds.map((id) => `role:${id}`),
      ...user.deptIds.map((id) => `dept:${id}`),
    ],
  };
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
  const keys = starterKeys(user);
  return users.some((u) => keys.users.includes(u)) || groups.some((g) => keys.groups.includes(g));
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
