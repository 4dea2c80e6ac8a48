import { createSelector } from '@reduxjs/toolkit';
import { useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import type { RootState } from '../../state/store';
import { systemApi } from '../../api/system';
import type { ColumnDef, ValueOption } from '../types';

type Entry = { dictKey: string; dictValue: string };
/** The store with the API slice installed (the signed-in console; tests may lack it). */
type ApiState = Parameters<ReturnType<typeof systemApi.endpoints.dictionary.select>>[0];

/** Status and tag columns map values through options; these read theirs from a dictionary. */
const needsDictionary = <Row>(c: ColumnDef<Row>) =>
  (c.kind === 'status' || c.kind === 'tag') && Boolean(c.dict) && !c.options;

const EMPTY: readonly Entry[] = [];

/** Dictionaries carry one text, shown in both languages (as the selects do). */
const asOptions = (entries: readonly Entry[]): ValueOption[] =>
  entries.map((d) => ({ value: d.dictKey, label: { zh: d.dictValue, en: d.dictValue } }));

/**
 * The table's columns with the options of dictionary-backed status and tag columns filled in
 * (the dictionary endpoint the selects use, one request per code, cached). One subscription per
 * table rather than per cell; the result changes only when a dictionary arrives, so the column
 * model stays memoised. Columns without a dictionary are returned as declared.
 */
export function useColumnOptions<Row>(
  columns: readonly ColumnDef<Row>[],
): readonly ColumnDef<Row>[] {
  const dispatch = useAppDispatch();
  const codes = useMemo(
    () => [...new Set(columns.filter(needsDictionary).map((c) => c.dict!))],
    [columns],
  );
  const key = codes.join('\n');
  useEffect(() => {
    if (!key) return;
    const subscriptions = key
      .split('\n')
      .map((code) => dispatch(systemApi.endpoints.dictionary.initiate(code)));
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [dispatch, key]);
  const select = useMemo(
    () =>
      createSelector(
        codes.map((code) => (state: RootState) => {
          // Before the API slice is installed (tests of a bare table) there is no cache.
          const withApi = state as RootState & Partial<ApiState>;
          return withApi.api
            ? systemApi.endpoints.dictionary.select(code)(withApi as ApiState).data
            : undefined;
        }),
        (...lists: (readonly Entry[] | undefined)[]) => lists,
      ),
    [codes],
  );
  const lists = useAppSelector(select);
  return useMemo(() => {
    if (codes.length === 0) return columns;
    const byCode = new Map(codes.map((code, i) => [code, asOptions(lists[i] ?? EMPTY)]));
    return columns.map((c) => (needsDictionary(c) ? { ...c, options: byCode.get(c.dict!) } : c));
  }, [columns, codes, lists]);
}
