import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import { flowExpressions, type FlowVariables } from './expressions.js';

/**
 * One engine step in memory (issue 29 item 3): a bpmn-engine built for the step from the
 * definition's XML, recovered from the instance's saved state (or executed afresh for a start),
 * driven (a user task signalled), and run until nothing is executing: every postponed activity
 * is then a user task's wait or a timer. Nothing here touches the database or keeps the engine:
 * the runner writes what the step caused in one transaction, and the next step (perhaps in
 * another process) builds its own engine from the saved state.
 *
 * Timers never run here: the `timers` handed to the engine record each timer it arms (its
 * activity and due time) and the runner stores them as blade_flow_timer rows; the timer worker
 * runs a later step once one is due, in which the recovered engine re-arms it with no time left
 * and it fires at once. Scripts are off (`disableDummyScript`, and the BPMN check refuses script
 * tasks); expressions are the shared grammar only (expressions.ts).
 */

/** What the instance's `engine_state` holds: the engine's state and the instance's variables. */
export interface SavedState {
  v: 1;
  variables: FlowVariables;
  engine: unknown;
}

/** An activity entered or left during the step, in order. */
export type StepEvent =
  | { kind: 'start'; activityId: string; name: string | null; type: string }
  | { kind: 'end'; activityId: string };

export interface StepResult {
  state: SavedState;
  completed: boolean;
  events: StepEvent[];
  /** Postponed activities waiting for a person (user and manual tasks). */
  waits: { activityId: string; name: string }[];
  /** Timers armed: activity and due time (epoch ms). */
  timers: { activityId: string; dueAt: number }[];
  /** Every postponed activity id (the diagram's current). */
  current: string[];
}

/** What a step does once the engine is running: signal a task, or nothing (start, timer). */
export type Drive = (execution: {
  signal: (message: { id: string }) => void;
  getPostponed: () => { id: string; type: string }[];
}) => void;

const PERSON_TASKS = new Set(['bpmn:UserTask', 'bpmn:ManualTask']);

/** bpmn:UserTask -> userTask (the history's activity type, as Flowable names it). */
export const activityType = (type: string) =>
  type.startsWith('bpmn:') ? type.charAt(5).toLowerCase() + type.slice(6) : type;

interface ArmedTimer {
  activityId: string;
  dueAt: number;
}

function recordingTimers(armed: Set<ArmedTimer>) {
  const arm = (owner: { id?: string; expireAt?: Date } | null, delay: number): ArmedTimer => {
    const expireAt = owner?.expireAt ? new Date(owner.expireAt).getTime() : NaN;
    const ref = {
      activityId: owner?.id ?? '',
      dueAt: Number.isFinite(expireAt) ? expireAt : Date.now() + Math.max(0, delay),
    };
    armed.add(ref);
    return ref;
  };
  const clear = (ref: unknown) => {
    armed.delete(ref as ArmedTimer);
    return undefined;
  };
  return {
    get executing() {
      return [...armed];
    },
    register: (owner: { id?: string; expireAt?: Date }) => ({
      setTimeout: (_callback: unknown, delay: number) => arm(owner, delay),
      clearTimeout: clear,
    }),
    setTimeout: (_callback: unknown, delay: number) => arm(null, delay),
    clearTimeout: clear,
  };
}

/** Lets the engine's asynchronous continuations run until nothing is executing. */
async function settle(engine: Engine): Promise<void> {
  for (let i = 0; i < 100 && engine.activityStatus === 'executing'; i++)
    await new Promise((resolve) => setImmediate(resolve));
  if (engine.activityStatus === 'executing') throw new Error('workflow step did not settle');
}

/**
 * Runs one step: `saved` null starts the process (a new engine), else recovers it and resumes;
 * `drive` then acts on the execution. Errors of the engine (a failed expression) are thrown.
 */
export async function runStep(input: {
  name: string;
  xml: string;
  saved: SavedState | null;
  variables: FlowVariables;
  drive?: Drive;
}): Promise<StepResult> {
  const armed = new Set<ArmedTimer>();
  const variables = { ...input.variables };
  const engine = new Engine({
    name: input.name,
    source: input.xml,
    disableDummyScript: true,
    expressions: flowExpressions(variables),
    timers: recordingTimers(armed),
  } as unknown as ConstructorParameters<typeof Engine>[0]);
  const events: StepEvent[] = [];
  let failure: unknown;
  let completed = false;
  const listener = new EventEmitter();
  listener.on('activity.start', (api: { id: string; name?: string; type: string }) => {
    if (api.type.endsWith('EventDefinition')) return;
    events.push({ kind: 'start', activityId: api.id, name: api.name ?? null, type: api.type });
  });
  listener.on('activity.end', (api: { id: string }) =>
    events.push({ kind: 'end', activityId: api.id }),
  );
  engine.on('end', () => {
    completed = true;
  });
  engine.on('error', (err: unknown) => {
    failure = err;
  });
  const execution = input.saved
    ? await engine.recover(input.saved.engine).resume({ listener })
    : await engine.execute({ listener });
  await settle(engine);
  if (input.drive && !completed && !failure) {
    input.drive(execution as unknown as Parameters<Drive>[0]);
    await settle(engine);
  }
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  const postponed = completed ? [] : execution.getPostponed();
  const waits = postponed
    .filter((a) => PERSON_TASKS.has(a.type))
    .map((a) => ({ activityId: a.id, name: String(a.name ?? a.id) }));
  const state: SavedState = { v: 1, variables, engine: await engine.getState() };
  return {
    state,
    completed,
    events,
    waits,
    timers: [...armed].map((t) => ({ ...t })),
    current: postponed.map((a) => a.id),
  };
}
