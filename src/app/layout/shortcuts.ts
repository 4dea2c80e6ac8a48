/**
 * Keyboard shortcuts of the signed-in frame, in react-hotkeys-hook syntax. The layout binds
 * them; the command palette lists them (with the description in the current language), so a
 * new shortcut is added here and nowhere else.
 */
export interface Shortcut {
  id: ShortcutId;
  /** react-hotkeys-hook keys (matched on the physical key, so Alt on macOS still works). */
  keys: string;
  /** How the palette shows the keys. */
  display: string;
  description: { zh: string; en: string };
}

export type ShortcutId = 'tab.next' | 'tab.prev' | 'tab.close' | 'tab.reopen';

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'tab.next',
    keys: 'alt+arrowright',
    display: 'Alt+→',
    description: { zh: '切换到下一个标签页', en: 'Next tab' },
  },
  {
    id: 'tab.prev',
    keys: 'alt+arrowleft',
    display: 'Alt+←',
    description: { zh: '切换到上一个标签页', en: 'Previous tab' },
  },
  {
    id: 'tab.close',
    keys: 'alt+w',
    display: 'Alt+W',
    description: { zh: '关闭当前标签页', en: 'Close the current tab' },
  },
  {
    id: 'tab.reopen',
    keys: 'alt+shift+t',
    display: 'Alt+Shift+T',
    description: { zh: '重新打开关闭的标签页', en: 'Reopen the closed tab' },
  },
];

export function shortcutKeys(id: ShortcutId): string {
  return SHORTCUTS.find((s) => s.id === id)!.keys;
}
