import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwtRemembered } from './jwt.js';

/** jwt.ts `verifyJwtRemembered`: a remembered token is refused exactly when a checked one is. */
describe('remembered access tokens', () => {
  const now = 1_800_000_000;
  const token = (exp: number, extra: Record<string, unknown> = {}) =>
    signJwt({ iat: now, exp, sid: 's1', token_type: 'access_token', ...extra }, 'secret-a');

  it('still expire: a token accepted once is refused after its exp', () => {
    const t = token(now + 60);
    expect(verifyJwtRemembered(t, 'secret-a', now)?.sid).toBe('s1');
    expect(verifyJwtRemembered(t, 'secret-a', now + 30)?.sid).toBe('s1');
    expect(verifyJwtRemembered(t, 'secret-a', now + 60)).toBeUndefined();
  });

  it('are refused under another key, even after passing under theirs', () => {
    const t = token(now + 60, { sid: 's2' });
    expect(verifyJwtRemembered(t, 'secret-a', now)?.sid).toBe('s2');
    expect(verifyJwtRemembered(t, 'secret-b', now)).toBeUndefined();
  });

  it('are not yet valid before their nbf, remembered or not', () => {
    const t = token(now + 600, { sid: 's3', nbf: now + 100 });
    expect(verifyJwtRemembered(t, 'secret-a', now)).toBeUndefined();
    expect(verifyJwtRemembered(t, 'secret-a', now + 100)?.sid).toBe('s3');
    expect(verifyJwtRemembered(t, 'secret-a', now)).toBeUndefined();
  });

  it('cannot be altered by one request for the next', () => {
    const t = token(now + 60, { sid: 's4' });
    const claims = verifyJwtRemembered(t, 'secret-a', now)!;
    expect(() => {
      (claims as Record<string, unknown>).sid = 'other';
    }).toThrow();
    expect(verifyJwtRemembered(t, 'secret-a', now)?.sid).toBe('s4');
  });

  it('refuse a tampered token that was never checked', () => {
    const t = token(now + 60, { sid: 's5' });
    const [header, , sig] = t.split('.');
    const forged = Buffer.from(
      JSON.stringify({ iat: now, exp: now + 60, sid: 'admin', token_type: 'access_token' }),
    ).toString('base64url');
    expect(verifyJwtRemembered(t, 'secret-a', now)?.sid).toBe('s5');
    expect(verifyJwtRemembered(`${header}.${forged}.${sig}`, 'secret-a', now)).toBeUndefined();
  });
});
