import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api/api';
import type { NotedQuery } from '../api/boot-reads';
import type { AppStore } from '../state/store';
import { installApi } from './install-api';

/** What `initiate` of a query endpoint returns: a thunk whose result settles with the query. */
interface QueryEndpoint {
  initiate(
    args: unknown,
    options: { subscribe: boolean },
  ): ThunkAction<PromiseLike<unknown>, unknown, unknown, UnknownAction>;
  useQuery?: unknown;
}

/**
 * A signed-in start puts the answers of its early reads (boot-reads.ts) in RTK's cache before
 * its first render (issue 31). Without this, each part of the shell and the screen rendered
 * without data, asked, and rendered again when its answer was handed over: about ten
 * synchronous passes, one an animation frame, before the rows. Now the layout's first render
 * finds the menu, the buttons, the user, the table layout and the list's first page in the
 * cache and renders once.
 *
 * Each noted query is asked again through its endpoint with the same arguments, so that its
 * request is the early read's (taken, not sent again) and its cache key the one the screen's
 * hook will read. A query whose endpoint is not loaded (renamed, or on code not loaded yet) is
 * left to its screen. Waits at most `waitMs`: a slow answer is then shown when it arrives, as
 * before, and the request already sent is not sent again.
 */
export function prefetchBootQueries(
  store: AppStore,
  queries: readonly NotedQuery[],
  waitMs: number,
): Promise<void> {
  installApi(store);
  const endpoints = api.endpoints as unknown as Record<string, QueryEndpoint | undefined>;
  const answered = queries.flatMap(({ endpoint, args }) => {
    const query = Object.hasOwn(endpoints, endpoint) ? endpoints[endpoint] : undefined;
    // Only queries (a mutation endpoint of the same name must not be sent).
    if (!query?.useQuery) return [];
    // Not subscribed: the cache keeps the entry for RTK's usual minute, the screen's hook
    // subscribes to it when it mounts.
    return [Promise.resolve(store.dispatch(query.initiate(args, { subscribe: false })))];
  });
  if (answered.length === 0) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  return Promise.race([Promise.all(answered).then(() => undefined), timeout]).finally(() =>
    clearTimeout(timer),
  );
}
