import { api } from '../api/api';
import { apiRequest, type ApiError, type ApiRequest } from '../api/client';
import type { RecordHit, RecordLookup } from './record-lookup';

/** Look-up calls report failures in the palette, not as toasts. */
export function silentRequest<T>(args: ApiRequest, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>({ silent: true, ...args }, signal);
}

/** The look-ups the palette may call, by scope (filled from lookups/index.ts when it loads). */
const registered = new Map<string, RecordLookup>();

export function registerLookups(lookups: readonly RecordLookup[]): void {
  for (const l of lookups) registered.set(l.scope, l);
}

/** The search a look-up runs for its prefix, or for plain text (`PlainLookup.search`). */
function searchOf(scope: string, plain: boolean | undefined) {
  const lookup = registered.get(scope);
  if (!lookup) return undefined;
  if (plain) return lookup.plain ? (lookup.plain.search ?? lookup.search) : undefined;
  return lookup.search;
}

/**
 * One RTK Query endpoint for every record look-up, keyed by scope and term (and whether plain
 * text asked): typing a term again (or going back to it) is answered from the cache; unused
 * results go after a minute.
 */
const lookupApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordLookup: build.query<RecordHit[], { scope: string; term: string; plain?: boolean }>({
      queryFn: async ({ scope, term, plain }, { signal }) => {
        const search = searchOf(scope, plain);
        if (!search) return { error: { status: 404, message: scope } satisfies ApiError };
        try {
          const hits = await search(term, {
            request: (args) => silentRequest(args, signal),
          });
          return { data: hits };
        } catch (err) {
          const e = err as Partial<ApiError>;
          return {
            error: {
              status: e.status ?? 'network',
              message: e.message ?? String(err),
            } satisfies ApiError,
          };
        }
      },
      keepUnusedDataFor: 60,
    }),
  }),
});

export const recordLookupEndpoint = lookupApi.endpoints.recordLookup;
