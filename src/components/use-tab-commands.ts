import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { TabsEvent } from '../../machines/tabs-machine';
import { useShortcut } from './use-shortcut';
import { useShell } from '../state/shell-context';
import { tabHref } from '../lib/tab-labels';

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
 * it (the location sync opens / activates the same tab again, which changes nothing).
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
    return {
      close: (key) => run({ type: 'tab.close', key }),
      closeOthers: (key) => run({ type: 'tab.closeOthers', key }),
      closeAll: () => run({ type: 'tab.closeAll' }),
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
