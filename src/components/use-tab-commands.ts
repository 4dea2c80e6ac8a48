import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { TabsEvent } from '../../machines/tabs-machine';
import { useShortcut } from './use-shortcut';
import { useShell } from '../state/shell-context';
import { tabHref } from '../lib/tab-labels';
import { mayCloseTabs } from '../lib/close-guards';

export interface TabCommands {
  close(key: string): void;
  closeOthers(key: string): void;
  closeAll(): void;
  next(): void;
  prev(): void;
  reopen(): void;
}

/**
 * Tab bar commands: the tabs machine decides which tab becomes active, then the router follows
 * it (the location sync opens / activates the same tab again, which changes nothing). A close
 * first asks the pages of the tabs it would close that guard them (lib/close-guards.ts).
 */
export function useTabCommands(): TabCommands {
  const { tabs } = useShell();
  const navigate = useNavigate();
  return useMemo(() => {
    const run = (event: TabsEvent) => {
      tabs.send(event);
      const { tabs: list, activeKey } = tabs.getSnapshot().context;
      const active = list.find((t) => t.key === activeKey);
      if (!active) return;
      const href = tabHref(active);
      if (href !== window.location.pathname + window.location.search) void navigate(href);
    };
    const closing = async (event: TabsEvent, keys: (all: string[]) => string[]) => {
      const all = tabs.getSnapshot().context.tabs.map((t) => t.key);
      if (await mayCloseTabs(keys(all))) run(event);
    };
    return {
      close: (key) => void closing({ type: 'tab.close', key }, () => [key]),
      closeOthers: (key) =>
        void closing({ type: 'tab.closeOthers', key }, (all) => all.filter((k) => k !== key)),
      closeAll: () => void closing({ type: 'tab.closeAll' }, (all) => all),
      next: () => run({ type: 'tab.next' }),
      prev: () => run({ type: 'tab.prev' }),
      reopen: () => run({ type: 'tab.reopen' }),
    };
  }, [tabs, navigate]);
}

/** Binds the tab shortcuts of the registry (lib/shortcuts.ts) to the tab commands. */
export function useTabShortcuts(commands: TabCommands, activeKey: string): void {
  useShortcut('tab.next', () => commands.next());
  useShortcut('tab.prev', () => commands.prev());
  useShortcut('tab.close', () => commands.close(activeKey));
  useShortcut('tab.reopen', () => commands.reopen());
}
