import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC } from './auth/index.js';
import { createTestApp, type TestApp } from './test/support.js';

describe('cross-cutting behaviour', () => {
  let t: TestApp;
  let unguarded: unknown;
  beforeAll(async () => {
    t = await createTestApp();
    // Routes that fail on purpose, registered before the app is ready.
    t.app.get('/api/test/boom', { config: { access: PUBLIC } }, async () => {
      throw new Error('SELECT password FROM blade_user -- at /work/main/server/secret.ts:1');
    });
    try {
      t.app.get('/api/test/unguarded', async () => 'x');
    } catch (err) {
      unguarded = err;
    }
    t.app.post('/api/test/echo', { config: { access: PUBLIC } }, async (request) => ({
      size: JSON.stringify(request.body).length,
    }));
  });
  afterAll(() => t.close());

  it('answers an unexpected failure with 500, a reference and no stack or SQL', async () => {
    const res = await t.get('/api/test/boom');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ code: 500, success: false });
    expect(body.msg).toMatch(/编号 [0-9a-f-]{36}/);
    expect(res.body).not.toMatch(/SELECT|secret\.ts|at \//);
  });

  it('refuses request bodies over 1 MB with 413', async () => {
    const big = { text: 'x'.repeat(1024 * 1024 + 10) };
    const res = await t.post('/api/test/echo', undefined, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, success: false });
  });

  it('refuses JSON with prototype poisoning with 400', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('sends security headers and no-store on /api', async () => {
    const res = await t.get('/api/blade-auth/oauth/public-key');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toContain(
      "script-src 'self' 'unsafe-inline'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an unknown /api path with an enveloped 404', async () => {
    const res = await t.get('/api/blade-system/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false });
  });

  it('states an access rule on every /api route', () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('oauth/token');
    // Registering a route without `config.access` throws, so no route can forget it.
    expect(String(unguarded)).toMatch(/does not state its access/);
  });
});
