import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.js';

describe('GET /api/health', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers 200 with the database up, without a token and without secrets', async () => {
    t = await createTestApp();
    const res = await t.get('/api/health');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Record<string, unknown> };
    expect(Object.keys(body.data).sort()).toEqual(['database', 'status', 'version']);
    expect(body.data).toMatchObject({ status: 'up', database: 'up' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with the database down', async () => {
    t = await createTestApp();
    // The connection gone (server/db/outage.test.ts stops a real PostgreSQL cluster).
    await t.app.ctx.db.destroy();
    const res = await t.get('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 503,
      success: false,
      data: { status: 'down', database: 'down' },
      msg: '服务暂不可用，请稍后重试',
    });
  });

  it('is not rate-limited: a balancer probing from one address is always answered', async () => {
    t = await createTestApp();
    const answers = [];
    for (let i = 0; i < 150; i += 1) answers.push((await t.get('/api/health')).statusCode);
    expect(answers.every((s) => s === 200)).toBe(true);
  });

  it('answers liveness without the database', async () => {
    t = await createTestApp();
    await t.app.ctx.db.destroy();
    const res = await t.get('/api/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'up' } });
    expect((await t.get('/api/health')).statusCode).toBe(503);
  });
});
