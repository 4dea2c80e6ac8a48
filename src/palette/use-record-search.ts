import { useEffect, useMemo, useState } from 'react';
import type { AppDispatch } from '../state/store';
import { recordLookupEndpoint } from './lookup-api';
import type { RecordHit, RecordLookup } from './record-lookup';

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

/** One look-up's answer to plain text. */
export interface PlainHits {
  lookup: RecordLookup;
  hits: RecordHit[];
}

const NO_GROUPS: readonly PlainHits[] = [];

/** Plain text shorter than this asks no look-up (one letter or hanzi would match half of them). */
export const PLAIN_MIN_CHARS = 2;

/**
 * Plain text (no scope prefix) searched in every look-up given that accepts it (issue 25 item
 * 13): debounced like a scoped search, one RTK Query request per look-up, all of them cancelled
 * by the next keystroke. Answers arrive one by one, in `lookups` order; a look-up that fails is
 * left out (plain text did not ask for it by name, so it says nothing).
 */
export function usePlainRecordSearch(
  dispatch: AppDispatch,
  lookups: readonly RecordLookup[],
  text: string,
) {
  const term = text.trim();
  const asked = useMemo(
    () =>
      Array.from(term).length >= PLAIN_MIN_CHARS
        ? lookups.filter((l) => l.plain?.accepts(term))
        : [],
    [lookups, term],
  );
  const key = asked.length > 0 ? `${asked.map((l) => l.scope).join(',')}:${term}` : '';
  const [state, setState] = useState<{
    key: string;
    answers: ReadonlyMap<string, RecordHit[]>;
    pending: number;
  }>({ key: '', answers: new Map(), pending: 0 });
  useEffect(() => {
    if (asked.length === 0) return;
    let cancelled = false;
    const subscriptions: { abort(): void; unsubscribe(): void }[] = [];
    const settle = (scope: string, hits: RecordHit[]) =>
      setState((s) =>
        s.key !== key
          ? s
          : { key, answers: new Map(s.answers).set(scope, hits), pending: s.pending - 1 },
      );
    const timer = setTimeout(() => {
      setState({ key, answers: new Map(), pending: asked.length });
      for (const lookup of asked) {
        const sub = dispatch(
          recordLookupEndpoint.initiate({ scope: lookup.scope, term, plain: true }),
        );
        subscriptions.push(sub);
        sub.unwrap().then(
          (hits) => {
            if (!cancelled) settle(lookup.scope, hits);
          },
          () => {
            if (!cancelled) settle(lookup.scope, []);
          },
        );
      }
    }, LOOKUP_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      for (const sub of subscriptions) {
        sub.abort();
        sub.unsubscribe();
      }
    };
  }, [dispatch, asked, term, key]);
  const current = state.key === key;
  const answers = current ? state.answers : undefined;
  // The same array while nothing changed: the palette's rows are memoised on it.
  const groups = useMemo(
    () =>
      answers
        ? asked.flatMap((lookup): PlainHits[] => {
            const hits = answers.get(lookup.scope);
            return hits && hits.length > 0 ? [{ lookup, hits }] : [];
          })
        : NO_GROUPS,
    [asked, answers],
  );
  return { groups, busy: key !== '' && (!current || state.pending > 0) };
}
