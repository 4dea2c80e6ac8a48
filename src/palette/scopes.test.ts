import { describe, expect, it } from 'vitest';
import { RECORD_LOOKUPS } from './lookups';
import { userLookup } from './lookups/users';
import type { RecordLookup } from './record-lookup';
import { paletteScopes, parseScope, RESERVED_SCOPES, scopeCommands } from './scopes';

describe('palette scopes', () => {
  it('come from the look-ups registry: a look-up added later is listed with no other change', () => {
    const suppliers: RecordLookup = {
      ...userLookup,
      scope: 's',
      permission: 'supplier',
      label: 'palette.users.label',
    };
    const scopes = paletteScopes([userLookup, suppliers]);
    expect(scopes.map((s) => s.prefix)).toEqual(['u:', 's:', '>', 't:']);
    expect(parseScope('s: 华为', scopes)?.scope.lookup).toBe(suppliers);
    const rows = scopeCommands(scopes);
    expect(rows.map((c) => [c.group, c.perform, c.permission])).toEqual([
      ['scopes', { kind: 'prefix', prefix: 'u:' }, 'user'],
      ['scopes', { kind: 'prefix', prefix: 's:' }, 'supplier'],
      ['scopes', { kind: 'prefix', prefix: '>' }, undefined],
      ['scopes', { kind: 'prefix', prefix: 't:' }, undefined],
    ]);
    expect(rows.map((c) => c.label.en)).toEqual([
      'Search Users',
      'Search Users',
      'Search commands only',
      'Search open tabs',
    ]);
  });

  it('registered look-ups use distinct lowercase letters the palette does not keep for itself', () => {
    const letters = RECORD_LOOKUPS.map((l) => l.scope);
    expect(new Set(letters).size).toBe(letters.length);
    for (const letter of letters) {
      expect(letter).toMatch(/^[a-z]+$/);
      expect(RESERVED_SCOPES.has(letter)).toBe(false);
    }
  });
});
