import { afterEach, describe, expect, it, vi } from 'vitest';
import { isMessageKey, translate } from '../i18n';
import {
  currentPlatform,
  duplicateBindings,
  SHORTCUTS,
  shortcut,
  shortcutLabel,
  type Shortcut,
  type ShortcutId,
  type ShortcutScope,
} from './shortcuts';

const make = (id: string, scope: ShortcutScope, keys: string): Shortcut => ({
  id: id as ShortcutId,
  scope,
  keys,
  display: { mac: keys, other: keys },
  description: 'shortcuts.action.palette.open',
});

describe('SHORTCUTS', () => {
  it('binds no key combination twice', () => {
    expect(duplicateBindings(SHORTCUTS)).toEqual([]);
  });

  it('has unique ids', () => {
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length);
  });

  it('describes each shortcut in both languages and labels it on both platforms', () => {
    for (const s of SHORTCUTS) {
      expect(isMessageKey(s.description), s.id).toBe(true);
      expect(translate('zh', s.description).trim(), s.id).not.toBe('');
      expect(translate('en', s.description).trim(), s.id).not.toBe('');
      expect(s.display.mac.trim(), s.id).not.toBe('');
      expect(s.display.other.trim(), s.id).not.toBe('');
    }
  });

  it('lets only Ctrl/Cmd/Alt chords fire in text fields', () => {
    for (const s of SHORTCUTS.filter((x) => x.allowInInputs)) {
      expect(
        s.keys.split('+').some((k) => ['mod', 'ctrl', 'meta', 'alt'].includes(k)),
        s.id,
      ).toBe(true);
    }
    expect(shortcut('shortcuts.help').allowInInputs).toBeFalsy();
    expect(shortcut('palette.open').allowInInputs).toBe(true);
  });

  it('finds a shortcut by id and throws on an unknown one', () => {
    expect(shortcut('tab.close').keys).toBe('alt+w');
    expect(() => shortcut('nope' as ShortcutId)).toThrow(/nope/);
  });
});

describe('duplicateBindings', () => {
  it('reports a binding declared twice within a scope, whatever the modifier order or case', () => {
    const found = duplicateBindings([
      make('a', 'tabs', 'alt+shift+t'),
      make('b', 'tabs', 'Shift+Alt+T'),
    ]);
    expect(found).toEqual(['alt+shift+t: a (tabs), b (tabs)']);
  });

  it('allows the same keys in different non-global scopes', () => {
    expect(duplicateBindings([make('a', 'tabs', 'alt+w'), make('b', 'palette', 'alt+w')])).toEqual(
      [],
    );
  });

  it('makes global bindings clash with every scope, mod meaning ctrl and cmd', () => {
    expect(
      duplicateBindings([make('a', 'global', 'mod+k'), make('b', 'palette', 'ctrl+k')]),
    ).toEqual(['ctrl+k: a (global), b (palette)']);
    expect(duplicateBindings([make('a', 'global', 'mod+k'), make('b', 'tabs', 'meta+k')])).toEqual([
      'meta+k: a (global), b (tabs)',
    ]);
    expect(duplicateBindings([make('a', 'global', 'mod+k'), make('b', 'tabs', 'alt+k')])).toEqual(
      [],
    );
  });

  it("treats '?' as shift+slash and key aliases as their key", () => {
    expect(
      duplicateBindings([make('a', 'global', 'shift+slash'), make('b', 'tabs', '?')]),
    ).toHaveLength(1);
    expect(
      duplicateBindings([make('a', 'palette', 'esc'), make('b', 'palette', 'escape')]),
    ).toHaveLength(1);
    expect(duplicateBindings([make('a', 'palette', 'slash'), make('b', 'palette', '?')])).toEqual(
      [],
    );
  });

  it('checks each comma-separated alternative', () => {
    expect(
      duplicateBindings([make('a', 'tabs', 'alt+1, alt+2'), make('b', 'tabs', 'alt+2')]),
    ).toEqual(['alt+2: a (tabs), b (tabs)']);
  });
});

describe('labels', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the label of the platform', () => {
    expect(shortcutLabel(shortcut('palette.open'), 'mac')).toBe('⌘K');
    expect(shortcutLabel(shortcut('palette.open'), 'other')).toBe('Ctrl+K');
  });

  it('detects macOS from the user agent, not iPad or iPhone', () => {
    const ua = (userAgent: string) => vi.stubGlobal('navigator', { userAgent });
    ua('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15');
    expect(currentPlatform()).toBe('mac');
    ua('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)');
    expect(currentPlatform()).toBe('other');
    ua('Mozilla/5.0 (Windows NT 10.0; Win64; x64)');
    expect(currentPlatform()).toBe('other');
  });
});
