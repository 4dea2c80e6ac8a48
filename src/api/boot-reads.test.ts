import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredSession } from '../contracts/auth';
import { NOTE_MS, noteBootRead, startBootReads } from './boot-reads';
import { apiRequest, configureClient, resetClientState, sendEarlyReads } from './client';
import { ZH_CLIENT_TEXTS } from '../test/client-texts';

/**
 * Issue 31: a reload's reads leave from the entry, and the screens take their answers instead of
 * asking again; only the same user's reads of the same path are sent again.
 */
const session = (user: string, token = `token-${user}`): StoredSession =>
  ({
    access_token: token,
    refresh_token: `refresh-${user}`,
    user_id: user,
    tenant_id: '100001',
  }) as StoredSession;

let current: StoredSession | undefined;
let fetched: string[];
let answers: Map<string, string>;

beforeEach(() => {
  current = session('1');
  configureClient({
    getSession: () => current,
    storeSession: (s) => (current = s),
    readStoredSession: () => current,
    texts: () => ZH_CLIENT_TEXTS,
  });
  resetClientState();
  sessionStorage.clear();
  fetched = [];
  answers = new Map();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>)['Blade-Auth'] ?? '';
      fetched.push(`${auth.replace('bearer ', '')} ${url}`);
      const data = answers.get(url) ?? `answer of ${url}`;
      return new Response(JSON.stringify({ code: 200, success: true, data }), { status: 200 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('early reads', () => {
  it('a read sent early is taken by the request for it: one exchange, the same answer', async () => {
    sendEarlyReads(['blade-system/param/list?current=1&size=10'], 'token-1');
    expect(fetched).toEqual(['token-1 /api/blade-system/param/list?current=1&size=10']);
    const data = await apiRequest({
      url: 'blade-system/param/list',
      params: { current: 1, size: 10 },
    });
    expect(data).toBe('answer of /api/blade-system/param/list?current=1&size=10');
    expect(fetched).toHaveLength(1);
    // Taken once: the next request asks the server again.
    await apiRequest({ url: 'blade-system/param/list', params: { current: 1, size: 10 } });
    expect(fetched).toHaveLength(2);
  });

  it('is not taken by another query, another token, a write or after 15 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    sendEarlyReads(['a/list?size=10', 'b/list', 'c/list'], 'token-1');
    expect(fetched).toHaveLength(3);
    await apiRequest({ url: 'a/list', params: { size: 20 } });
    expect(fetched).toHaveLength(4);
    current = session('2');
    await apiRequest({ url: 'b/list' });
    expect(fetched.at(-1)).toBe('token-2 /api/b/list');
    current = session('1');
    await apiRequest({ url: 'c/list', method: 'POST', body: {} });
    expect(fetched).toHaveLength(6);
    sendEarlyReads(['d/list'], 'token-1');
    vi.setSystemTime(Date.now() + 15_001);
    await apiRequest({ url: 'd/list' });
    expect(fetched.filter((f) => f.endsWith('/api/d/list'))).toHaveLength(2);
  });

  it('an early read refused with 401 goes through the refresh like any request', async () => {
    const refreshed = { ...session('1', 'token-fresh'), refresh_token: 'refresh-2' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const auth = (init.headers as Record<string, string>)['Blade-Auth'] ?? '';
        fetched.push(`${auth.replace('bearer ', '')} ${url}`);
        if (url.endsWith('oauth/token')) return new Response(JSON.stringify(refreshed));
        if (auth === 'bearer token-1')
          return new Response('{"code":401,"msg":"expired"}', { status: 401 });
        return new Response(JSON.stringify({ code: 200, success: true, data: 'fresh' }));
      }),
    );
    sendEarlyReads(['x/list'], 'token-1');
    await expect(apiRequest({ url: 'x/list' })).resolves.toBe('fresh');
    expect(fetched).toEqual([
      'token-1 /api/x/list',
      ' /api/blade-auth/oauth/token',
      'token-fresh /api/x/list',
    ]);
  });
});

describe('boot reads', () => {
  const read = (url: string) => ({ url });

  it("notes a start's reads on its path and sends them from the next start", async () => {
    startBootReads(current, '/system/param', 1000);
    expect(fetched).toEqual([]);
    noteBootRead(read('blade-system/menu/routes'), '/system/param', 1100);
    noteBootRead({ url: 'blade-system/param/list', params: { current: 1 } }, '/system/param', 1200);
    noteBootRead(read('blade-system/menu/routes'), '/system/param', 1300);
    // Not noted: a write, another screen, after the noting time.
    noteBootRead({ url: 'blade-system/param/submit', body: {} }, '/system/param', 1300);
    noteBootRead(read('blade-system/post/list'), '/system/post', 1300);
    noteBootRead(read('late/list'), '/system/param', 1000 + NOTE_MS + 1);

    startBootReads(current, '/system/param', 9000);
    expect(fetched).toEqual([
      'token-1 /api/blade-system/menu/routes',
      'token-1 /api/blade-system/param/list?current=1',
    ]);
  });

  it('gives the next start the queries behind its reads, once each', () => {
    startBootReads(current, '/system/param', 1000);
    const list = { endpoint: 'resourceList', args: { service: 'param', params: { current: 1 } } };
    noteBootRead(read('blade-system/menu/routes'), '/system/param', 1100, { endpoint: 'routes' });
    noteBootRead(
      { url: 'blade-system/param/list', params: { current: 1 } },
      '/system/param',
      1200,
      list,
    );
    noteBootRead(read('blade-system/menu/routes'), '/system/param', 1300, { endpoint: 'routes' });
    // A read noted without its query (sent by the client, not RTK) is replayed as a read only.
    noteBootRead(read('blade-system/dict/list'), '/system/param', 1400);

    expect(startBootReads(current, '/system/param', 9000)).toEqual([{ endpoint: 'routes' }, list]);
    expect(fetched).toHaveLength(3);
    // Another user, another path: no queries either.
    expect(startBootReads(session('2'), '/system/param', 9100)).toEqual([]);
    expect(startBootReads(current, '/system/post', 9200)).toEqual([]);
  });

  it('sends nothing for another path, another user or without a session', () => {
    startBootReads(current, '/system/param', 1000);
    noteBootRead(read('blade-system/menu/routes'), '/system/param', 1100);
    startBootReads(current, '/system/post', 2000);
    expect(fetched).toEqual([]);

    // The same user on the same path: sent.
    startBootReads(current, '/system/param', 3000);
    expect(fetched).toEqual(['token-1 /api/blade-system/menu/routes']);
    noteBootRead(read('blade-system/menu/routes'), '/system/param', 3100);
    startBootReads(session('2'), '/system/param', 4000);
    startBootReads(undefined, '/system/param', 5000);
    expect(fetched).toHaveLength(1);
  });
});
