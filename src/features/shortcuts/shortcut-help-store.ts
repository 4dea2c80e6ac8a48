import { createOpenStore } from '../../lib/open-store';

/**
 * Whether the shortcut cheat sheet is open. A module store so the `?` hotkey, a menu item or the
 * palette can open it without sharing a parent with the sheet, which the layout renders once.
 */
const store = createOpenStore<true>();

export const openShortcutHelp = (): void => store.open(true);
export const closeShortcutHelp = (): void => store.close();

/** `{ opened, open, close }` for components that show or drive the cheat sheet. */
export function useShortcutHelp(): { opened: boolean; open: () => void; close: () => void } {
  return { opened: store.use() === true, open: openShortcutHelp, close: closeShortcutHelp };
}
