import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../test/support.js';
import { STAMP_SECONDS } from './password-stamp.js';

/**
 * Issue 15 item 1 with several server processes on one database (ARCHITECTURE: stateless API
 * processes behind a load balancer): a stamped password ciphertext is spent for all of them,
 * not only for the process that accepted it.
 */
const TOKEN = '/api/blade-auth/oauth/token';
const BAD = { error_code: 400, error_description: '用户名或密码错误' };

describe('a spent login ciphertext, across server processes on one database', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** A password stamped with the server's time, as the console sends it. */
  const stamped = async (t: TestApp, password = DEMO_PASSWORD) => {
    const now = data<{ now: number }>(await t.get('/api/blade-auth/oauth/public-key')).now;
    return t.encrypt(`${password}\u0000${now}`);
  };

  const login = (t: TestApp, cipher: string, account: string) =>
    t.inject({
      method: 'POST',
      url: TOKEN,
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        tenantId: '000000',
        username: account,
        password: cipher,
        grant_type: 'password',
        scope: 'all',
      }).toString(),
    });

  it('refuses on one process a ciphertext another process accepted', async () => {
    const cipher = await stamped(first);
    expect((await login(first, cipher, 'operator')).statusCode).toBe(200);
    const replay = await login(second, cipher, 'operator');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(BAD);

    // And the other way round.
    const other = await stamped(second);
    expect((await login(second, other, 'operator')).statusCode).toBe(200);
    expect((await login(first, other, 'operator')).json()).toEqual(BAD);
  });

  it('lets exactly one of simultaneous logins with one ciphertext sign in', async () => {
    const cipher = await stamped(first);
    // Four at once, two on each process (fewer than the lock-out's five failures).
    const answers = await Promise.all(
      [first, second, first, second].map((t) => login(t, cipher, 'finance')),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400]);
    for (const a of answers) if (a.statusCode === 400) expect(a.json()).toEqual(BAD);
  });

  it('counts a refused replay towards the lock-out like any wrong password', async () => {
    const cipher = await stamped(first);
    expect((await login(first, cipher, 'supply')).statusCode).toBe(200);
    // The fifth failure within 30 minutes locks the account; it is still answered as usual.
    for (let i = 0; i < 5; i++) expect((await login(second, cipher, 'supply')).json()).toEqual(BAD);
    // Locked now: even a fresh ciphertext of the right password is refused.
    const locked = await login(second, await stamped(second), 'supply');
    expect(locked.statusCode).toBe(429);
  });

  it('forgets spent ciphertexts once their stamps can no longer be accepted', async () => {
    const count = async () =>
      Number(
        (
          await first.database.db
            .selectFrom('authSpentCiphertext')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBeGreaterThan(0);
    // Past the window, plus the grace kept for clocks that differ between processes.
    const later = 2 * STAMP_SECONDS + 120;
    first.advance(later);
    try {
      expect((await login(first, await stamped(first), 'operator')).statusCode).toBe(200);
      // Only the ciphertext just used is left.
      expect(await count()).toBe(1);
    } finally {
      first.advance(-later);
    }
  });
});
