import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredSession } from '../contracts/auth';
import { encryptLoginPassword, requestToken } from './auth-calls';
import { configureClient, refreshSession, resetClientState, type SessionAccess } from './client';

/**
 * Issue 15 item 1: the console's login and refresh requests carry no credential in the URL
 * (URLs land in access logs, proxies and histories), and the login password it encrypts is
 * stamped with the server's time so a copied ciphertext is spent.
 */
interface Sent {
  url: string;
  body: string;
  headers: Record<string, string>;
}

let sent: Sent[] = [];
let session: StoredSession | undefined;

const TOKENS = {
  access_token: 'new-access',
  refresh_token: 'new-refresh',
  token_type: 'bearer',
  expires_in: 3600,
  user_id: '1',
  tenant_id: '000000',
};

/** Answers every request with `answer(url)`, recording what was sent. */
function serve(answer: (url: string) => unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        body: typeof init.body === 'string' ? init.body : '',
        headers: init.headers as Record<string, string>,
      });
      return new Response(JSON.stringify(answer(url)), { status: 200 });
    }),
  );
}

beforeEach(() => {
  sent = [];
  session = {
    ...TOKENS,
    access_token: 'old-access',
    refresh_token: 'eyJold.refresh.token',
    storedAt: 0,
  } as StoredSession;
  configureClient({
    getSession: () => session,
    storeSession: (s) => {
      session = s;
    },
    readStoredSession: () => undefined,
    texts: () =>
      ({
        network: 'network',
        timeout: 'timeout',
        badCredentials: 'bad credentials',
        noPermission: 'no permission',
        dataLoading: 'data loading',
      }) as ReturnType<SessionAccess['texts']>,
  });
  resetClientState();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A credential's name anywhere in a URL's query. */
const CREDENTIAL_IN_QUERY = /[?&](password|refresh_token|username|captcha|code)/i;

describe('credentials stay out of URLs', () => {
  it('the login sends the password (and the rest of the grant) as a form body', async () => {
    serve(() => TOKENS);
    await requestToken(
      {
        tenantId: '000000',
        username: 'admin',
        password: 'cipher+/=text',
        captchaKey: 'k-1',
        captchaCode: 'abcde',
      },
      true,
    );
    expect(sent).toHaveLength(1);
    const [login] = sent;
    expect(login!.url).toBe('/api/blade-auth/oauth/token');
    expect(login!.url).not.toMatch(CREDENTIAL_IN_QUERY);
    expect(login!.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(login!.body))).toMatchObject({
      tenantId: '000000',
      username: 'admin',
      password: 'cipher+/=text',
      grant_type: 'captcha',
    });
    // The captcha answer travels as headers, as the contract has it.
    expect(login!.headers['Captcha-Code']).toBe('abcde');
  });

  it('the token refresh sends the refresh token as a form body', async () => {
    serve(() => TOKENS);
    const next = await refreshSession();
    expect(next?.refresh_token).toBe('new-refresh');
    expect(sent).toHaveLength(1);
    const [refresh] = sent;
    expect(refresh!.url).toBe('/api/blade-auth/oauth/token');
    expect(refresh!.url).not.toContain('eyJold');
    expect(Object.fromEntries(new URLSearchParams(refresh!.body))).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'eyJold.refresh.token',
    });
  });
});

describe('the login password', () => {
  it("is encrypted with the server's time inside, whatever the browser's clock says", async () => {
    const keys = await crypto.subtle.generateKey(
      {
        name: 'RSA-OAEP',
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
    const pem = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----`;
    // The server's clock is an hour ahead of this browser's (whose clock stands still here).
    vi.useFakeTimers({ toFake: ['Date'] });
    const serverNow = Math.floor(Date.now() / 1000) + 3600;
    serve(() => ({ code: 200, success: true, data: { pem, captcha: false, now: serverNow } }));

    const cipher = await encryptLoginPassword('Pass@1234');
    const plain = new TextDecoder().decode(
      await crypto.subtle.decrypt(
        { name: 'RSA-OAEP' },
        keys.privateKey,
        Uint8Array.from(atob(cipher), (c) => c.charCodeAt(0)),
      ),
    );
    const [password, stamp] = plain.split('\u0000');
    expect(password).toBe('Pass@1234');
    expect(Number(stamp)).toBe(serverNow);
    // Two encryptions of the same password are two different ciphertexts.
    expect(await encryptLoginPassword('Pass@1234')).not.toBe(cipher);
  });
});
