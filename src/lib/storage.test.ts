import { beforeEach, describe, expect, it } from 'vitest';
import { isString, readJson, writeJson } from './storage';

describe('browser storage', () => {
  beforeEach(() => localStorage.clear());

  it('reads back what it wrote', () => {
    writeJson('k', 'v');
    expect(readJson('k', isString)).toBe('v');
  });

  it('discards corrupted JSON instead of throwing', () => {
    localStorage.setItem('quanyi.k', '{not json');
    expect(readJson('k', isString)).toBeUndefined();
    expect(localStorage.getItem('quanyi.k')).toBeNull();
  });

  it('discards values of the wrong shape and never evaluates them', () => {
    localStorage.setItem('quanyi.k', JSON.stringify({ toString: 'alert(1)' }));
    expect(readJson('k', isString)).toBeUndefined();
    expect(localStorage.getItem('quanyi.k')).toBeNull();
  });

  it('discards oversized values', () => {
    localStorage.setItem('quanyi.k', JSON.stringify('x'.repeat(600 * 1024)));
    expect(readJson('k', isString)).toBeUndefined();
    expect(localStorage.getItem('quanyi.k')).toBeNull();
  });
});
