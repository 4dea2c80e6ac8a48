import { useCallback, useSyncExternalStore } from 'react';
import { createActor, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  isUnfinished,
  taskMachine,
  type TaskEvent,
  type TaskReport,
} from '../../machines/task-machine';

/**
 * The console's followed jobs (issue 32): one task machine actor per task somebody follows,
 * shared by everything that shows it. A screen watches a task while it shows it (`useTask`);
 * whoever started a job may follow it to its end (`followToEnd`) to say once how it ended,
 * wherever the user is by then. A task nobody watches and nobody follows to its end is not
 * asked about: its actor is stopped. The page's visibility reaches every actor, so nothing is
 * asked while the page is hidden.
 */

/** A kind of job: how to ask about one, and what its server allows. */
export interface TaskKind {
  /** Names the kind in the followed tasks' keys (export, import, batch-task...). */
  name: string;
  /** Between two asks while a task is queued or running. */
  pollMs: number;
  check(id: string): Promise<TaskReport>;
  cancel?(id: string): Promise<void>;
  retry?(id: string): Promise<void>;
}

type TaskActor = ActorRefFrom<typeof taskMachine>;
export type TaskSnapshot = SnapshotFrom<typeof taskMachine>;

/** A followed task ends (for `followToEnd`) at done, failed or cancelled. */
export type TaskEnd = 'done' | 'failed' | 'cancelled';

interface Followed {
  actor: TaskActor;
  /** Screens showing the task now. */
  watchers: number;
  /** Told once how the task ended (followToEnd). */
  onEnd?: (end: TaskEnd, report: TaskReport | undefined) => void;
}

const followed = new Map<string, Followed>();

const keyOf = (kind: TaskKind, id: string) => `${kind.name}:${id}`;

const pageHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

let listening = false;
/** One listener for every actor: the page hidden or shown again. */
function listenToVisibility() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    const event: TaskEvent = { type: pageHidden() ? 'page.hidden' : 'page.visible' };
    for (const f of followed.values()) f.actor.send(event);
  });
}

function endOf(snapshot: TaskSnapshot): TaskEnd | undefined {
  if (snapshot.matches('done')) return 'done';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('cancelled')) return 'cancelled';
  return undefined;
}

/** Stops and forgets a task that nobody watches and nobody waits for. */
function release(key: string) {
  const f = followed.get(key);
  if (!f || f.watchers > 0 || f.onEnd) return;
  f.actor.stop();
  followed.delete(key);
}

function follow(kind: TaskKind, id: string, known?: TaskReport): Followed {
  const key = keyOf(kind, id);
  const existing = followed.get(key);
  if (existing) return existing;
  const machine = taskMachine.provide({
    actors: {
      check: fromPromise(({ input }) => kind.check(input.id)),
      cancel: fromPromise(({ input }) =>
        kind.cancel ? kind.cancel(input.id) : Promise.reject(new Error('not cancellable')),
      ),
      retry: fromPromise(({ input }) =>
        kind.retry ? kind.retry(input.id) : Promise.reject(new Error('not retryable')),
      ),
    },
  });
  const actor = createActor(machine, {
    input: {
      id,
      pollMs: kind.pollMs,
      cancellable: Boolean(kind.cancel),
      retryable: Boolean(kind.retry),
      report: known,
      hidden: pageHidden(),
    },
  });
  const entry: Followed = { actor, watchers: 0 };
  followed.set(key, entry);
  actor.subscribe((snapshot) => {
    const end = endOf(snapshot);
    if (!end || !entry.onEnd) return;
    const onEnd = entry.onEnd;
    entry.onEnd = undefined;
    onEnd(end, snapshot.context.report);
    release(key);
  });
  listenToVisibility();
  actor.start();
  return entry;
}

/**
 * Follows a job its user has just started until it ends, then calls `onEnd` once (a toast with
 * the file, say), whether or not a screen shows the task meanwhile.
 */
export function followToEnd(
  kind: TaskKind,
  id: string,
  onEnd: (end: TaskEnd, report: TaskReport | undefined) => void,
): void {
  const f = follow(kind, id, { phase: 'queued' });
  const end = endOf(f.actor.getSnapshot());
  if (end) onEnd(end, f.actor.getSnapshot().context.report);
  else f.onEnd = onEnd;
}

/** The newest report of a task while mounted: `known` (the list row's) until the first answer. */
function useTaskReport(kind: TaskKind, id: string | undefined, known: TaskReport): TaskReport {
  const key = id === undefined ? undefined : keyOf(kind, id);
  const subscribe = useCallback(
    (changed: () => void) => {
      if (id === undefined || key === undefined) return () => {};
      const f = follow(kind, id, known);
      f.watchers += 1;
      const subscription = f.actor.subscribe(changed);
      return () => {
        subscription.unsubscribe();
        f.watchers -= 1;
        release(key);
      };
    },
    // `known` is read when the task is first followed only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, id, key],
  );
  const snapshot = useSyncExternalStore(subscribe, () =>
    key === undefined ? undefined : followed.get(key)?.actor.getSnapshot(),
  );
  return snapshot?.context.report ?? known;
}

/**
 * A listed job (a list row): while it is unfinished and `shown`, it is followed through the
 * task machine and the newest answer's record stands in for the row. `ended` says that the job
 * was unfinished when listed and has ended since (the list is out of date).
 */
export function useLiveRecord<R>(
  kind: TaskKind,
  id: string,
  listed: TaskReport & { record: R },
  shown: boolean,
): { record: R; ended: boolean } {
  const unfinished = isUnfinished(listed.phase);
  const report = useTaskReport(kind, unfinished && shown ? id : undefined, listed);
  return {
    record: (report.record as R | undefined) ?? listed.record,
    ended: unfinished && !isUnfinished(report.phase),
  };
}

/** How many tasks have a live actor now (the tests check that none is left behind). */
export function followedTaskCount(): number {
  return followed.size;
}
