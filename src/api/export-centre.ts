import type { Page } from '../contracts/auth';
import { api } from './api';
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
 * The finished file, fetched with the session's headers (never a token in a URL) so it can be
 * saved from an object URL.
 */
export function downloadExportFile(id: string): Promise<Blob> {
  return apiRequest<Blob>({
    url: 'blade-system/data-export/download',
    params: { id },
    kind: 'blob',
  });
}
