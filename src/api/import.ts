import type { AppDispatch } from '../state/store';
import { api } from './api';
import { apiRequest } from './client';

/**
 * The import engine's calls (server/lib/import): upload a workbook, download the template, and
 * download the result file of a failed import. Files travel through the authenticated client
 * (never a token in a URL); the upload is a multipart FormData body.
 */

/** Where one kind of import lives (BladeX names differ per service). */
export interface ImportEndpoints {
  /** POST multipart `file` (+ `isCovered`). */
  upload: string;
  /** GET the template workbook (or `templateMethod`, where the spec names a POST). */
  template: string;
  templateMethod?: 'GET' | 'POST';
  /** GET `?id=` the result workbook of a failed import. */
  result: string;
}

export const USER_IMPORT: ImportEndpoints = {
  upload: 'blade-user/import-user',
  template: 'blade-user/export-template',
  result: 'blade-user/import-result',
};

/** A problem of one row; `column` is the header text ('' = the whole row). */
export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

/** What an upload answers (`data` of the envelope). */
export interface ImportResult {
  id: string;
  /**
   * success: written; failed: some row is wrong and nothing was written; duplicate: this file
   * was imported before and nothing was written again (the counts are that import's).
   */
  status: 'success' | 'failed' | 'duplicate';
  fileName: string;
  total: number;
  created: number;
  updated: number;
  failed: number;
  /** The first problems (the result file lists them all). */
  errors: ImportRowError[];
  /** For failed imports: the id to download the result file with. */
  resultId: string | null;
  importTime: string;
}

export interface ImportUpload {
  endpoints: ImportEndpoints;
  file: File;
  /** isCovered: update the records whose natural key exists (sent only when defined). */
  covered?: boolean;
  /** The resource service whose lists reload after a successful import ('blade-user'). */
  refresh?: string;
}

/** An import validates every row before it answers: longer than the client's usual 20 s. */
export const IMPORT_TIMEOUT_MS = 120_000;

export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    importFile: build.mutation<ImportResult, ImportUpload>({
      query: ({ endpoints, file, covered }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return {
          url: endpoints.upload,
          method: 'POST',
          body,
          ...(covered === undefined ? {} : { params: { isCovered: covered ? 1 : 0 } }),
          timeoutMs: IMPORT_TIMEOUT_MS,
          // The dialog shows failures beside the file.
          silent: true,
        };
      },
      invalidatesTags: (result, _error, { refresh }) =>
        result?.status === 'success' && refresh ? [{ type: 'Resource', id: refresh }] : [],
    }),
  }),
});

/**
 * Uploads a workbook. The mutation is not tracked in the store (`track: false`): its argument
 * holds a File, which has no place in serialisable state. Rejects with the client's ApiError.
 */
export function uploadImport(dispatch: AppDispatch, upload: ImportUpload): Promise<ImportResult> {
  return dispatch(importApi.endpoints.importFile.initiate(upload, { track: false })).unwrap();
}

export function downloadImportTemplate(endpoints: ImportEndpoints): Promise<Blob> {
  return apiRequest<Blob>({
    url: endpoints.template,
    ...(endpoints.templateMethod ? { method: endpoints.templateMethod } : {}),
    kind: 'blob',
    silent: true,
  });
}

export function downloadImportResult(endpoints: ImportEndpoints, id: string): Promise<Blob> {
  return apiRequest<Blob>({ url: endpoints.result, params: { id }, kind: 'blob', silent: true });
}
