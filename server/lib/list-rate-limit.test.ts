import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/support.js';

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
