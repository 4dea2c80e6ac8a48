import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import {
  BASIC,
  DEMO_PASSWORD,
  DEMO_TENANT,
  createTestApp,
  data,
  type TestApp,
} from '../../../test/support.js';
import { REFRESH_GRACE_SECONDS } from '../tokens.js';

const TOKEN_URL = '/api/blade-auth/oauth/token';

describe('blade-auth/oauth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the RSA public key and accepts OAEP-SHA256 ciphertext made with it', async () => {
    const key = data<{ publicKey: string; pem: string }>(
      await t.get('/api/blade-auth/oauth/public-key'),
    );
    expect(key.pem).toContain('BEGIN PUBLIC KEY');
    const { publicEncrypt, constants } = await import('node:crypto');
    const cipher = publicEncrypt(
      { key: key.pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(DEMO_PASSWORD),
    ).toString('base64');
    const res = await t.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { authorization: BASIC },
      query: { tenantId: '000000', username: 'operator', password: cipher, grant_type: 'password' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers a raw snake_case token response with must_change_password for the seeded admin', async () => {
    const res = await t.tokenRequest('admin', 'admin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      account: 'admin',
      tenant_id: '000000',
      role_name: 'administrator',
      must_change_password: true,
    });
    expect(typeof body.access_token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');
    expect(body.code).toBeUndefined();
  });

  it('refuses every other call until the forced password change, then accepts the new password only', async () => {
    const token = (await t.tokenRequest('admin', 'admin')).json().access_token as string;
    const routes = await t.get('/api/blade-system/menu/routes', token);
    expect(routes.statusCode).toBe(403);
    const info = await t.get('/api/blade-auth/oauth/user-info', token);
    expect(info.statusCode).toBe(403);
    const change = await t.post('/api/blade-user/update-password', token, undefined, {
      oldPassword: t.encrypt('admin'),
      newPassword: t.encrypt('New@pass1'),
      newPassword1: t.encrypt('New@pass1'),
    });
    expect(change.statusCode).toBe(200);
    // The change revokes the session it was made with.
    expect((await t.get('/api/blade-auth/oauth/user-info', token)).statusCode).toBe(401);
    expect((await t.tokenRequest('admin', 'admin')).statusCode).toBe(400);
    const fresh = await t.tokenRequest('admin', 'New@pass1');
    expect(fresh.json().must_change_password).toBe(false);
    expect(
      (await t.get('/api/blade-system/menu/routes', fresh.json().access_token)).statusCode,
    ).toBe(200);
  });

  it('gives one identical answer for unknown user, wrong tenant, wrong password and bad ciphertext', async () => {
    const answers = await Promise.all([
      t.tokenRequest('nobody', DEMO_PASSWORD),
      t.tokenRequest('operator', DEMO_PASSWORD, '999999'),
      t.tokenRequest('operator', 'wrong-password'),
      t.inject({
        method: 'POST',
        url: TOKEN_URL,
        headers: { authorization: BASIC },
        query: {
          tenantId: '000000',
          username: 'operator',
          password: 'bm90LWEtY2lwaGVydGV4dA==',
          grant_type: 'password',
        },
      }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error_code: 400, error_description: '用户名或密码错误' });
    }
  });

  it('refuses a wrong client secret and a missing Basic header', async () => {
    const wrong = await t.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { authorization: `Basic ${Buffer.from('saber:nope').toString('base64')}` },
      query: {
        tenantId: '000000',
        username: 'operator',
        password: t.encrypt(DEMO_PASSWORD),
        grant_type: 'password',
      },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error_description).toBe('客户端认证失败!');
    const none = await t.inject({
      method: 'POST',
      url: TOKEN_URL,
      query: {
        tenantId: '000000',
        username: 'operator',
        password: t.encrypt(DEMO_PASSWORD),
        grant_type: 'password',
      },
    });
    expect(none.statusCode).toBe(401);
  });

  it('locks an account after 5 failures for 15 minutes (429 Retry-After) and unlock lifts it', async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.tokenRequest('finance', 'bad')).statusCode).toBe(400);
    const locked = await t.tokenRequest('finance', DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // Unknown accounts lock the same way, so the answer reveals nothing.
    for (let i = 0; i < 5; i++) await t.tokenRequest('ghost', 'bad');
    expect((await t.tokenRequest('ghost', 'bad')).statusCode).toBe(429);

    const admin = await t.adminToken();
    const users = data<{ records: { id: string; account: string }[] }>(
      await t.get('/api/blade-user/page', admin, { account_equal: 'finance' }),
    );
    const id = users.records.find((u) => u.account === 'finance')?.id;
    expect(id).toBeDefined();
    expect(
      (await t.post('/api/blade-user/unlock', admin, undefined, { userIds: id! })).statusCode,
    ).toBe(200);
    expect((await t.tokenRequest('finance', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts concurrent failures without losing any', async () => {
    const fails = await Promise.all(
      Array.from({ length: 5 }, () => t.tokenRequest('operator2', 'bad')),
    );
    expect(fails.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect((await t.tokenRequest('operator2', 'bad')).statusCode).toBe(429);
  });

  it('lets a lock run out after 15 minutes', async () => {
    for (let i = 0; i < 5; i++) await t.tokenRequest('supply', 'bad');
    expect((await t.tokenRequest('supply', DEMO_PASSWORD)).statusCode).toBe(429);
    t.advance(15 * 60 + 1);
    expect((await t.tokenRequest('supply', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('rotates refresh tokens and revokes the family when a spent one is reused', async () => {
    const first = (await t.tokenRequest('operator', DEMO_PASSWORD)).json();
    const refresh = (rt: string) =>
      t.inject({
        method: 'POST',
        url: TOKEN_URL,
        headers: { authorization: BASIC },
        query: { grant_type: 'refresh_token', refresh_token: rt, tenantId: '000000' },
      });
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const next = second.json();
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect((await t.get('/api/blade-auth/oauth/user-info', next.access_token)).statusCode).toBe(
      200,
    );
    // Reuse of the spent token after the grace window: refused, and the whole session ends.
    t.advance(REFRESH_GRACE_SECONDS + 1);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await t.get('/api/blade-auth/oauth/user-info', next.access_token)).statusCode).toBe(
      401,
    );
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });

  it('refuses an access token as a refresh token', async () => {
    const tok = (await t.tokenRequest('operator', DEMO_PASSWORD)).json();
    const res = await t.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { authorization: BASIC },
      query: { grant_type: 'refresh_token', refresh_token: tok.access_token },
    });
    expect(res.statusCode).toBe(401);
  });

  it('logout (GET) revokes the token; POST logout stores the debug log without logging out', async () => {
    const token = await t.login('operator', DEMO_PASSWORD);
    const logs = [
      {
        type: 'error',
        url: '/wel/index',
        message: 'boom',
        stack: 'at x',
        info: 'i',
        time: '2026-11-21 10:00:00',
      },
    ];
    const posted = await t.post('/api/blade-auth/oauth/logout', token, logs);
    expect(data<{ count: number }>(posted).count).toBe(1);
    const stored = await t.app.ctx.db
      .selectFrom('bladeClientLog')
      .selectAll()
      .where('message', '=', 'boom')
      .execute();
    expect(stored).toHaveLength(1);
    expect((await t.get('/api/blade-auth/oauth/user-info', token)).statusCode).toBe(200);
    expect((await t.get('/api/blade-auth/oauth/logout', token)).statusCode).toBe(200);
    expect((await t.get('/api/blade-auth/oauth/user-info', token)).statusCode).toBe(401);
  });

  it('rejects a malformed debug-log upload', async () => {
    const token = await t.login('operator', DEMO_PASSWORD);
    const res = await t.post('/api/blade-auth/oauth/logout', token, { not: 'an array' });
    expect(res.statusCode).toBe(400);
  });

  it('answers user-info with the caller and their permission codes', async () => {
    const token = await t.login('admin', DEMO_PASSWORD, DEMO_TENANT);
    const info = data<{ tenant_id: string; account: string; permissions: string[] }>(
      await t.get('/api/blade-auth/oauth/user-info', token),
    );
    expect(info.tenant_id).toBe(DEMO_TENANT);
    expect(info.permissions).toContain('user_add');
    expect(info.permissions).not.toContain('tenant_add');
  });

  it('clear-cache needs a token and answers success', async () => {
    expect((await t.get('/api/blade-auth/oauth/clear-cache')).statusCode).toBe(401);
    const token = await t.login('operator', DEMO_PASSWORD);
    expect((await t.get('/api/blade-auth/oauth/clear-cache', token)).json().code).toBe(200);
  });

  describe('token refusals', () => {
    it('401 without a token, with a forged signature, alg none, expired or revoked token', async () => {
      const url = '/api/blade-auth/oauth/user-info';
      expect((await t.get(url)).statusCode).toBe(401);
      const good = await t.login('operator', DEMO_PASSWORD);
      const [h, b] = good.split('.');
      const forged = `${h}.${b}.${createHmac('sha256', 'guess').update(`${h}.${b}`).digest('base64url')}`;
      expect((await t.get(url, forged)).statusCode).toBe(401);
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${b}.`;
      expect((await t.get(url, none)).statusCode).toBe(401);
      // Claims edited to another user, old signature kept.
      const claims = JSON.parse(Buffer.from(b!, 'base64url').toString());
      const edited = `${h}.${Buffer.from(JSON.stringify({ ...claims, tenant_id: DEMO_TENANT })).toString('base64url')}.${good.split('.')[2]}`;
      expect((await t.get(url, edited)).statusCode).toBe(401);
      // Expired: an hour and a bit later.
      const other = await t.login('operator', DEMO_PASSWORD);
      t.advance(3601);
      expect((await t.get(url, other)).statusCode).toBe(401);
    });

    it('does not accept a token from the query string or a cookie', async () => {
      const token = await t.login('operator', DEMO_PASSWORD);
      const url = '/api/blade-auth/oauth/user-info';
      expect(
        (await t.inject({ method: 'GET', url, query: { 'blade-auth': `bearer ${token}` } }))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await t.inject({
            method: 'GET',
            url,
            headers: { cookie: `saber3-access-token=${token}` },
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (await t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }))
          .statusCode,
      ).toBe(200);
    });
  });
});

describe('captcha mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ captcha: true });
  });
  afterAll(() => t.close());

  const captcha = async () => {
    const res = await t.get('/api/blade-auth/oauth/captcha');
    expect(res.statusCode).toBe(200);
    return res.json() as { key: string; image: string };
  };

  it('tells the console that captcha mode is on', async () => {
    expect(
      data<{ captcha: boolean }>(await t.get('/api/blade-auth/oauth/public-key')).captcha,
    ).toBe(true);
  });

  it('returns a raw {key, image} with an image data URL', async () => {
    const c = await captcha();
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(c.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(c.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses the password grant without a captcha and accepts a valid one once', async () => {
    expect((await t.tokenRequest('operator', DEMO_PASSWORD)).json().error_description).toBe(
      '验证码不正确',
    );
    t.nextCaptcha = 'k7m2p';
    const c = await captcha();
    const headers = { 'captcha-key': c.key, 'captcha-code': 'K7M2P' };
    expect((await t.tokenRequest('operator', DEMO_PASSWORD, '000000', headers)).statusCode).toBe(
      200,
    );
    // Single use.
    const again = await t.tokenRequest('operator', DEMO_PASSWORD, '000000', headers);
    expect(again.statusCode).toBe(400);
    expect(again.json().error_description).toBe('验证码不正确');
  });

  it('refuses a wrong answer and burns the key', async () => {
    t.nextCaptcha = 'abcde';
    const c = await captcha();
    expect(
      (
        await t.tokenRequest('operator', DEMO_PASSWORD, '000000', {
          'captcha-key': c.key,
          'captcha-code': 'zzzzz',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.tokenRequest('operator', DEMO_PASSWORD, '000000', {
          'captcha-key': c.key,
          'captcha-code': 'abcde',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('expires a captcha after 5 minutes', async () => {
    t.nextCaptcha = 'qwert';
    const c = await captcha();
    t.advance(301);
    expect(
      (
        await t.tokenRequest('operator', DEMO_PASSWORD, '000000', {
          'captcha-key': c.key,
          'captcha-code': 'qwert',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('rate limits', () => {
  it('limits token and captcha requests per client address', async () => {
    const t = await createTestApp({ tokenRateLimit: 3, captchaRateLimit: 2 });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await t.tokenRequest('nobody', 'x')).statusCode);
      expect(codes).toEqual([400, 400, 400, 429]);
      const c = [];
      for (let i = 0; i < 3; i++) c.push((await t.get('/api/blade-auth/oauth/captcha')).statusCode);
      expect(c).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
