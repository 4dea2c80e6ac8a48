import type { Page } from '../contracts/auth';
import { api } from './api';

type Params = Readonly<Record<string, string | number>>;
type Record_ = Record<string, unknown>;

/** A call of a resource: BladeX's default name under the service unless the declaration says. */
const url = (service: string, path: string | undefined, fallback: string) =>
  `${service}/${path ?? fallback}`;

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
export const resourceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A page, or for tree resources the nodes (with `children`). */
    resourceList: build.query<
      Page<Record_> | Record_[],
      { service: string; path?: string | undefined; params: Params }
    >({
      query: ({ service, path, params }) => ({
        url: url(service, path, 'list'),
        params,
        expect: isListAnswer,
      }),
      providesTags: (_result, _error, { service }) => tag(service),
    }),
    resourceDetail: build.query<Record_ | null, { service: string; id: string }>({
      query: ({ service, id }) => ({
        url: `${service}/detail`,
        params: { id },
        expect: isDetailAnswer,
      }),
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
        body: Record_;
        refreshes?: readonly 'Menu'[] | undefined;
      }
    >({
      // Silent: every caller is a form that shows the refusal, each refused field at its field
      // and the rest as a toast (resources/engine/form-refusal.tsx).
      query: ({ service, path, body }) => ({
        url: url(service, path, 'submit'),
        method: 'POST',
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
        ids: readonly string[];
        refreshes?: readonly 'Menu'[] | undefined;
      }
    >({
      query: ({ service, path, ids }) => ({
        url: url(service, path, 'remove'),
        method: 'POST',
        params: { ids: ids.join(',') },
      }),
      invalidatesTags: (_result, _error, { service, refreshes }) => written(service, refreshes),
    }),
    /** Starts an export task of the list as filtered (issue 6: written by the server's worker). */
    resourceExport: build.mutation<unknown, { service: string; excelType: string; params: Params }>(
      {
        query: ({ service, excelType, params }) => ({
          url: `${service}/excel/export/async`,
          method: 'POST',
          params: { ...params, excelType },
        }),
        invalidatesTags: ['ExportTask'],
      },
    ),
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
