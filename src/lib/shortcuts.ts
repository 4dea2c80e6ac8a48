/**
 * Every keyboard shortcut of the console, declared once. Hooks bind them through
 * `useShortcut(id)`, the command palette shows them beside its commands and the `?` cheat sheet
 * is generated from this list, so a new shortcut is added here and nowhere else.
 */
import type { MessageKey } from '../i18n';

export type ShortcutScope = 'global' | 'tabs' | 'palette' | 'list';

export type ShortcutId =
  | 'palette.open'
  | 'shortcuts.help'
  | 'tab.next'
  | 'tab.prev'
  | 'tab.close'
  | 'tab.reopen'
  | 'lock.now'
  | 'palette.next'
  | 'palette.prev'
  | 'palette.run'
  | 'palette.back'
  | 'palette.close'
  | 'list.filter'
  | 'list.next'
  | 'list.prev'
  | 'list.toggle'
  | 'list.open'
  | 'list.edit'
  | 'list.remove'
  | 'list.new';

export interface Shortcut {
  id: ShortcutId;
  /** Where the shortcut is live; `global` ones are live everywhere, so they clash with all. */
  scope: ShortcutScope;
  /**
   * react-hotkeys-hook keys, e.g. `mod+k`, `shift+slash` for `?`, `alt+w`. Matched on the
   * physical key (KeyboardEvent.code), so Alt chords still work on macOS, where Alt changes the
   * character typed.
   */
  keys: string;
  /** How the keys are shown, e.g. `⌘K` / `Ctrl+K`. */
  display: { mac: string; other: string };
  /** What it does: a key of the `shortcuts` messages (`shortcuts.action.<id>`). */
  description: MessageKey;
  /** Button/menu permission code the user must hold, if any. */
  permission?: string;
  /** Chords with Ctrl/Cmd/Alt may fire while focus is in a text field; plain keys never do. */
  allowInInputs?: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'palette.open',
    scope: 'global',
    keys: 'mod+k',
    display: { mac: '⌘K', other: 'Ctrl+K' },
    description: 'shortcuts.action.palette.open',
    allowInInputs: true,
  },
  {
    id: 'shortcuts.help',
    scope: 'global',
    keys: 'shift+slash',
    display: { mac: '?', other: '?' },
    description: 'shortcuts.action.shortcuts.help',
  },
  {
    id: 'lock.now',
    scope: 'global',
    keys: 'alt+l',
    display: { mac: '⌥L', other: 'Alt+L' },
    description: 'shortcuts.action.lock.now',
    allowInInputs: true,
  },
  // Tab shortcuts stay out of text fields: on macOS Alt+←/→ moves the caret by word there.
  {
    id: 'tab.next',
    scope: 'tabs',
    keys: 'alt+arrowright',
    display: { mac: '⌥→', other: 'Alt+→' },
    description: 'shortcuts.action.tab.next',
  },
  {
    id: 'tab.prev',
    scope: 'tabs',
    keys: 'alt+arrowleft',
    display: { mac: '⌥←', other: 'Alt+←' },
    description: 'shortcuts.action.tab.prev',
  },
  {
    id: 'tab.close',
    scope: 'tabs',
    keys: 'alt+w',
    display: { mac: '⌥W', other: 'Alt+W' },
    description: 'shortcuts.action.tab.close',
  },
  {
    id: 'tab.reopen',
    scope: 'tabs',
    keys: 'alt+shift+t',
    display: { mac: '⌥⇧T', other: 'Alt+Shift+T' },
    description: 'shortcuts.action.tab.reopen',
  },
  // The palette handles its own keys inside its search field; they are listed for the cheat sheet.
  {
    id: 'palette.next',
    scope: 'palette',
    keys: 'arrowdown',
    display: { mac: '↓', other: '↓' },
    description: 'shortcuts.action.palette.next',
  },
  {
    id: 'palette.prev',
    scope: 'palette',
    keys: 'arrowup',
    display: { mac: '↑', other: '↑' },
    description: 'shortcuts.action.palette.prev',
  },
  {
    id: 'palette.run',
    scope: 'palette',
    keys: 'enter',
    display: { mac: '↩', other: 'Enter' },
    description: 'shortcuts.action.palette.run',
  },
  {
    id: 'palette.back',
    scope: 'palette',
    keys: 'backspace',
    display: { mac: '⌫', other: 'Backspace' },
    description: 'shortcuts.action.palette.back',
  },
  {
    id: 'palette.close',
    scope: 'palette',
    keys: 'escape',
    display: { mac: 'Esc', other: 'Esc' },
    description: 'shortcuts.action.palette.close',
  },
  // List screens (resource engine). j/k, / and n are live on the visible list screen when no
  // dialog is open; the others act on the focused row (its own key handler reads them here).
  {
    id: 'list.filter',
    scope: 'list',
    keys: 'slash',
    display: { mac: '/', other: '/' },
    description: 'shortcuts.action.list.filter',
  },
  {
    id: 'list.next',
    scope: 'list',
    keys: 'j',
    display: { mac: 'J / ↓', other: 'J / ↓' },
    description: 'shortcuts.action.list.next',
  },
  {
    id: 'list.prev',
    scope: 'list',
    keys: 'k',
    display: { mac: 'K / ↑', other: 'K / ↑' },
    description: 'shortcuts.action.list.prev',
  },
  {
    id: 'list.toggle',
    scope: 'list',
    keys: 'x',
    display: { mac: 'X', other: 'X' },
    description: 'shortcuts.action.list.toggle',
  },
  {
    id: 'list.open',
    scope: 'list',
    keys: 'enter',
    display: { mac: '↩', other: 'Enter' },
    description: 'shortcuts.action.list.open',
  },
  {
    id: 'list.edit',
    scope: 'list',
    keys: 'e',
    display: { mac: 'E', other: 'E' },
    description: 'shortcuts.action.list.edit',
  },
  {
    id: 'list.remove',
    scope: 'list',
    keys: 'd',
    display: { mac: 'D', other: 'D' },
    description: 'shortcuts.action.list.remove',
  },
  {
    id: 'list.new',
    scope: 'list',
    keys: 'n',
    display: { mac: 'N', other: 'N' },
    description: 'shortcuts.action.list.new',
  },
];

/** Whether a key event is a single-key shortcut of the registry (for row key handlers). */
export function isShortcutKey(
  event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  id: ShortcutId,
): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return event.key.toLowerCase() === shortcut(id).keys;
}

export function shortcut(id: ShortcutId): Shortcut {
  const found = SHORTCUTS.find((s) => s.id === id);
  if (!found) throw new Error(`Unknown shortcut ${id}`);
  return found;
}

/** Whether the user may use a shortcut: those without a permission are open to everyone. */
export function shortcutPermitted(s: Shortcut, permissions: ReadonlySet<string>): boolean {
  return s.permission === undefined || permissions.has(s.permission);
}

const MODIFIER_ORDER = ['ctrl', 'alt', 'shift', 'meta'] as const;

const ALIASES: Record<string, string> = {
  control: 'ctrl',
  cmd: 'meta',
  command: 'meta',
  os: 'meta',
  option: 'alt',
  esc: 'escape',
  return: 'enter',
  left: 'arrowleft',
  right: 'arrowright',
  up: 'arrowup',
  down: 'arrowdown',
  '/': 'slash',
  ',': 'comma',
  '.': 'period',
  ';': 'semicolon',
  '?': 'shift+slash',
};

/**
 * One binding as the concrete chords it can fire on: `mod` is Ctrl on Windows/Linux and Cmd on
 * macOS, so `mod+k` is both `ctrl+k` and `meta+k`. Comma-separated alternatives are split.
 */
function chords(keys: string): string[] {
  const out: string[] = [];
  for (const alternative of keys.toLowerCase().split(',')) {
    const parts = alternative
      .split('+')
      .map((p) => p.trim())
      .filter((p) => p !== '')
      .flatMap((p) => (ALIASES[p] ?? p).split('+'));
    const mods = new Set(parts.filter((p) => p === 'mod' || MODIFIER_ORDER.some((m) => m === p)));
    const rest = parts.filter((p) => !mods.has(p)).sort();
    const variants = mods.has('mod') ? ['ctrl', 'meta'] : [null];
    for (const variant of variants) {
      const held = new Set(mods);
      held.delete('mod');
      if (variant) held.add(variant);
      out.push([...MODIFIER_ORDER.filter((m) => held.has(m)), ...rest].join('+'));
    }
  }
  return [...new Set(out)];
}

const clashes = (a: ShortcutScope, b: ShortcutScope) => a === b || a === 'global' || b === 'global';

/**
 * Bindings declared twice within one scope (global clashes with every scope), normalised (order
 * of modifiers, case, 'mod' = ctrl on non-mac AND meta on mac, 'shift+slash' vs '?'). Empty when
 * none. Each entry reads `ctrl+k: palette.open (global), other.id (palette)`.
 */
export function duplicateBindings(list: readonly Shortcut[]): string[] {
  const found: string[] = [];
  const expanded = list.map((s) => ({ s, chords: chords(s.keys) }));
  expanded.forEach((a, i) => {
    for (const b of expanded.slice(i + 1)) {
      if (!clashes(a.s.scope, b.s.scope)) continue;
      for (const chord of a.chords.filter((c) => b.chords.includes(c)))
        found.push(`${chord}: ${a.s.id} (${a.s.scope}), ${b.s.id} (${b.s.scope})`);
    }
  });
  return found;
}

export function shortcutLabel(s: Shortcut, platform: 'mac' | 'other'): string {
  return s.display[platform];
}

/** Same test as react-hotkeys-hook's, so the label shown agrees with what `mod` binds. */
export function currentPlatform(): 'mac' | 'other' {
  if (typeof navigator === 'undefined') return 'other';
  const ua = navigator.userAgent;
  return /mac/i.test(ua) && !/iphone|ipad|ipod/i.test(ua) ? 'mac' : 'other';
}
