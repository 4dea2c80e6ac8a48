import { AppShell } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.layer.css';
import { useMemo, useState } from 'react';
import { useStore } from 'react-redux';
import {
  ShortcutCheatSheetHost,
  ShortcutHelpHotkey,
} from '../../features/shortcuts/cheat-sheet-host';
import { useUserMenu } from '../../features/menu-search/use-user-menu';
import { UserDetailDrawer } from '../../features/users/user-detail-drawer';
import { ResetPasswordHost } from '../../features/users/reset-password-host';
import { usePersonalisationSync } from '../../features/personalise/use-personalisation-sync';
import { permissionFlags, useMenuButtonsQuery } from '../../api/system';
import { PermissionsProvider } from '../../state/permissions-context';
import type { ButtonNode } from '../../contracts/auth';
import { useAppSelector, useT } from '../../state/hooks';
import { installApi } from '../install-api';
import type { AppStore } from '../../state/store';
import { SHELL_THEMES } from '../../state/theme';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { TOAST_LIMIT, TOAST_POSITION } from '../../components/toast';
import classes from './layout.module.css';
import { LogoBlock } from './logo-block';
import { OfflineBanner } from './offline-banner';
import { PaletteLauncher } from '../../palette/palette-launcher';
import { shellVars } from '../../state/shell-style';
import { Sidebar } from './sidebar';
import { SidebarOpenContext } from './sidebar-open';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';
import { useStoredTabs, useWindowTitle } from './use-location-tab';

const HEADER_HEIGHT = 56;
const NO_BUTTONS: ButtonNode[] = [];
const NAVBAR_WIDE = 220;
const NAVBAR_NARROW = 64;
/** Mantine's `md` breakpoint, 62em = 992px (spec section 9: below it is a small screen). */
const SMALL_SCREEN = '(max-width: 61.99em)';

/**
 * The signed-in frame: header (logo block + top bar), sidebar, tab bar and the kept-alive
 * pages. RTK Query is installed here first, so everything below may use its hooks.
 */
export function MainLayout() {
  installApi(useStore() as AppStore);
  // First: the tabs are put back before anything below reads them.
  useStoredTabs();
  const t = useT();
  const { theme, collapsed } = useAppSelector((s) => s.ui);
  // Read on the first render: answered in an effect, it rendered the whole shell twice.
  const small = useMediaQuery(SMALL_SCREEN, false, { getInitialValueInEffect: false }) ?? false;
  const menu = useUserMenu();
  const buttons = useMenuButtonsQuery().data;
  // What the user may do: held button codes plus the codes of the screens they can see (a
  // screen without buttons grants its list only through the menu).
  const permissions = useMemo(
    () => new Set([...Object.keys(permissionFlags(buttons)), ...menu.leaves.map((l) => l.code)]),
    [buttons, menu.leaves],
  );
  useWindowTitle();
  usePersonalisationSync();

  // Small screens: the sidebar is an overlay that the top bar's collapse toggle opens and
  // closes (each toggle flips it) and that folds away after an item is opened (spec screen 7).
  // The stored `collapsed` flag keeps meaning the desktop's narrow sidebar.
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [seen, setSeen] = useState({ collapsed, small });
  if (seen.collapsed !== collapsed || seen.small !== small) {
    setSeen({ collapsed, small });
    setOverlayOpen(seen.small === small ? !overlayOpen : false);
  }
  const narrow = collapsed && !small;
  const navbarWidth = narrow ? NAVBAR_NARROW : NAVBAR_WIDE;
  // The same elements from render to render: a new menu, buttons or personal settings render
  // the layout again, and without these every part of the shell and the page would follow.
  // Each part still renders for what it reads itself (issue 31: a reload renders the layout
  // once per answer that arrives).
  const topBar = useMemo(() => <TopBar />, []);
  const sidebar = useMemo(
    () => <Sidebar collapsed={narrow} onNavigate={() => small && setOverlayOpen(false)} />,
    [narrow, small],
  );
  const pages = useMemo(
    () => (
      <>
        <OfflineBanner />
        <TabBar />
        <div className={classes.pages}>
          <KeepAliveOutlet />
        </div>
      </>
    ),
    [],
  );

  return (
    <PermissionsProvider value={permissions}>
      <SidebarOpenContext value={small ? overlayOpen : !collapsed}>
        <AppShell
          header={{ height: HEADER_HEIGHT }}
          navbar={{ width: navbarWidth, breakpoint: 'md', collapsed: { mobile: !overlayOpen } }}
          padding={0}
          style={shellVars(SHELL_THEMES[theme])}
        >
          <a href="#main-content" className={classes.skipLink}>
            {t('layout.skipToContent')}
          </a>
          <Notifications position={TOAST_POSITION} limit={TOAST_LIMIT} />
          <AppShell.Header className={classes.header} style={{ display: 'flex' }}>
            <LogoBlock collapsed={narrow || small} {...(small ? {} : { width: navbarWidth })} />
            <div style={{ flex: 1, minWidth: 0, height: '100%' }}>{topBar}</div>
          </AppShell.Header>
          {/* Off-screen on a small screen until opened: keep its links out of the tab order too. */}
          <AppShell.Navbar className={classes.navbar} inert={small && !overlayOpen}>
            {sidebar}
          </AppShell.Navbar>
          <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
            {pages}
          </AppShell.Main>
          <PaletteLauncher
            permissions={permissions}
            tree={menu.tree}
            leaves={menu.leaves}
            buttons={buttons ?? NO_BUTTONS}
          />
          <ShortcutCheatSheetHost />
          <ShortcutHelpHotkey />
          <UserDetailDrawer />
          <ResetPasswordHost />
        </AppShell>
      </SidebarOpenContext>
    </PermissionsProvider>
  );
}
