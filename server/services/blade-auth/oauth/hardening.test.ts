import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { BASIC, DEMO_PASSWORD, createTestApp, type TestApp } from '../../../test/support.js';
import { REFRESH_GRACE_SECONDS } from '../tokens.js';

/** Issue 15 items 5, 8 (iss/aud) and 9, on SQLite or on PostgreSQL with TEST_DATABASE_URL. */
const TOKEN_URL = '/api/blade-auth/oauth/token';
const USER_INFO = '/api/blade-auth/oauth/user-info';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

describe('blade-auth hardening', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const refresh = (rt: string) =>
    t.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { authorization: BASIC },
      query: { grant_type: 'refresh_token', refresh_token: rt, tenantId: '000000' },
    });
  const signIn = async (account: string): Promise<Tokens> => {
    const res = await t.tokenRequest(account, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  describe('parallel guesses (item 5)', () => {
    it('checks at most 5 of 20 simultaneous wrong passwords and locks the account', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => t.tokenRequest('finance', 'wrong-guess')),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 400)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(15);
      for (const r of answers.filter((a) => a.statusCode === 429)) {
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(800);
      }
      // The right password is refused too while the lock lasts.
      expect((await t.tokenRequest('finance', DEMO_PASSWORD)).statusCode).toBe(429);
    });

    it('counts unknown accounts the same way', async () => {
      const codes = (
        await Promise.all(Array.from({ length: 12 }, () => t.tokenRequest('nobody-here', 'x')))
      ).map((r) => r.statusCode);
      expect(codes.filter((c) => c === 400)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(7);
    });

    it('a right password among fewer than 5 wrong ones signs in and clears the count', async () => {
      const answers = await Promise.all([
        t.tokenRequest('supply', 'bad'),
        t.tokenRequest('supply', 'bad'),
        t.tokenRequest('supply', DEMO_PASSWORD),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      for (let i = 0; i < 4; i++)
        expect((await t.tokenRequest('supply', 'bad')).statusCode).toBe(400);
      expect((await t.tokenRequest('supply', DEMO_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('iss and aud (item 8)', () => {
    const resign = (token: string, edit: (claims: Record<string, unknown>) => void) => {
      const [h, b] = token.split('.') as [string, string];
      const claims = JSON.parse(Buffer.from(b, 'base64url').toString()) as Record<string, unknown>;
      edit(claims);
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      const sig = createHmac('sha256', t.app.ctx.jwtSecret).update(`${h}.${body}`).digest();
      return `${h}.${body}.${sig.toString('base64url')}`;
    };

    it('sets iss and aud on every token it mints', async () => {
      const tokens = await signIn('operator');
      for (const jwt of [tokens.access_token, tokens.refresh_token]) {
        const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
        expect(claims.iss).toBe('quanyi');
        expect(claims.aud).toBe('quanyi-api');
      }
    });

    it('refuses well-signed tokens without the right iss and aud', async () => {
      const tokens = await signIn('operator');
      // The same claims re-signed with the right key still work...
      expect(
        (
          await t.get(
            USER_INFO,
            resign(tokens.access_token, () => {}),
          )
        ).statusCode,
      ).toBe(200);
      // ...but not without aud, with BladeX's registered claims, or without iss.
      const variants: ((c: Record<string, unknown>) => void)[] = [
        (c) => delete c.aud,
        (c) => delete c.iss,
        (c) => {
          c.iss = 'issuser';
          c.aud = ['audience'];
        },
        (c) => {
          c.aud = 'someone-else';
        },
      ];
      for (const edit of variants) {
        expect((await t.get(USER_INFO, resign(tokens.access_token, edit))).statusCode).toBe(401);
        expect((await refresh(resign(tokens.refresh_token, edit))).statusCode).toBe(401);
      }
      // None of the refusals spent the refresh token.
      expect((await refresh(tokens.refresh_token)).statusCode).toBe(200);
    });
  });

  describe('refresh races (item 9)', () => {
    it('gives two simultaneous refreshes of one token the same new pair, and both work', async () => {
      const first = await signIn('operator');
      const [a, b] = await Promise.all([
        refresh(first.refresh_token),
        refresh(first.refresh_token),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const x = a.json() as Tokens;
      const y = b.json() as Tokens;
      expect(y.access_token).toBe(x.access_token);
      expect(y.refresh_token).toBe(x.refresh_token);
      expect(x.refresh_token).not.toBe(first.refresh_token);
      expect((await t.get(USER_INFO, x.access_token)).statusCode).toBe(200);
      const next = await refresh(x.refresh_token);
      expect(next.statusCode).toBe(200);
      expect((await t.get(USER_INFO, next.json().access_token)).statusCode).toBe(200);
    });

    it('answers the same pair to a repeat within the grace window', async () => {
      const first = await signIn('operator');
      const a = await refresh(first.refresh_token);
      t.advance(REFRESH_GRACE_SECONDS - 1);
      const b = await refresh(first.refresh_token);
      expect(b.statusCode).toBe(200);
      expect(b.json().refresh_token).toBe(a.json().refresh_token);
      expect(b.json().access_token).toBe(a.json().access_token);
      expect((await t.get(USER_INFO, a.json().access_token)).statusCode).toBe(200);
    });

    it('still ends the family when a spent token comes back after the window', async () => {
      const first = await signIn('operator');
      const a = (await refresh(first.refresh_token)).json() as Tokens;
      t.advance(REFRESH_GRACE_SECONDS + 1);
      expect((await refresh(first.refresh_token)).statusCode).toBe(401);
      expect((await t.get(USER_INFO, a.access_token)).statusCode).toBe(401);
      expect((await refresh(a.refresh_token)).statusCode).toBe(401);
    });

    it('ends the family when a token two rotations old comes back within the window', async () => {
      const first = await signIn('operator');
      const a = (await refresh(first.refresh_token)).json() as Tokens;
      const b = (await refresh(a.refresh_token)).json() as Tokens;
      expect((await refresh(first.refresh_token)).statusCode).toBe(401);
      expect((await t.get(USER_INFO, b.access_token)).statusCode).toBe(401);
    });
  });

  describe('idle limit (item 9)', () => {
    const idle = () => t.app.ctx.config.sessionIdleSeconds;

    it('ends a session not refreshed for longer than the idle limit', async () => {
      const first = await signIn('operator');
      t.advance(idle() + 1);
      expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    });

    it('keeps a session that is refreshed within the limit: refresh counts as use', async () => {
      let tokens = await signIn('operator');
      // Three idle stretches just under the limit add up to more than it.
      for (let i = 0; i < 3; i++) {
        t.advance(idle() - 60);
        const res = await refresh(tokens.refresh_token);
        expect(res.statusCode).toBe(200);
        tokens = res.json();
      }
      expect((await t.get(USER_INFO, tokens.access_token)).statusCode).toBe(200);
    });
  });
});
