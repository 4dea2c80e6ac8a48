import type { Page } from '../contracts/auth';
import { api } from './api';

type Params = Record<string, string | number>;

/**
 * The endpoints every declared resource shares (BladeX list/detail/submit/remove under the
 * resource's service path). Cached per service: a write invalidates that service's lists and
 * details only.
 */
export const resourceApi = api.injectEndpoints({
  endpoints: (build) => ({
    resourceList: build.query<Page<Record<string, unknown>>, { service: string; params: Params }>({
      query: ({ service, params }) => ({ url: `${service}/list`, params }),
      providesTags: (_result, _error, { service }) => [{ type: 'Resource', id: service }],
    }),
    resourceDetail: build.query<Record<string, unknown>, { service: string; id: string }>({
      query: ({ service, id }) => ({ url: `${service}/detail`, params: { id } }),
      providesTags: (_result, _error, { service }) => [{ type: 'Resource', id: service }],
    }),
    resourceSubmit: build.mutation<unknown, { service: string; body: Record<string, unknown> }>({
      query: ({ service, body }) => ({ url: `${service}/submit`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { service }) => [{ type: 'Resource', id: service }],
    }),
    resourceRemove: build.mutation<unknown, { service: string; ids: readonly string[] }>({
      query: ({ service, ids }) => ({
        url: `${service}/remove`,
        method: 'POST',
        params: { ids: ids.join(',') },
      }),
      invalidatesTags: (_result, _error, { service }) => [{ type: 'Resource', id: service }],
    }),
  }),
});

export const {
  useResourceListQuery,
  useResourceDetailQuery,
  useResourceSubmitMutation,
  useResourceRemoveMutation,
} = resourceApi;
