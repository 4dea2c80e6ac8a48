import type { MessageKey } from '../i18n';

/**
 * Spec section 4: a task is in progress until its status text says 'file generated'; every
 * other text counts as in progress. Two additions from the embedded server: a job waiting for a
 * worker says '排队中' (queued: in progress, but nothing written yet, so no progress bar), and a
 * broken job says '生成失败', which must not be polled for ever, so it is its own final state.
 */
export type ExportTaskState = 'done' | 'failed' | 'queued' | 'pending';

const DONE = new Set(['文件已生成', 'file generated']);
const FAILED = new Set(['生成失败', 'failed', 'generation failed']);
const QUEUED = new Set(['排队中', 'queued']);

export function exportTaskState(status: string | null | undefined): ExportTaskState {
  const text = (status ?? '').trim().toLowerCase();
  if (DONE.has(text)) return 'done';
  if (FAILED.has(text)) return 'failed';
  if (QUEUED.has(text)) return 'queued';
  return 'pending';
}

export const STATE_LABEL: Record<ExportTaskState, MessageKey> = {
  done: 'exportCentre.statusDone',
  failed: 'exportCentre.statusFailed',
  queued: 'exportCentre.statusQueued',
  pending: 'exportCentre.statusPending',
};

/** Whether some task of a page is still being generated (its row follows it, every 5 s). */
export function hasPendingTask(tasks: readonly { status: string }[] | undefined): boolean {
  return (tasks ?? []).some((t) => {
    const state = exportTaskState(t.status);
    return state === 'pending' || state === 'queued';
  });
}

export const POLL_MS = 5_000;
