import type { MessageKey } from '../../i18n';

/**
 * Spec section 4: a task is in progress until its status text says 'file generated'; every
 * other text counts as in progress. One addition: the embedded server marks a broken job
 * '生成失败', which must not be polled for ever, so it is its own (final) state.
 */
export type ExportTaskState = 'done' | 'failed' | 'pending';

const DONE = new Set(['文件已生成', 'file generated']);
const FAILED = new Set(['生成失败', 'failed', 'generation failed']);

export function exportTaskState(status: string | null | undefined): ExportTaskState {
  const text = (status ?? '').trim().toLowerCase();
  if (DONE.has(text)) return 'done';
  if (FAILED.has(text)) return 'failed';
  return 'pending';
}

export const STATE_LABEL: Record<ExportTaskState, MessageKey> = {
  done: 'exportCentre.statusDone',
  failed: 'exportCentre.statusFailed',
  pending: 'exportCentre.statusPending',
};

/** Whether the list should keep refreshing itself (spec: every 5 s while a task is running). */
export function hasPendingTask(tasks: readonly { status: string }[] | undefined): boolean {
  return (tasks ?? []).some((t) => exportTaskState(t.status) === 'pending');
}

export const POLL_MS = 5_000;
