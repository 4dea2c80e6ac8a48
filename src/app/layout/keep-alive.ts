/**
 * Keep-alive decisions (spec section 2: up to 10 pages kept alive by path + query, home never
 * evicted). The tabs machine owns the list and the eviction order; these helpers only decide
 * which rendered pages stay mounted and which one is shown.
 */

/** A page mounted by the layout, shown or hidden with display:none. */
export interface KeptPage {
  key: string;
  visible: boolean;
}

/**
 * What a kept page renders while hidden: the route element and the location it last showed
 * (a hidden page keeps seeing its own address, not the current one).
 */
export interface PageEntry<E, L> {
  element: E;
  location: L;
}

/**
 * The pages to keep after this render: everything still in the keep-alive list plus the
 * current page (it joins the list only once its tab opens, one effect later). The current
 * page's entry is replaced when its location changed (compared by identity: the router makes a
 * new location object per navigation only). Returns the same map when nothing changed, so the
 * caller can skip a state update.
 */
export function nextPageCache<E, L>(
  cache: ReadonlyMap<string, PageEntry<E, L>>,
  current: string,
  shown: PageEntry<E, L>,
  keepAlive: readonly string[],
): ReadonlyMap<string, PageEntry<E, L>> {
  const keep = new Set(keepAlive);
  keep.add(current);
  const stale = [...cache.keys()].some((k) => !keep.has(k));
  if (!stale && cache.get(current)?.location === shown.location) return cache;
  const next = new Map([...cache].filter(([k]) => keep.has(k)));
  // Map.set on an existing key keeps its place: pages stay in first-opened order.
  if (next.get(current)?.location !== shown.location) next.set(current, shown);
  return next;
}

/**
 * Mounted pages in the order they were first opened, so switching tabs never moves DOM nodes
 * (moving a frame reloads it); only the current one is visible.
 */
export function keptPages(
  cachedKeys: Iterable<string>,
  keepAlive: readonly string[],
  current: string,
): KeptPage[] {
  const keep = new Set(keepAlive);
  return [...cachedKeys]
    .filter((k) => k === current || keep.has(k))
    .map((key) => ({ key, visible: key === current }));
}
