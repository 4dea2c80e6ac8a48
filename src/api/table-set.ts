import type { TableSet, TableSettings } from '../contracts/table-set';
import { api } from './api';

/**
 * blade-system/table-set: each user's column layout of a table (order, hidden, pinned,
 * density, page size). Type-only use of the contract keeps zod out of the console bundle; the
 * server validates.
 */
export const tableSetApi = api.injectEndpoints({
  endpoints: (build) => ({
    tableSet: build.query<TableSet | null, string>({
      query: (tableKey) => ({ url: 'blade-system/table-set/get', params: { tableKey } }),
    }),
    saveTableSet: build.mutation<TableSet, { tableKey: string; settings: TableSettings }>({
      query: (body) => ({ url: 'blade-system/table-set/save', method: 'POST', body, silent: true }),
      // The server answers with what it stored: the cache takes it without a second request.
      async onQueryStarted({ tableKey }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(tableSetApi.util.upsertQueryData('tableSet', tableKey, data));
      },
    }),
  }),
});

export const { useTableSetQuery, useSaveTableSetMutation } = tableSetApi;
