import type { Page } from '../contracts/auth';
import { api } from './api';
import type { ApiRequest } from './client';

type Params = Readonly<Record<string, string | number>>;
type Record_ = Record<string, unknown>;
type Method = ApiRequest['method'];

/** A call of a resource: BladeX's default name under the service unless the declaration says. */
const url = (service: string, path: string | undefined, fallback: string) =>
  `${service}/${path ?? fallback}`;

/** The slot of a record's id in a declared path (the spec's `removeById/{id}`). */
const ID_SLOT = '{id}';

/** Whether a declared path carries the record's id in itself rather than as a parameter. */
const takesId = (path: string | undefined) => path?.includes(ID_SLOT) === true;

const withId = (path: string, id: string) => path.replaceAll(ID_SLOT, encodeURIComponent(id));

/** The declared method, else the call's default (BladeX's: GET to read, POST to write). */
const methodOf = (method: Method, fallback: Method) => ({ method: method ?? fallback });

/** The service an endpoint path belongs to ('blade-system/role/tree' -> 'blade-system/role'). */
export const serviceOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

const isRecord = (value: unknown): value is Record_ =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A tree node: a record whose `children`, when written, are nodes too. */
const isNode = (value: unknown): boolean =>
  isRecord(value) &&
  (value.children === undefined ||
    value.children === null ||
    (Array.isArray(value.children) && value.children.every(isNode)));

/**
 * What the engine reads from a list answer (spec section 7's table list contract): a page with
 * `records` (an array of records) and a numeric `total`, or, for tree and plain lists, an array
 * of nodes. Anything else (`records: null`, `data: null`, a string) is a malformed answer.
 */
export function isListAnswer(data: unknown): boolean {
  if (Array.isArray(data)) return data.every(isNode);
  return (
    isRecord(data) &&
    Array.isArray(data.records) &&
    data.records.every(isRecord) &&
    typeof data.total === 'number' &&
    Number.isFinite(data.total)
  );
}

/**
 * A detail answer: a record, or `null` for a record that is not there (BladeX's `R.data(null)`,
 * which its detail endpoints answer for an unknown id), shown by the caller as "no data".
 */
export const isDetailAnswer = (data: unknown): boolean => data === null || isRecord(data);

const tag = (service: string) => [{ type: 'Resource' as const, id: service }];

/** What a write changes: the service's lists, and whatever else its declaration names. */
const written = (service: string, refreshes: readonly 'Menu'[] | undefined) => [
  ...tag(service),
  ...(refreshes ?? []),
];

/**
 * The endpoints every declared resource shares (BladeX list/detail/submit/remove under the
 * resource's service path, or the calls its declaration names). Cached per service: a write
 * invalidates that service's lists, details and option lists only.
 */
/** One record's call: `detail?id=`, or a declared path (`{id}` in it takes the id). */
export function detailCall(service: string, id: string, path?: string, method?: Method) {
  return {
    url: takesId(path) ? `${service}/${withId(path!, id)}` : url(service, path, 'detail'),
    ...methodOf(method, 'GET'),
    ...(takesId(path) ? {} : { params: { id } }),
    expect: isDetailAnswer,
  };
}

export const resourceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A page, or for tree resources the nodes (with `children`). */
    resourceList: build.query<
      Page<Record_> | Record_[],
      { service: string; path?: string | undefined; method?: Method; params: Params }
    >({
      // The list's parameters are query parameters whatever the method (BladeX's query objects).
      query: ({ service, path, method, params }) => ({
        url: url(service, path, 'list'),
        ...methodOf(method, 'GET'),
        params,
        expect: isListAnswer,
      }),
      providesTags: (_result, _error, { service }) => tag(service),
    }),
    /** One record: `detail?id=`, or a declared path (`{id}` in it takes the id). */
    resourceDetail: build.query<
      Record_ | null,
      { service: string; id: string; path?: string | undefined; method?: Method }
    >({
      query: ({ service, id, path, method }) => detailCall(service, id, path, method),
      providesTags: (_result, _error, { service }) => tag(service),
    }),
    /** Options of a select or tree select (GET `path`, relative to /api). */
    resourceOptions: build.query<unknown, { path: string; params?: Params | undefined }>({
      query: ({ path, params }) => ({ url: path, params }),
      providesTags: (_result, _error, { path }) => tag(serviceOf(path)),
    }),
    resourceSubmit: build.mutation<
      unknown,
      {
        service: string;
        path?: string | undefined;
        method?: Method;
        body: Record_;
        refreshes?: readonly 'Menu'[] | undefined;
      }
    >({
      // Silent: every caller is a form that shows the refusal, each refused field at its field
      // and the rest as a toast (resources/engine/form-refusal.tsx).
      query: ({ service, path, method, body }) => ({
        url: url(service, path, 'submit'),
        ...methodOf(method, 'POST'),
        body,
        silent: true,
      }),
      invalidatesTags: (_result, _error, { service, refreshes }) => written(service, refreshes),
    }),
    resourceRemove: build.mutation<
      unknown,
      {
        service: string;
        path?: string | undefined;
        method?: Method;
        ids: readonly string[];
        refreshes?: readonly 'Menu'[] | undefined;
      }
    >({
      // `?ids=` comma-joined; a path naming `{id}` removes one record per call, so several are
      // removed one after another, stopping at the first refusal (the list then reloads and
      // shows what went).
      queryFn: async ({ service, path, method, ids }, _api, _extra, baseQuery) => {
        const requests: ApiRequest[] = takesId(path)
          ? ids.map((id) => ({
              url: `${service}/${withId(path!, id)}`,
              ...methodOf(method, 'POST'),
            }))
          : [
              {
                url: url(service, path, 'remove'),
                ...methodOf(method, 'POST'),
                params: { ids: ids.join(',') },
              },
            ];
        let data: unknown = null;
        for (const request of requests) {
          const answer = await baseQuery(request);
          if (answer.error) return { error: answer.error };
          data = answer.data;
        }
        return { data };
      },
      invalidatesTags: (_result, _error, { service, refreshes }) => written(service, refreshes),
    }),
    /** Starts an export task of the list as filtered (issue 6: written by the server's worker). */
    resourceExport: build.mutation<
      unknown,
      {
        service: string;
        path?: string | undefined;
        method?: Method;
        excelType: string;
        params: Params;
      }
    >({
      query: ({ service, path, method, excelType, params }) => ({
        url: url(service, path, 'excel/export/async'),
        ...methodOf(method, 'POST'),
        params: { ...params, excelType },
      }),
      invalidatesTags: ['ExportTask'],
    }),
    /**
     * A declared action's call (POST `path` with query parameters). `silent`: the caller shows
     * the refusal (a dialog with fields, resources/engine/form-refusal.tsx), not the API layer.
     */
    resourceCall: build.mutation<
      unknown,
      {
        service: string;
        path: string;
        params: Params;
        refreshes?: readonly 'Menu'[] | undefined;
        silent?: boolean;
      }
    >({
      query: ({ path, params, silent }) => ({
        url: path,
        method: 'POST',
        params,
        ...(silent ? { silent } : {}),
      }),
      invalidatesTags: (_result, _error, { service, refreshes }) => written(service, refreshes),
    }),
  }),
});

export const {
  useResourceListQuery,
  useLazyResourceListQuery,
  useResourceDetailQuery,
  useResourceOptionsQuery,
  useResourceSubmitMutation,
  useResourceRemoveMutation,
  useResourceCallMutation,
  useResourceExportMutation,
} = resourceApi;
