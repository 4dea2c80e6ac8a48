import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, createTestApp, type TestApp } from '../test/support.js';

/** Issue 15 item 15: list and page reads are limited per signed-in user. */
describe('per-user rate limit on lists (lib/list-rate-limit)', () => {
  let t: TestApp;
  let tenantAdmin: string;
  let sysAdmin: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { listRateLimit: 3 } });
    tenantAdmin = await t.tenantAdminToken();
    sysAdmin = await t.adminToken();
  });
  afterAll(() => t.close());

  it('answers 429 in the envelope with Retry-After past the limit, for that user only', async () => {
    // One budget across the user's lists and pages.
    for (const url of [
      '/api/blade-system/post/list',
      '/api/blade-desk/notice/list',
      '/api/blade-system/post/list',
    ])
      expect((await t.get(url, tenantAdmin)).statusCode).toBe(200);
    const refused = await t.get('/api/blade-system/post/list', tenantAdmin);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 429, success: false });
    // Another user (here of another tenant) has a budget of their own.
    expect((await t.get('/api/blade-system/post/list', sysAdmin)).statusCode).toBe(200);
    // Reads that are not lists are not counted.
    expect((await t.get('/api/blade-auth/oauth/user-info', tenantAdmin)).statusCode).toBe(200);
  });
});

/**
 * Issue 30: the limits count in the database, so two processes on one database share them (the
 * list budget per user, and a route's limit per address such as the token grant).
 */
describe('rate limits shared by two processes on one database', () => {
  let first: TestApp;
  let second: TestApp;
  let token: string;

  beforeAll(async () => {
    first = await createTestApp({ config: { listRateLimit: 4, tokenRateLimit: 5 } });
    second = await createTestApp({
      sameDatabaseAs: first,
      config: { listRateLimit: 4, tokenRateLimit: 5 },
    });
    // The sign-in is the address's first of its 5 token grants this minute.
    token = await first.tenantAdminToken();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('allows a user exactly the list budget across both', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(
        (await (i % 2 ? second : first).get('/api/blade-system/post/list', token)).statusCode,
      );
    // Four answers, then refusals on either process.
    expect(answers).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('allows an address exactly the token limit across both', async () => {
    const grant = (t: TestApp) =>
      t.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'tenantId=000000&username=nobody&password=x&grant_type=password&scope=all',
      });
    const codes = [];
    for (let i = 0; i < 8; i += 1) codes.push((await grant(i % 2 ? second : first)).statusCode);
    // Four after the sign-in's grant, alternating processes; then refused on both.
    expect(codes).toEqual([400, 400, 400, 400, 429, 429, 429, 429]);
  });
});
