import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { useOutlet } from 'react-router';
import { useShell } from '../../state/shell-context';
import { keptPages, nextPageCache } from './keep-alive';
import { KeptPage } from './kept-page';

/**
 * The route's page plus the kept-alive ones (spec section 2), hidden rather than unmounted so
 * their state survives a tab switch. Pages leave when the tabs machine drops their key (closed or
 * evicted beyond 10). A hidden page still sees the current location through router hooks; its
 * own route params are those it was opened with.
 */
export function KeepAliveOutlet({ currentKey }: { currentKey: string }) {
  const outlet = useOutlet();
  const { tabs } = useShell();
  const keepAlive = useSelector(tabs, (s) => s.context.keepAlive);
  const [cache, setCache] = useState<ReadonlyMap<string, ReactNode>>(() => new Map());
  const next = nextPageCache(cache, currentKey, outlet, keepAlive);
  // Adjusting state while rendering (React's documented pattern for derived state): the cache
  // must hold the current page before the first paint, not one effect later.
  if (next !== cache) setCache(next);

  return keptPages(next.keys(), keepAlive, currentKey).map(({ key, visible }) => (
    <KeptPage key={key} pageKey={key} visible={visible}>
      {visible ? outlet : next.get(key)}
    </KeptPage>
  ));
}
