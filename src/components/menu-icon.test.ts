import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasMenuIcon } from './menu-icon';

describe('menu icons', () => {
  it('has an icon for every icon name the seeded menu uses', () => {
    // Read as text: the console does not import server code (design.md convention 6).
    const seed = readFileSync(resolve(__dirname, '../../server/db/seed/menu-tree.ts'), 'utf8');
    const names = new Set([...seed.matchAll(/icon: '(Icon\w+)'/g)].map((m) => m[1]!));
    expect(names.size).toBeGreaterThan(10);
    for (const name of names) expect(hasMenuIcon(name), name).toBe(true);
  });

  it('falls back for unknown names', () => {
    expect(hasMenuIcon('IconDoesNotExist')).toBe(false);
    expect(hasMenuIcon('constructor')).toBe(false);
  });
});
