import type { Page } from '../contracts/auth';
import { api } from './api';
import { clickDownload } from '../lib/download';
import { apiRequest } from './client';

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
