import { useSyncExternalStore } from 'react';

/**
 * Whether the shortcut cheat sheet is open. A module store so the `?` hotkey, a menu item or the
 * palette can open it without sharing a parent with the sheet, which the layout renders once.
 */
let opened = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (next === opened) return;
  opened = next;
  listeners.forEach((l) => l());
}

export const openShortcutHelp = (): void => set(true);
export const closeShortcutHelp = (): void => set(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => opened;

/** `{ opened, open, close }` for components that show or drive the cheat sheet. */
export function useShortcutHelp(): { opened: boolean; open: () => void; close: () => void } {
  const value = useSyncExternalStore(subscribe, read, read);
  return { opened: value, open: openShortcutHelp, close: closeShortcutHelp };
}
