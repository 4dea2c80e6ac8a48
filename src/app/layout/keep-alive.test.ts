import { describe, expect, it } from 'vitest';
import { keptPages, nextPageCache } from './keep-alive';

describe('nextPageCache', () => {
  it('adds the current page and keeps the same map when nothing changes', () => {
    const empty = new Map<string, string>();
    const one = nextPageCache(empty, '/a', 'A', []);
    expect([...one]).toEqual([['/a', 'A']]);
    expect(nextPageCache(one, '/a', 'A2', ['/a'])).toBe(one);
  });

  it('drops pages that left the keep-alive list, but never the current one', () => {
    const cache = new Map([
      ['/home', 'H'],
      ['/a', 'A'],
      ['/b', 'B'],
    ]);
    const next = nextPageCache(cache, '/c', 'C', ['/home', '/b']);
    expect([...next.keys()]).toEqual(['/home', '/b', '/c']);
  });
});

describe('keptPages', () => {
  it('shows only the current page and keeps first-opened order', () => {
    expect(keptPages(['/home', '/a', '/b'], ['/b', '/home', '/a'], '/a')).toEqual([
      { key: '/home', visible: false },
      { key: '/a', visible: true },
      { key: '/b', visible: false },
    ]);
  });

  it('leaves out evicted pages and keeps the current one before its tab opens', () => {
    expect(keptPages(['/home', '/old', '/new'], ['/home'], '/new')).toEqual([
      { key: '/home', visible: false },
      { key: '/new', visible: true },
    ]);
  });
});
