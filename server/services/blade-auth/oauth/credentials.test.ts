import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN } from '../../../auth/index.js';
import {
  BASIC,
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { deptId, roleId, USER } from '../../blade-user/test-helpers.js';
import { STAMP_SECONDS } from '../password-stamp.js';

/**
 * Issue 15 item 1: credentials travel in form bodies, never land in a log (the server's own
 * output, the API, error and usual logs, the uploaded debug log), and a password ciphertext
 * seen once does not log in again.
 */
const TOKEN = '/api/blade-auth/oauth/token';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
}

describe('credentials on the wire and in the logs', () => {
  let t: TestApp;
  let output = '';

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    t = await createTestApp({ logStream: stream });
    // A failure that quotes the request it failed on (added before the app is ready).
    t.app.post('/api/test-only/boom', { config: { access: SIGNED_IN } }, async (request) => {
      throw new Error(`upstream refused ${JSON.stringify(request.body)}`);
    });
  });
  afterAll(() => t.close());

  /** The server clock, as the public-key answer tells the console. */
  const serverNow = async () =>
    data<{ now: number }>(await t.get('/api/blade-auth/oauth/public-key')).now;

  const formLogin = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.inject({
      method: 'POST',
      url: TOKEN,
      headers: { authorization: BASIC, ...FORM, ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  const passwordFields = (password: string, account = 'operator', tenantId = '000000') => ({
    tenantId,
    username: account,
    password,
    grant_type: 'password',
    scope: 'all',
  });

  /** Every text of every stored log row, the uploaded debug log included. */
  const storedLogs = async () => {
    const db = t.app.ctx.db;
    return JSON.stringify([
      ...(await db.selectFrom('bladeLogApi').selectAll().execute()),
      ...(await db.selectFrom('bladeLogError').selectAll().execute()),
      ...(await db.selectFrom('bladeLogUsual').selectAll().execute()),
      ...(await db.selectFrom('bladeClientLog').selectAll().execute()),
    ]);
  };

  it('takes the password and refresh grants as form fields', async () => {
    const login = await formLogin(passwordFields(t.encrypt(DEMO_PASSWORD)));
    expect(login.statusCode).toBe(200);
    const tokens = login.json<TokenAnswer>();
    const refresh = await formLogin({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      tenantId: '000000',
      scope: 'all',
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json<TokenAnswer>().refresh_token).not.toBe(tokens.refresh_token);
  });

  it('keeps no credential in any log, whether it came in a query, a body or a header', async () => {
    const secrets: string[] = [];
    const keep = <T extends string>(s: T): T => (secrets.push(s), s);

    // Password grant, console style (form body) and gateway style (query string).
    const bodyCipher = keep(t.encrypt(DEMO_PASSWORD));
    const byBody = await formLogin(passwordFields(bodyCipher));
    expect(byBody.statusCode).toBe(200);
    const queryCipher = keep(t.encrypt(DEMO_PASSWORD));
    const byQuery = await t.inject({
      method: 'POST',
      url: TOKEN,
      headers: { authorization: BASIC },
      query: passwordFields(queryCipher),
    });
    expect(byQuery.statusCode).toBe(200);
    // A failed login is logged too (usual log).
    const wrongCipher = keep(t.encrypt('Wrong-pass-77'));
    expect((await formLogin(passwordFields(wrongCipher))).statusCode).toBe(400);

    // Refresh grant, both ways.
    const first = keep(byBody.json<TokenAnswer>().refresh_token);
    const refreshed = await formLogin({ grant_type: 'refresh_token', refresh_token: first });
    expect(refreshed.statusCode).toBe(200);
    const second = keep(refreshed.json<TokenAnswer>().refresh_token);
    const viaQuery = await t.inject({
      method: 'POST',
      url: TOKEN,
      headers: { authorization: BASIC },
      query: { grant_type: 'refresh_token', refresh_token: second },
    });
    expect(viaQuery.statusCode).toBe(200);
    keep(viaQuery.json<TokenAnswer>().refresh_token);

    // Captcha grant: the answer and its key travel as headers.
    t.nextCaptcha = 'qz7kw';
    const captcha = (await t.get('/api/blade-auth/oauth/captcha')).json<{ key: string }>();
    const captchaCipher = keep(t.encrypt(DEMO_PASSWORD));
    const byCaptcha = await formLogin(
      { ...passwordFields(captchaCipher), grant_type: 'captcha' },
      { 'captcha-key': keep(captcha.key), 'captcha-code': keep('qz7kw') },
    );
    expect(byCaptcha.statusCode).toBe(200);
    // A social-style code on the token path, in the query.
    await t.inject({
      method: 'POST',
      url: TOKEN,
      headers: { authorization: BASIC },
      query: { grant_type: 'social', code: keep('oauth-code-5521'), source: 'github' },
    });

    // Creating a user with a password, then that user changing it (form body and query).
    const tenantAdmin = await t.tenantAdminToken();
    const created = await t.post(`${USER}/submit`, tenantAdmin, {
      account: 'logcheck',
      password: keep(t.encrypt('Init@12345')),
      name: '日志',
      realName: '日志检查',
      roleId: await roleId(t, DEMO_TENANT, 'staff'),
      deptId: [await deptId(t, DEMO_TENANT, '销售部')],
    });
    expect(created.statusCode).toBe(200);
    const newbie = await t.login('logcheck', 'Init@12345', DEMO_TENANT);
    const change = await t.inject({
      method: 'POST',
      url: `${USER}/update-password`,
      headers: { 'blade-auth': `bearer ${newbie}`, ...FORM },
      payload: new URLSearchParams({
        oldPassword: keep(t.encrypt('Init@12345')),
        newPassword: keep(t.encrypt('Next@12345')),
        newPassword1: keep(t.encrypt('Next@12345')),
      }).toString(),
    });
    expect(change.statusCode).toBe(200);

    // A 500 whose message quotes the body, and a debug-log upload quoting a request.
    const boom = await t.post('/api/test-only/boom', tenantAdmin, {
      password: keep('Plain-secret-31'),
    });
    expect(boom.statusCode).toBe(500);
    const upload = await t.post('/api/blade-auth/oauth/logout', tenantAdmin, [
      {
        type: 'error',
        url: `${TOKEN}?grant_type=refresh_token&refresh_token=${second}`,
        message: `POST failed: password=${bodyCipher}`,
        stack: '',
        info: `Blade-Auth: bearer ${tenantAdmin}\nCaptcha-Code: qz7kw`,
        time: '2026-01-01 00:00:00',
      },
    ]);
    expect(upload.statusCode).toBe(200);
    keep(tenantAdmin);

    const logs = `${output}\n${await storedLogs()}`;
    // The server did log these requests, so finding nothing means something.
    expect(output).toContain('/api/blade-auth/oauth/token?');
    expect(output).toContain('incoming request');
    for (const secret of secrets) expect(logs).not.toContain(secret);
    // Not even URL-encoded (a ciphertext's + / = are escaped in a query string).
    for (const secret of secrets) expect(logs).not.toContain(encodeURIComponent(secret));
    // Masked values only (free text writes them quoted, and JSON escapes the quotes).
    expect(logs).not.toMatch(/password=(?!\\?"?\*{6})/i);
    expect(logs).not.toMatch(/refresh_token=(?!\\?"?\*{6})/i);
    expect(logs).not.toContain('Init@12345');
    expect(logs).not.toContain('Next@12345');
    expect(logs).not.toContain(DEMO_PASSWORD);
  });

  it('logs in once with a stamped ciphertext and refuses it again', async () => {
    const cipher = t.encrypt(`${DEMO_PASSWORD}\u0000${await serverNow()}`);
    expect((await formLogin(passwordFields(cipher))).statusCode).toBe(200);
    const again = await formLogin(passwordFields(cipher));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error_code: 400, error_description: '用户名或密码错误' });
    // Spelled differently (a leading zero byte, as JSEncrypt sometimes drops one; the query
    // instead of the body), it is the same ciphertext.
    const padded = Buffer.concat([Buffer.alloc(1), Buffer.from(cipher, 'base64')]);
    expect(
      (await formLogin(passwordFields(padded.toString('base64')))).json().error_description,
    ).toBe('用户名或密码错误');
    const byQuery = await t.inject({
      method: 'POST',
      url: TOKEN,
      headers: { authorization: BASIC },
      query: passwordFields(cipher),
    });
    expect(byQuery.statusCode).toBe(400);
  });

  it('refuses a stamped ciphertext outside its lifetime, even one never used', async () => {
    // Another account than the replays above: their failures count towards a lock-out.
    const login = (cipher: string) => formLogin(passwordFields(cipher, 'admin', DEMO_TENANT));
    const now = await serverNow();
    const stale = t.encrypt(`${DEMO_PASSWORD}\u0000${now - STAMP_SECONDS - 1}`);
    expect((await login(stale)).statusCode).toBe(400);
    const fresh = t.encrypt(`${DEMO_PASSWORD}\u0000${now}`);
    t.advance(STAMP_SECONDS + 1);
    try {
      expect((await login(fresh)).statusCode).toBe(400);
    } finally {
      t.advance(-(STAMP_SECONDS + 1));
    }
    // A garbled stamp is a wrong password, not a server error.
    const garbled = t.encrypt(`${DEMO_PASSWORD}\u0000soon`);
    expect((await login(garbled)).statusCode).toBe(400);
  });

  it('still accepts a bare password ciphertext, as BladeX clients send it', async () => {
    expect((await formLogin(passwordFields(t.encrypt(DEMO_PASSWORD)))).statusCode).toBe(200);
  });
});
