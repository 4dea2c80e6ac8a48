import { useEffect } from 'react';
import { useResourceListQuery } from '../../api/resource';
import type { CallMethod } from '../../contracts/resource-contract';
import type { Row } from './table-row';

/** Children of a lazy tree's opened nodes, by parent id. */
export type ChildRows = Readonly<Record<string, readonly Row[]>>;

/** Every row of a tree, depth first. */
export function flattenTree(rows: readonly Row[]): Row[] {
  const out: Row[] = [];
  const walk = (level: readonly Row[]) => {
    for (const row of level) {
      out.push(row);
      if (Array.isArray(row.children)) walk(row.children as Row[]);
    }
  };
  walk(rows);
  return out;
}

/** How many rows of a tree are on screen: the top level and the children of opened nodes. */
export function shownTreeRows(rows: readonly Row[], expanded: Readonly<Record<string, boolean>>) {
  let count = 0;
  const walk = (level: readonly Row[]) => {
    for (const row of level) {
      count++;
      if (expanded[String(row.id)] && Array.isArray(row.children)) walk(row.children as Row[]);
    }
  };
  walk(rows);
  return count;
}

/**
 * A lazy tree's rows with the loaded children put in place (new objects along the way, so the
 * table sees the change; untouched branches keep their identity).
 */
export function withChildren(rows: readonly Row[], children: ChildRows): Row[] {
  return rows.map((row) => {
    const loaded = children[String(row.id)];
    if (!loaded) return row;
    return { ...row, children: withChildren(loaded, children) };
  });
}

const pageOf = (data: unknown): readonly Row[] =>
  Array.isArray(data)
    ? (data as Row[])
    : ((data as { records?: Row[] } | undefined)?.records ?? []);

/**
 * Loads one opened node's children and hands them up; being a query subscription, a write to the
 * resource reloads them too. Renders nothing.
 */
export function TreeChildren({
  service,
  path,
  method,
  parentId,
  fixedParams,
  onRows,
}: {
  service: string;
  path: string;
  /** The list call's declared method (the children are asked for like the top level). */
  method?: CallMethod | undefined;
  parentId: string;
  fixedParams: Readonly<Record<string, string>>;
  onRows(parentId: string, rows: readonly Row[]): void;
}) {
  const { data } = useResourceListQuery({
    service,
    path,
    method,
    params: { ...fixedParams, parentId },
  });
  useEffect(() => {
    if (data !== undefined) onRows(parentId, pageOf(data));
    // onRows is a fresh closure each render; the data is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, parentId]);
  return null;
}
