import { describe, expect, it } from 'vitest';
import { normaliseHex } from './color';

describe('normaliseHex', () => {
  it('accepts #rrggbb, with or without #, in any case', () => {
    expect(normaliseHex('#12A182')).toBe('#12a182');
    expect(normaliseHex(' 409eff ')).toBe('#409eff');
  });

  it('expands the short form', () => {
    expect(normaliseHex('#0af')).toBe('#00aaff');
  });

  it('ignores anything that is not a colour', () => {
    for (const bad of ['', '#', '#12a18', '#12a1822', 'red', 'rgb(1,2,3)', '#ggg'])
      expect(normaliseHex(bad)).toBeUndefined();
  });
});
