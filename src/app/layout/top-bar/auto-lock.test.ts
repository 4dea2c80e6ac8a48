import { describe, expect, it } from 'vitest';
import { STORAGE_PREFIX } from '../../../lib/storage';
import { AUTO_LOCK_KEY, getAutoLock, parseAutoLock, setAutoLock } from './auto-lock';

describe('parseAutoLock', () => {
  it('accepts the offered minutes, as numbers or numeric strings', () => {
    expect(parseAutoLock(5)).toBe(5);
    expect(parseAutoLock(10)).toBe(10);
    expect(parseAutoLock('30')).toBe(30);
    expect(parseAutoLock(0)).toBe(0);
  });

  it('turns anything else off', () => {
    for (const v of [undefined, null, '', ' ', 7, -5, 5.5, '5min', true, {}, [5], Infinity])
      expect(parseAutoLock(v)).toBe(0);
  });
});

describe('auto-lock setting', () => {
  it('is stored with writeJson and read back', () => {
    setAutoLock(10);
    expect(localStorage.getItem(STORAGE_PREFIX + AUTO_LOCK_KEY)).toBe('10');
    expect(getAutoLock()).toBe(10);
    setAutoLock(0);
    expect(getAutoLock()).toBe(0);
  });
});
