import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredSession } from '../contracts/auth';
import { apiRequest, configureClient, resetClientState } from './client';
import { onApiEvent, type ApiEvent } from './events';
import { ZH_CLIENT_TEXTS } from '../test/client-texts';

/** Issue 16 item 10: the session-expired event carries why the server ended the session. */
const SESSION = {
  access_token: 'old-access',
  refresh_token: 'old-refresh',
  tenant_id: '100001',
  user_id: '7',
  storedAt: 0,
} as unknown as StoredSession;

let events: ApiEvent[] = [];
let stop: () => void;

beforeEach(() => {
  configureClient({
    getSession: () => SESSION,
    storeSession: () => {},
    readStoredSession: () => SESSION,
    texts: () => ZH_CLIENT_TEXTS,
  });
  resetClientState();
  events = [];
  stop = onApiEvent((e) => events.push(e));
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

/** Every call is 401; the refresh is refused with `refusal`. */
function refreshRefusedWith(refusal: Record<string, unknown>): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).includes('oauth/token')
        ? new Response(JSON.stringify(refusal), { status: 401 })
        : new Response(JSON.stringify({ code: 401, success: false, msg: '令牌已失效' }), {
            status: 401,
          }),
    ),
  );
}

const expired = () => events.filter((e) => e.type === 'session.expired');

describe('why the session ended', () => {
  it('a refusal marked account_disabled: reason disabled', async () => {
    refreshRefusedWith({
      error_code: 401,
      error_description: '账号已被禁用，请联系管理员',
      error: 'account_disabled',
    });
    await apiRequest({ url: 'blade-system/param/list' }).catch(() => undefined);
    expect(expired()).toEqual([{ type: 'session.expired', reason: 'disabled' }]);
  });

  it('any other refusal: reason expired', async () => {
    refreshRefusedWith({ error_code: 401, error_description: '令牌已失效，请重新登录' });
    await apiRequest({ url: 'blade-system/param/list' }).catch(() => undefined);
    expect(expired()).toEqual([{ type: 'session.expired', reason: 'expired' }]);
  });
});
