import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { tabKey } from '../../../machines/tabs-machine';
import { useUserMenu } from '../../features/menu-search/use-user-menu';
import { useAppSelector, useLang, useT } from '../../state/hooks';
import { useShell } from '../../state/shell-context';
import { isCatchAll } from '../route-paths';
import { tabForLocation, tabLabel } from '../../lib/tab-labels';

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
    if (!current.known && (isLoading || isCatchAll(current.tab.path))) return;
    tabs.send({ type: 'tab.open', tab: current.tab });
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
