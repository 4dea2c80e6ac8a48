import { ActionIcon, CloseButton, Menu, ScrollArea } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import type { Tab } from '../../../machines/tabs-machine';
import { useLang, useT } from '../../state/hooks';
import { useShell } from '../../state/shell-context';
import { ClearCacheDialog } from './clear-cache-dialog';
import { clearCacheDialog } from '../../state/shell-dialogs';
import classes from './layout.module.css';
import { TabContextMenu, type ContextMenuState } from './tab-context-menu';
import { tabHref, tabLabel } from '../../lib/tab-labels';
import { useTabCommands, useTabShortcuts } from '../../components/use-tab-commands';

function focusActiveTab(): void {
  document.querySelector<HTMLElement>('[data-tab-link][aria-current="page"]')?.focus();
}

/**
 * The tab bar (spec screen 9): one link per open page (aria-current on the active one), a close
 * button beside each but home, a right-click menu, an actions menu with clear cache, and the
 * tab shortcuts of lib/shortcuts.ts. Links rather than ARIA tabs: each one is a page address, and a
 * close button may not sit inside a tab.
 */
export function TabBar() {
  const t = useT();
  const lang = useLang();
  const { tabs } = useShell();
  const list = useSelector(tabs, (s) => s.context.tabs);
  const activeKey = useSelector(tabs, (s) => s.context.activeKey);
  const commands = useTabCommands();
  const [menu, setMenu] = useState<ContextMenuState | null>(null);
  const clearing = clearCacheDialog.use() === true;
  const homeKey = list[0]?.key;

  useTabShortcuts(commands, activeKey);

  const openMenu = (tab: Tab, label: string, x: number, y: number, el: HTMLElement) =>
    setMenu({ key: tab.key, label, x, y, returnTo: el });

  const onContextMenu = (e: MouseEvent<HTMLAnchorElement>, tab: Tab, label: string) => {
    e.preventDefault();
    const el = e.currentTarget;
    // A keyboard-raised contextmenu event has no pointer position: place it under the tab.
    if (e.clientX === 0 && e.clientY === 0) {
      const r = el.getBoundingClientRect();
      openMenu(tab, label, r.left, r.bottom, el);
    } else openMenu(tab, label, e.clientX, e.clientY, el);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLAnchorElement>, tab: Tab, label: string) => {
    if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      e.preventDefault();
      const r = e.currentTarget.getBoundingClientRect();
      openMenu(tab, label, r.left, r.bottom, e.currentTarget);
    }
  };

  return (
    <div className={classes.tabBar}>
      <ScrollArea type="never" style={{ flex: 1, minWidth: 0 }}>
        <nav aria-label={t('layout.tabs.label')}>
          <ul className={classes.tabList}>
            {list.map((tab) => {
              const label = tabLabel(tab, lang);
              const active = tab.key === activeKey;
              const closable = tab.key !== homeKey && list.length > 1;
              return (
                <li
                  key={tab.key}
                  className={classes.tab}
                  data-active={active || undefined}
                  data-closable={closable || undefined}
                >
                  <Link
                    to={tabHref(tab)}
                    className={classes.tabLink}
                    aria-current={active ? 'page' : undefined}
                    data-tab-link
                    title={label}
                    onContextMenu={(e) => onContextMenu(e, tab, label)}
                    onKeyDown={(e) => onKeyDown(e, tab, label)}
                  >
                    {label}
                  </Link>
                  {closable && (
                    <CloseButton
                      size="xs"
                      aria-label={t('layout.tabs.close', { label })}
                      onClick={() => {
                        commands.close(tab.key);
                        // The button is gone: keep keyboard users in the tab bar.
                        setTimeout(() => focusActiveTab(), 0);
                      }}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
      </ScrollArea>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('layout.tabs.actions')}>
            <IconChevronDown size={16} aria-hidden="true" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown aria-label={t('layout.tabs.actions')}>
          <Menu.Item onClick={() => commands.closeOthers(activeKey)}>
            {t('layout.tabs.closeOthers')}
          </Menu.Item>
          <Menu.Item onClick={commands.closeAll}>{t('layout.tabs.closeAll')}</Menu.Item>
          <Menu.Divider />
          <Menu.Item onClick={() => clearCacheDialog.open(true)}>
            {t('layout.cache.clear')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <TabContextMenu
        state={menu}
        onClose={() => setMenu(null)}
        closeOthers={commands.closeOthers}
        closeAll={commands.closeAll}
      />
      <ClearCacheDialog opened={clearing} onClose={clearCacheDialog.close} />
    </div>
  );
}
