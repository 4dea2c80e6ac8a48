import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import {
  NavigationType,
  useLocation,
  useNavigationType,
  useOutlet,
  type Location,
} from 'react-router';
import { useShell } from '../../state/shell-context';
import { keptPages, nextPageCache, type PageEntry } from './keep-alive';
import { KeptPage } from './kept-page';
import { usePreloadScreens } from './resource-page';
import { useLocationTab } from './use-location-tab';

type Entry = PageEntry<ReactNode, Location>;

/**
 * The route's page plus the kept-alive ones (spec section 2), hidden rather than unmounted so
 * their state survives a tab switch. Pages leave when the tabs machine drops their key (closed or
 * evicted beyond 10). A hidden page renders the element and the location it last showed: it
 * does not see the current address (its screen would otherwise render the new route in its
 * place) and, with nothing of its own changed, it does not render at all while hidden.
 */
export function KeepAliveOutlet() {
  usePreloadScreens();
  const currentKey = useLocationTab();
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const { tabs } = useShell();
  const keepAlive = useSelector(tabs, (s) => s.context.keepAlive);
  const [cache, setCache] = useState<ReadonlyMap<string, Entry>>(() => new Map());
  const next = nextPageCache(cache, currentKey, { element: outlet, location }, keepAlive);
  // Adjusting state while rendering (React's documented pattern for derived state): the cache
  // must hold the current page before the first paint, not one effect later.
  if (next !== cache) setCache(next);

  // Every page, the current one too, renders its stored element: the same object until its
  // location changes, so a render of this outlet for another reason (a tab opening, a page
  // evicted) renders no page again.
  return keptPages(next.keys(), keepAlive, currentKey).map(({ key, visible }) => {
    const entry = next.get(key)!;
    return (
      <KeptPage
        key={key}
        pageKey={key}
        visible={visible}
        location={entry.location}
        navigationType={visible ? navigationType : NavigationType.Pop}
      >
        {entry.element}
      </KeptPage>
    );
  });
}
