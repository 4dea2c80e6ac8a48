import { createApi, type BaseQueryApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { noteBootRead, type NotedQuery } from './boot-reads';
import { apiRequest, type ApiError, type ApiRequest } from './client';

/** The endpoint and arguments of the query being sent, read from its cache entry. */
function notedQuery({ endpoint, queryCacheKey, getState }: BaseQueryApi): NotedQuery | undefined {
  const entries = (getState() as { api?: { queries?: Record<string, { originalArgs?: unknown }> } })
    .api?.queries;
  const entry = queryCacheKey ? entries?.[queryCacheKey] : undefined;
  // An absent argument stays absent (JSON drops it): undefined and null are different cache keys.
  return entry ? { endpoint, args: entry.originalArgs } : undefined;
}

/**
 * RTK Query over the one client; errors are ApiError {status, message}. Queries are noted as
 * the start's reads (boot-reads.ts), so the next reload can send them early.
 */
const baseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async (args, baseApi) => {
  const { signal, type } = baseApi;
  if (type === 'query') {
    noteBootRead(args, window.location.pathname, Date.now(), notedQuery(baseApi));
  }
  try {
    return { data: await apiRequest(args, signal) };
  } catch (err) {
    if ((err as ApiError).status !== undefined) return { error: err as ApiError };
    return { error: { status: 'network', message: String((err as Error).message ?? err) } };
  }
};

/**
 * One createApi for the console; each BladeX service injects its endpoints from its own file
 * (auth.ts, system.ts, user.ts, ...).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // Back online: the queries on display are fetched again (needs setupListeners, installApi).
  refetchOnReconnect: true,
  tagTypes: ['Session', 'Menu', 'User', 'Notice', 'ExportTask', 'Dict', 'Tenant', 'Resource'],
  endpoints: () => ({}),
});
