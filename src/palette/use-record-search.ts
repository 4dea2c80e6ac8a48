import { useEffect, useState } from 'react';
import type { AppDispatch } from '../state/store';
import { recordLookupEndpoint } from './lookup-api';
import type { RecordHit } from './record-lookup';

const LOOKUP_DEBOUNCE_MS = 250;

/**
 * The debounced, cancellable record search of a scope: the next keystroke cancels the pending
 * request; RTK Query answers repeated terms from its cache.
 */
export function useRecordSearch(dispatch: AppDispatch, scope: string | undefined, term: string) {
  const [state, setState] = useState<{
    key: string;
    hits: RecordHit[];
    busy: boolean;
    settled: boolean;
    error?: string;
  }>({ key: '', hits: [], busy: false, settled: false });
  const key = scope && term ? `${scope}:${term}` : '';
  useEffect(() => {
    if (!scope || !term) return;
    let cancelled = false;
    let subscription: { abort(): void; unsubscribe(): void } | undefined;
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, key, busy: true, settled: false }));
      const sub = dispatch(recordLookupEndpoint.initiate({ scope, term }));
      subscription = sub;
      sub
        .unwrap()
        .then((hits) => {
          if (cancelled) return;
          setState({ key, hits, busy: false, settled: true });
        })
        .catch((err: { message?: string; name?: string }) => {
          if (cancelled || err.name === 'AbortError') return;
          setState({ key, hits: [], busy: false, settled: true, error: err.message ?? '' });
        });
    }, LOOKUP_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      subscription?.abort();
      subscription?.unsubscribe();
    };
  }, [dispatch, scope, term, key]);
  const current = state.key === key;
  return {
    hits: current ? state.hits : [],
    busy: key !== '' && (!current || state.busy),
    settled: current && state.settled,
    error: current ? state.error : undefined,
  };
}
