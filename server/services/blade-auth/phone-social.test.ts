import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BASIC, createTestApp, type TestApp } from '../../test/support.js';
import { CODE_WRONG, TARGET_CAPPED, TOO_SOON } from './verification-codes.js';
import { BIND_INVALID, NOT_BOUND, SOCIAL_CODE_INVALID, STATE_INVALID } from './social.js';

/** operator of tenant 000000 (demo data) has this phone. */
const PHONE = '13800000001';
const SEND = '/api/blade-resource/sms/endpoint/send-login-validate';

interface TokenAnswer {
  access_token?: string;
  user_id?: string;
  account?: string;
  error_code?: number;
  error_description?: string;
  bind_ticket?: string;
}

describe('login grants verify_phone and social (issue 16 item 17)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Every test starts with fresh limits and codes, an hour later.
    t.advance(3600);
    await t.app.ctx.db.deleteFrom('authVerifyThrottle').execute();
    await t.app.ctx.db.deleteFrom('authLoginFailure').execute();
    await t.app.ctx.db
      .updateTable('bladeUser')
      .set({ status: 1 })
      .where('account', '=', 'operator')
      .execute();
  });

  const form = (
    url: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    t.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  const token = async (fields: Record<string, string>) => {
    const res = await form(
      '/api/blade-auth/oauth/token',
      { tenantId: '000000', scope: 'all', ...fields },
      { authorization: BASIC },
    );
    return { status: res.statusCode, body: res.json() as TokenAnswer };
  };
  const outbox = (phone: string) =>
    t.app.ctx.db
      .selectFrom('bladeSmsOutbox')
      .select(['params', 'templateId'])
      .where('phone', '=', phone)
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .execute();
  /** Sends a login code and reads it from the outbox, as a phone would receive it. */
  const sendCode = async (phone = PHONE) => {
    const before = (await outbox(phone)).length;
    const res = await form(SEND, { phone, tenantId: '000000' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await outbox(phone);
    expect(rows.length).toBe(before + 1);
    return (JSON.parse(rows[0]!.params) as { code: string }).code;
  };
  const phoneLogin = (code: string, extra: Record<string, string> = {}) =>
    token({ grant_type: 'verify_phone', phone: PHONE, code, ...extra });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('send-login-validate: one per 60 s per phone, a daily cap, nothing sent to strangers', async () => {
    const code = await sendCode();
    expect(code).toMatch(/^\d{6}$/);
    const again = await form(SEND, { phone: PHONE });
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toBe(TOO_SOON);
    expect(again.headers['retry-after']).toBe('60');
    // Up to 10 a day: 9 more, a minute apart, then refused.
    for (let i = 1; i < 10; i++) {
      t.advance(61);
      await sendCode();
    }
    t.advance(61);
    const capped = await form(SEND, { phone: PHONE });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().msg).toBe(TARGET_CAPPED);
    // A phone no user holds: the same answer, nothing in the outbox.
    const stranger = await form(SEND, { phone: '13711112222' });
    expect(stranger.statusCode).toBe(200);
    expect(await outbox('13711112222')).toHaveLength(0);
    const bad = await form(SEND, { phone: '1380000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('phone:手机号格式不正确');
  });

  it('verify_phone: a wrong code is refused, the right one logs in once, an expired one never', async () => {
    const code = await sendCode();
    const refused = await phoneLogin(wrong(code));
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toBe(CODE_WRONG);
    const ok = await phoneLogin(code);
    expect(ok.status).toBe(200);
    expect(ok.body.account).toBe('operator');
    expect(ok.body.access_token).toBeTruthy();
    // The same code again.
    const replay = await phoneLogin(code);
    expect(replay.status).toBe(400);
    expect(replay.body.error_description).toBe(CODE_WRONG);
    // A code past its five minutes.
    t.advance(61);
    const late = await sendCode();
    t.advance(301);
    expect((await phoneLogin(late)).body.error_description).toBe(CODE_WRONG);
    // A newer code replaces an older one.
    t.advance(61);
    const first = await sendCode();
    t.advance(61);
    await sendCode();
    expect((await phoneLogin(first)).status).toBe(400);
  });

  it('verify_phone: wrong codes count toward the lock-out, and five tries spend a code', async () => {
    const code = await sendCode();
    for (let i = 0; i < 5; i++) expect((await phoneLogin(wrong(code))).status).toBe(400);
    // The sixth attempt is locked out before the code is looked at, even the right code.
    const locked = await phoneLogin(code);
    expect(locked.status).toBe(429);
    // After the lock the code has had its five tries.
    t.advance(15 * 60 + 1);
    await t.app.ctx.db.deleteFrom('authLoginFailure').execute();
    expect((await phoneLogin(code)).body.error_description).toBe(CODE_WRONG);
  });

  it('verify_phone: a disabled user is refused with the right code', async () => {
    await t.app.ctx.db
      .updateTable('bladeUser')
      .set({ status: 0 })
      .where('account', '=', 'operator')
      .execute();
    const code = await sendCode();
    const res = await phoneLogin(code);
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('账号已被禁用，请联系管理员');
    expect(res.body.access_token).toBeUndefined();
  });

  /** The sandbox round trip: render -> authorise -> back with code and state. */
  const authorise = async (openid = 'wx-test-1') => {
    const render = await t.get('/api/blade-auth/oauth/render/wechat', undefined, {
      tenantId: '000000',
    });
    expect(render.statusCode, render.body).toBe(200);
    const { url, state } = render.json().data as { url: string; state: string };
    const back = await t.get(`${url}&openid=${openid}`);
    expect(back.statusCode).toBe(302);
    const location = new URL(String(back.headers.location), 'http://x');
    expect(location.pathname).toBe('/wx-login');
    expect(location.searchParams.get('state')).toBe(state);
    return { code: location.searchParams.get('code')!, state };
  };
  const social = (code: string, state: string) =>
    token({ grant_type: 'social', source: 'wechat', code, state });

  it('social: an unbound open id gets a bind ticket; binding by phone code logs in, then WeChat alone does', async () => {
    const first = await authorise();
    const unbound = await social(first.code, first.state);
    expect(unbound.status).toBe(400);
    expect(unbound.body.error_description).toBe(NOT_BOUND);
    const ticket = unbound.body.bind_ticket!;
    expect(ticket).toBeTruthy();

    // Replays: the same code and state again, the same code with a fresh state, a made-up state.
    expect((await social(first.code, first.state)).body.error_description).toBe(STATE_INVALID);
    const second = await authorise();
    expect((await social(first.code, second.state)).body.error_description).toBe(
      SOCIAL_CODE_INVALID,
    );
    const third = await authorise();
    expect((await social(third.code, 'not-a-state')).body.error_description).toBe(STATE_INVALID);

    // A wrong phone code binds nothing and keeps the ticket.
    const code = await sendCode();
    expect((await phoneLogin(wrong(code), { bind_ticket: ticket })).status).toBe(400);
    const bound = await phoneLogin(code, { bind_ticket: ticket });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(bound.body.account).toBe('operator');
    const rows = await t.app.ctx.db
      .selectFrom('bladeUserOauth')
      .select(['userId', 'openId', 'tenantId'])
      .execute();
    expect(rows).toEqual([{ userId: bound.body.user_id, openId: 'wx-test-1', tenantId: '000000' }]);

    // The ticket is spent.
    t.advance(61);
    const again = await sendCode();
    expect((await phoneLogin(again, { bind_ticket: ticket })).body.error_description).toBe(
      BIND_INVALID,
    );

    // Now the WeChat account alone logs in.
    const next = await authorise();
    const signedIn = await social(next.code, next.state);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.account).toBe('operator');
  });

  it('social: the state is bound to its tenant and expires', async () => {
    const { code, state } = await authorise('wx-test-2');
    const other = await form(
      '/api/blade-auth/oauth/token',
      { tenantId: '100001', grant_type: 'social', source: 'wechat', code, state },
      { authorization: BASIC },
    );
    expect(other.json().error_description).toBe(STATE_INVALID);
    const late = await authorise('wx-test-2');
    t.advance(11 * 60);
    expect((await social(late.code, late.state)).body.error_description).toBe(STATE_INVALID);
  });
});
