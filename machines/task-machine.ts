import { assign, fromPromise, setup } from 'xstate';

/**
 * One job the console follows until it ends (issue 32): an export, an import, a batch task, a
 * bulk order batch, a price plan, an ad roll-up, a deployment. One actor per followed task.
 *
 * The machine asks the server (the `check` actor, provided per kind of task) and waits
 * `pollMs` between asks, as its own delayed transition: queued -> running (with progress) ->
 * done | failed. It asks nothing while the page is hidden and asks at once when it is shown
 * again. It stops at a final state. Cancel (where the server allows it) and retry after a
 * failure are actors too. Nothing here knows a task's wire shape: each kind maps its record to
 * a TaskReport, and its texts (排队中, 生成失败) stay with its screen.
 */

export type TaskPhase = 'queued' | 'running' | 'done' | 'failed';

/** Whether a task in this phase may still change (and so is worth asking about). */
export const isUnfinished = (phase: TaskPhase | undefined) =>
  phase === 'queued' || phase === 'running';

/** What one ask of the server said about the task. */
export interface TaskReport {
  phase: TaskPhase;
  /** 0-100 while running, when the server says. */
  progress?: number;
  /** The server's reason for a failure, shown as text. */
  reason?: string;
  /** The task's record as the server answered it, for the screen that shows it (opaque here). */
  record?: unknown;
}

export interface TaskInput {
  /** The task's id, as its kind's calls know it. */
  id: string;
  /** Between two asks while the task is queued or running. */
  pollMs: number;
  /** Whether the server lets this task be cancelled while it is queued or running. */
  cancellable?: boolean;
  /** Whether the server lets a failed task be started again. */
  retryable?: boolean;
  /** What the caller already knows (a list row): shown until the first answer. */
  report?: TaskReport;
  /** Whether the page is hidden when the actor starts. */
  hidden?: boolean;
}

export interface TaskContext {
  id: string;
  pollMs: number;
  cancellable: boolean;
  retryable: boolean;
  report?: TaskReport;
  hidden: boolean;
  /** Asks in a row that did not get an answer (network, 5xx); reset by an answer. */
  misses: number;
  /** The last cancel or retry the server refused, as text. */
  refusal?: string;
}

export type TaskEvent =
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  /** Ask now (a Refresh button, or a change that says the task moved). */
  | { type: 'check' }
  | { type: 'cancel' }
  | { type: 'retry' };

/** Asks that fail in a row before the wait between them stops growing (pollMs × 2^n, at most 8×). */
const MAX_BACKOFF_STEPS = 3;

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`taskMachine: actor ${name} not provided`));

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

export const taskMachine = setup({
  types: {
    context: {} as TaskContext,
    events: {} as TaskEvent,
    input: {} as TaskInput,
  },
  actors: {
    check: fromPromise<TaskReport, { id: string }>(notProvided('check')),
    cancel: fromPromise<void, { id: string }>(notProvided('cancel')),
    retry: fromPromise<void, { id: string }>(notProvided('retry')),
  },
  delays: {
    // A server that does not answer is asked less often, up to 8× the usual wait.
    wait: ({ context }) => context.pollMs * 2 ** Math.min(context.misses, MAX_BACKOFF_STEPS),
  },
  guards: {
    isDone: ({ context }) => context.report?.phase === 'done',
    isFailed: ({ context }) => context.report?.phase === 'failed',
    isHidden: ({ context }) => context.hidden,
    canCancel: ({ context }) => context.cancellable,
    canRetry: ({ context }) => context.retryable,
  },
  actions: {
    takeReport: assign((_, report: TaskReport) => ({ report, misses: 0 })),
    countMiss: assign(({ context }) => ({ misses: context.misses + 1 })),
    refuse: assign((_, params: { error: unknown }) => ({ refusal: messageOf(params.error) })),
    clearRefusal: assign({ refusal: undefined }),
  },
}).createMachine({
  id: 'task',
  context: ({ input }) => ({
    id: input.id,
    pollMs: input.pollMs,
    cancellable: input.cancellable ?? false,
    retryable: input.retryable ?? false,
    report: input.report,
    hidden: input.hidden ?? false,
    misses: 0,
  }),
  initial: 'start',
  on: {
    'page.hidden': { actions: assign({ hidden: true }) },
    'page.visible': { actions: assign({ hidden: false }) },
  },
  states: {
    /** A task already known to have ended is not asked about; any other is asked at once. */
    start: {
      always: [
        { guard: 'isDone', target: 'done' },
        { guard: 'isFailed', target: 'failed' },
        { guard: 'isHidden', target: 'paused' },
        { target: 'checking' },
      ],
    },
    checking: {
      invoke: {
        src: 'check',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'answered',
          actions: { type: 'takeReport', params: ({ event }) => event.output },
        },
        onError: { target: 'waiting', actions: 'countMiss' },
      },
      on: { cancel: { guard: 'canCancel', target: 'cancelling' } },
    },
    /** Where the answer leads: the end, or another wait (none while the page is hidden). */
    answered: {
      always: [
        { guard: 'isDone', target: 'done' },
        { guard: 'isFailed', target: 'failed' },
        { target: 'waiting' },
      ],
    },
    waiting: {
      always: { guard: 'isHidden', target: 'paused' },
      after: { wait: 'checking' },
      on: {
        check: 'checking',
        cancel: { guard: 'canCancel', target: 'cancelling' },
        'page.hidden': { target: 'paused', actions: assign({ hidden: true }) },
      },
    },
    /** The page is hidden: no timer, no asks. Shown again, the task is asked at once. */
    paused: {
      on: {
        'page.visible': { target: 'checking', actions: assign({ hidden: false }) },
        cancel: { guard: 'canCancel', target: 'cancelling' },
      },
    },
    cancelling: {
      entry: 'clearRefusal',
      invoke: {
        src: 'cancel',
        input: ({ context }) => ({ id: context.id }),
        onDone: 'cancelled',
        onError: {
          target: 'checking',
          actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: { retry: { guard: 'canRetry', target: 'retrying' } },
    },
    retrying: {
      entry: 'clearRefusal',
      invoke: {
        src: 'retry',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'checking', actions: assign({ report: { phase: 'queued' as const } }) },
        onError: {
          target: 'failed',
          actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
