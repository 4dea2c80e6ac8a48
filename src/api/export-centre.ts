import type { Page } from '../contracts/auth';
import { api } from './api';
import { clickDownload } from '../lib/download';
import { apiRequest } from './client';
import { toast } from '../components/toast';
import type { MessageKey } from '../i18n';
import { downloadName } from '../lib/save-blob';
import { followToEnd, type TaskKind } from '../state/task-follower';
import type { TaskReport } from '../../machines/task-machine';
import { exportTaskState, POLL_MS } from './export-task-status';

/** blade-system/data-export: the caller's export tasks (spec section 3, screen 5). */
export interface ExportTask {
  id: string;
  sourceFileName: string;
  createTime: string;
  expireTime: string;
  /** Free text; '文件已生成' ('file generated') means finished (spec section 4). */
  status: string;
  fileUrl?: string | null;
  /** Embedded server: 0-100 while the worker writes the file. */
  progress?: number;
  /** Embedded server: why the task failed. */
  errorMessage?: string | null;
}

export interface ExportTaskPage {
  current: number;
  size: number;
}

export const exportCentreApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportTasks: build.query<Page<ExportTask>, ExportTaskPage>({
      query: ({ current, size }) => ({
        url: 'blade-system/data-export/list',
        params: { current, size },
        // The dialog shows the failure inline with a retry button.
        silent: true,
      }),
      providesTags: ['ExportTask'],
    }),
    /** Spec section 8: 'deleted successfully!' is judged by code 200 (any other code rejects). */
    deleteExportTasks: build.mutation<unknown, string[]>({
      query: (ids) => ({
        url: 'blade-system/data-export/del',
        method: 'POST',
        params: { ids: ids.join(',') },
      }),
      invalidatesTags: ['ExportTask'],
    }),
    emptyExportTasks: build.mutation<unknown, void>({
      query: () => ({ url: 'blade-system/data-export/empty-all', method: 'POST' }),
      invalidatesTags: ['ExportTask'],
    }),
  }),
});

export const { useExportTasksQuery, useDeleteExportTasksMutation, useEmptyExportTasksMutation } =
  exportCentreApi;

/**
 * A finished file through a one-time ticket (issue 6): the ticket is asked for with the session's
 * headers, then the browser fetches `/api/<url>` itself and saves it straight to disk (a large
 * export never sits in the page's memory). The ticket is single-use and lives 60 s; it is not a
 * session token, so no token ever appears in a URL.
 */
export async function downloadExportByTicket(id: string, fileName: string): Promise<void> {
  const { url } = await apiRequest<{ ticket: string; url: string }>({
    url: 'blade-system/data-export/ticket',
    method: 'POST',
    params: { id },
  });
  clickDownload(`/api/${url}`, fileName);
}

/** What one ask about an export says, in the task machine's terms (the row rides along). */
export function exportReport(task: ExportTask): TaskReport {
  const state = exportTaskState(task.status);
  return {
    phase: state === 'pending' ? 'running' : state,
    progress: task.progress,
    reason: task.errorMessage ?? undefined,
    record: task,
  };
}

/**
 * Following one export (issue 32): the task machine asks `detail` every POLL_MS while the
 * export is queued or running and the page is shown. Silent: a failed ask is tried again later.
 */
export const exportTaskKind: TaskKind = {
  name: 'export',
  pollMs: POLL_MS,
  check: async (id) =>
    exportReport(
      await apiRequest<ExportTask>({
        url: 'blade-system/data-export/detail',
        params: { id },
        silent: true,
      }),
    ),
};

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/**
 * An export the user has just started: followed to its end, which is said once, wherever the
 * user is by then (a toast with the download, or the reason it failed).
 */
export function announceExport(id: string, fileName: string, t: Translate): void {
  followToEnd(exportTaskKind, id, (end, report) => {
    if (end === 'done') {
      toast('success', t('exportCentre.ready', { name: fileName }), {
        label: t('exportCentre.download'),
        name: t('exportCentre.downloadFile', { name: fileName }),
        run: () =>
          void downloadExportByTicket(id, downloadName(fileName)).catch(() =>
            toast('error', t('exportCentre.downloadFailed')),
          ),
      });
    } else if (end === 'failed') {
      toast(
        'error',
        t('exportCentre.failedNamed', { name: fileName, reason: report?.reason ?? '' }),
      );
    }
  });
}
