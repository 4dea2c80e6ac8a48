import { apiRequest } from '../../api/client';
import { downloadExportByTicket, type ExportTask } from '../../api/export-centre';
import type { Page } from '../../contracts/auth';
import { downloadName } from '../../lib/save-blob';
import { exportTaskState } from '../../api/export-task-status';

/**
 * The palette's 'Download last export': the newest finished task among the caller's latest
 * ones, saved through a one-time download ticket. Resolves to its file name, or
 * undefined when no finished export is there yet.
 */
export async function downloadLastExport(): Promise<string | undefined> {
  const page = await apiRequest<Page<ExportTask>>({
    url: 'blade-system/data-export/list',
    params: { current: 1, size: 20, descs: 'createTime' },
  });
  const task = page.records.find((t) => exportTaskState(t.status) === 'done');
  if (!task) return undefined;
  const name = downloadName(task.sourceFileName);
  await downloadExportByTicket(task.id, name);
  return name;
}
