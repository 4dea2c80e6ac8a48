import { describe, expect, it } from 'vitest';
import { keptPages, nextPageCache, type PageEntry } from './keep-alive';

type Entry = PageEntry<string, { at: string }>;
const entry = (element: string, at = element): Entry => ({ element, location: { at } });

describe('nextPageCache', () => {
  it('adds the current page and keeps the same map while its location stays the same', () => {
    const empty = new Map<string, Entry>();
    const a = entry('A');
    const one = nextPageCache(empty, '/a', a, []);
    expect([...one]).toEqual([['/a', a]]);
    // A new element for the same location (every render makes one): nothing to store.
    expect(nextPageCache(one, '/a', { element: 'A2', location: a.location }, ['/a'])).toBe(one);
  });

  it('stores the element and location a page shows when its location changes', () => {
    const home = entry('H');
    const cache = new Map([
      ['/a', entry('A', 'first')],
      ['/home', home],
    ]);
    const moved = entry('A2', 'second');
    const next = nextPageCache(cache, '/a', moved, ['/home', '/a']);
    // Same order (first opened first): a kept page's DOM never moves.
    expect([...next]).toEqual([
      ['/a', moved],
      ['/home', home],
    ]);
  });

  it('keeps what a hidden page last showed while another page is current', () => {
    const a = entry('A');
    const cache = nextPageCache(new Map<string, Entry>(), '/a', a, ['/a']);
    const next = nextPageCache(cache, '/b', entry('B'), ['/a', '/b']);
    expect(next.get('/a')).toBe(a);
  });

  it('drops pages that left the keep-alive list, but never the current one', () => {
    const cache = new Map([
      ['/home', entry('H')],
      ['/a', entry('A')],
      ['/b', entry('B')],
    ]);
    const next = nextPageCache(cache, '/c', entry('C'), ['/home', '/b']);
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
