import { useEffect } from 'react';
import type { TaskPhase } from '../../machines/task-machine';
import { usePageVisible } from '../lib/page-visibility';
import { useAppDispatch } from '../state/hooks';
import { useLiveRecord, type TaskKind } from '../state/task-follower';
import { api } from './api';
import { apiRequest } from './client';
import { detailCall } from './resource';

/**
 * A job that is a record of a resource list (a batch task, a bulk order batch...): followed
 * through the task machine by asking the resource's detail call (issue 32).
 */
export interface RecordTaskKind<R> extends TaskKind {
  service: string;
  phaseOf(record: R): TaskPhase;
}

export function recordTaskKind<R>(spec: {
  /** The service, as the list's declaration names it (also the list's cache tag). */
  service: string;
  /** The contract's detail path, when it is not `detail?id=`. */
  detailPath?: string;
  pollMs: number;
  phaseOf(record: R): TaskPhase;
}): RecordTaskKind<R> {
  return {
    name: `record:${spec.service}`,
    service: spec.service,
    pollMs: spec.pollMs,
    phaseOf: spec.phaseOf,
    async check(id) {
      // Silent: a failed ask is tried again later, with a longer wait.
      const record = await apiRequest<R>({
        ...detailCall(spec.service, id, spec.detailPath),
        silent: true,
      });
      return { phase: spec.phaseOf(record), record };
    },
  };
}

/**
 * The phase of a record whose lifecycle waits, runs, then ends (done, failed, or another end such
 * as cancelled): the batch tasks' and the bulk order batches'.
 */
export function waitingRunningPhase(state: string): TaskPhase {
  if (state === 'waiting') return 'queued';
  if (state === 'running' || state === 'failed') return state;
  return 'done';
}

/**
 * A list row whose job may still be running: while it is unfinished and its page is on screen,
 * the row is followed through the task machine and the newest answer is returned in its place;
 * when the job ends the list is loaded again once, so its state, times and actions show.
 */
export function useFollowedRecord<R extends { id: string }>(kind: RecordTaskKind<R>, row: R): R {
  const dispatch = useAppDispatch();
  const onScreen = usePageVisible();
  const { record, ended } = useLiveRecord(
    kind,
    row.id,
    { phase: kind.phaseOf(row), record: row },
    onScreen,
  );
  useEffect(() => {
    if (ended) dispatch(api.util.invalidateTags([{ type: 'Resource', id: kind.service }]));
  }, [ended, dispatch, kind.service]);
  return record;
}
