import { describe, expect, it } from 'vitest';
import { SHORTCUTS } from './shortcuts';

describe('SHORTCUTS', () => {
  it('binds every key combination once', () => {
    const norm = (k: string) => k.toLowerCase().split('+').sort().join('+');
    const keys = SHORTCUTS.map((s) => norm(s.keys));
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length);
  });

  it('describes each shortcut in both languages', () => {
    for (const s of SHORTCUTS) {
      expect(s.description.zh, s.id).not.toBe('');
      expect(s.description.en, s.id).not.toBe('');
    }
  });
});
