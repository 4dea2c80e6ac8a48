import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { tabKey } from '../../../machines/tabs-machine';
import { useUserMenu } from '../../features/menu-search/use-user-menu';
import { useAppSelector, useLang, useT } from '../../state/hooks';
import { onSessionCleared } from '../../state/session-slice';
import { useShell } from '../../state/shell-context';
import { clearStoredTabs, loadStoredTabs, saveStoredTabs } from '../../state/stored-state';
import { isCatchAll } from '../route-paths';
import { tabForLocation, tabLabel } from '../../lib/tab-labels';

/**
 * Whether the location gets a tab: a path that only the catch-all route knows waits for the
 * menu, and gets none if it is not a menu leaf (it is a 404).
 */
function opensTab(current: ReturnType<typeof tabForLocation>, menuLoading: boolean): boolean {
  return current.known || !(menuLoading || isCatchAll(current.tab.path));
}

/**
 * Keeps the tab bar in step with the router (spec section 2: visiting a page adds a tab) and
 * returns the keep-alive key of the current location. A path that only the catch-all route
 * knows waits for the menu, and gets no tab if it is not a menu leaf (it is a 404).
 */
export function useLocationTab(): string {
  const { tabs } = useShell();
  const location = useLocation();
  const { leaves, isLoading } = useUserMenu();
  const current = useMemo(
    () => tabForLocation(location.pathname, location.search, leaves),
    [location.pathname, location.search, leaves],
  );

  useEffect(() => {
    if (opensTab(current, isLoading)) tabs.send({ type: 'tab.open', tab: current.tab });
  }, [tabs, current, isLoading]);

  return tabKey(current.tab.path, current.tab.query);
}

/** Window title (spec section 2): the active tab's label and the site name. */
export function useWindowTitle(): void {
  const { tabs } = useShell();
  const lang = useLang();
  const t = useT();
  const sideName = useAppSelector((s) => s.ui.personalisation.sideName);
  const active = useSelector(tabs, (s) =>
    s.context.tabs.find((x) => x.key === s.context.activeKey),
  );
  const site = sideName.trim() || t('app.name');
  const label = active ? tabLabel(active, lang) : '';
  useEffect(() => {
    document.title = label ? `${label} - ${site}` : site;
  }, [label, site]);
}

// Logging out (or the session ending) forgets the open tabs (spec section 4).
onSessionCleared(clearStoredTabs);

/**
 * Open tabs survive a reload: the list is put back when the signed-in frame first renders
 * (before the address opens its own tab, so the stored order holds) and saved as it changes, per user
 * (state/stored-state.ts). Pages are not: a restored tab's page opens when it is visited.
 */
export function useStoredTabs(): void {
  const { tabs } = useShell();
  const session = useAppSelector((s) => s.session.session);
  const tenantId = session?.tenant_id;
  const userId = session?.user_id;
  const location = useLocation();
  const { leaves, isLoading } = useUserMenu();

  // Put back, with the address's own tab opened, during the layout's first render and before any
  // part of it reads the tabs: done in effects, the tab bar, the window title and the pages
  // rendered again right after the first paint (issue 31). Restoring twice changes nothing.
  const [restoredFor, setRestoredFor] = useState<string | undefined>(undefined);
  const who = tenantId !== undefined && userId !== undefined ? `${tenantId}/${userId}` : undefined;
  if (who !== undefined && restoredFor !== who) {
    setRestoredFor(who);
    const stored = loadStoredTabs(tenantId!, userId!);
    if (stored.length) tabs.send({ type: 'tabs.restore', tabs: stored });
    const current = tabForLocation(location.pathname, location.search, leaves);
    if (opensTab(current, isLoading)) tabs.send({ type: 'tab.open', tab: current.tab });
  }

  useLayoutEffect(() => {
    if (tenantId === undefined || userId === undefined) return;
    let last = tabs.getSnapshot().context.tabs;
    const save = (list: typeof last) => saveStoredTabs({ tenantId, userId, tabs: list.slice(1) });
    save(last);
    const subscription = tabs.subscribe((snapshot) => {
      const list = snapshot.context.tabs;
      if (list === last) return;
      last = list;
      save(list);
    });
    return () => subscription.unsubscribe();
  }, [tabs, tenantId, userId]);
}
