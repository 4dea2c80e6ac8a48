import { Box, Group } from '@mantine/core';
import { PersonalInfoHost } from '../../features/profile/personal-info-host';
import { NoticesPopover } from '../../features/notices/notices-popover';
import { useT } from '../../state/hooks';
import { AutoLockTimer } from './top-bar/auto-lock-timer';
import { CollapseToggle } from './top-bar/collapse-toggle';
import { ThemeColorPicker } from './top-bar/color-picker';
import { DebugLogButton } from './top-bar/debug-log-button';
import { ExportCentreButton } from './top-bar/export-centre-button';
import { FullscreenButton } from './top-bar/fullscreen-button';
import { LanguageMenu } from './top-bar/language-menu';
import { LockMenu } from './top-bar/lock-menu';
import { MenuSearchButton } from './top-bar/menu-search-button';
import { ThemeMenu } from './top-bar/theme-menu';
import { TodoBadge } from './top-bar/todo-badge';
import { TopMenus } from './top-bar/top-menus';
import { UserMenu } from './top-bar/user-menu';

/**
 * The signed-in top bar (spec screen 1), left to right: collapse toggle, top menus, then the
 * tools (menu search, colour, debug log, lock, theme, notices, language, full screen, download
 * centre) and the user menu. It also hosts what those open for the whole shell: the
 * personal-info drawer and the idle auto-lock timer. Colours follow the theme's header
 * (`--shell-header-text`, set by the layout).
 */
export function TopBar() {
  const t = useT();
  return (
    <Group
      h="100%"
      px="xs"
      gap="xs"
      justify="space-between"
      wrap="nowrap"
      style={{ color: 'var(--shell-header-text, inherit)', minWidth: 0 }}
    >
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Box style={{ flexShrink: 0 }}>
          <CollapseToggle />
        </Box>
        <TopMenus />
      </Group>
      <Group
        gap={2}
        wrap="nowrap"
        role="toolbar"
        aria-label={t('topbar.label')}
        style={{ flexShrink: 0 }}
      >
        <MenuSearchButton />
        {/* Phones keep the essentials; look-and-feel tools need a wider screen. */}
        <Box visibleFrom="sm">
          <ThemeColorPicker />
        </Box>
        <Box visibleFrom="sm">
          <DebugLogButton />
        </Box>
        <LockMenu />
        <Box visibleFrom="sm">
          <ThemeMenu />
        </Box>
        <Box visibleFrom="sm">
          <NoticesPopover />
        </Box>
        <TodoBadge />
        <LanguageMenu />
        <Box visibleFrom="sm">
          <FullscreenButton />
        </Box>
        <ExportCentreButton />
        <UserMenu />
      </Group>
      <PersonalInfoHost />
      <AutoLockTimer />
    </Group>
  );
}
