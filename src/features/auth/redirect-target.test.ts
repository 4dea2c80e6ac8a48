import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('returns a path of this site', () => {
    expect(redirectTarget({ from: '/system/user?x=1#top' })).toBe('/system/user?x=1#top');
  });

  it('falls back without a usable from', () => {
    expect(redirectTarget(undefined)).toBe('/');
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget({})).toBe('/');
    expect(redirectTarget({ from: 42 })).toBe('/');
    expect(redirectTarget({ from: 'system/user' })).toBe('/');
  });

  it('never leaves the origin', () => {
    for (const from of [
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
    ])
      expect(redirectTarget({ from }), from).toBe('/');
  });

  it('does not loop back to public pages', () => {
    expect(redirectTarget({ from: '/login' })).toBe('/');
    expect(redirectTarget({ from: '/lock' }, '/wel/index')).toBe('/wel/index');
  });
});
