import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  codeDigest,
  codeDigests,
  codeKey,
  maskCode,
  openCode,
  sealCode,
  sealedCode,
} from './code-crypto.js';

const ctx = { jwtSecret: 'a'.repeat(64) };
const other = { jwtSecret: 'b'.repeat(64) };

describe('coupon code at rest', () => {
  it('seals with a fresh iv each time and opens only under its own key', () => {
    const a = sealCode(ctx, 'JD-2026-0001');
    expect(a).not.toContain('JD-2026');
    expect(a).not.toBe(sealCode(ctx, 'JD-2026-0001'));
    expect(openCode(ctx, a)).toBe('JD-2026-0001');
    expect(openCode(other, a)).toBe('');
    expect(openCode(ctx, `${a.slice(0, -4)}AAAA`)).toBe('');
  });

  it('finds a code by a keyed digest of its key: spaces around, case and width do not count', () => {
    expect(codeDigest(ctx, ' JD-1 ')).toBe(codeDigest(ctx, 'JD-1'));
    expect(codeDigest(ctx, 'jd-1')).toBe(codeDigest(ctx, 'JD-1'));
    expect(codeDigest(ctx, 'ＪＤ－１')).toBe(codeDigest(ctx, 'JD-1'));
    expect(codeKey(' ａbＣ-1 ')).toBe('ABC-1');
    expect(codeDigest(ctx, 'JD-1')).not.toBe(codeDigest(ctx, 'JD-2'));
    expect(codeDigest(ctx, 'JD-1')).not.toBe(codeDigest(other, 'JD-1'));
    expect(codeDigest(ctx, 'JD-1')).toMatch(/^[0-9a-f]{64}$/);
    // The stored code keeps the supplier's spelling; its digest is the key's.
    const sealed = sealedCode(ctx, ' aBc-1234567 ');
    expect(openCode(ctx, sealed.codeCipher)).toBe('aBc-1234567');
    expect(sealed.codeDigest).toBe(codeDigest(ctx, 'ABC-1234567'));
  });

  it('looks a typed code up under the digests older rows carry (the code as imported)', () => {
    const key = createHmac('sha256', ctx.jwtSecret).update('digest:coupon-code').digest();
    const before = (code: string) => createHmac('sha256', key).update(code).digest('hex');
    // Upper-case codes were stored with their key's digest already.
    expect(before('JD-1')).toBe(codeDigest(ctx, 'jd-1'));
    expect(codeDigests(ctx, 'JD-1')).toEqual([codeDigest(ctx, 'JD-1'), before('jd-1')]);
    expect(codeDigests(ctx, ' aB-1 ')).toEqual([
      codeDigest(ctx, 'AB-1'),
      before('aB-1'),
      before('ab-1'),
    ]);
  });

  it('masks: head and tail of long codes, the tail of short ones, nothing of tiny ones', () => {
    expect(maskCode('ABCDEFGHIJKLMNOP')).toBe('ABCD********MNOP');
    expect(maskCode('ABCDEFGHIJKL')).toBe('ABCD****IJKL');
    expect(maskCode('ABCDEFG')).toBe('*****FG');
    expect(maskCode('ABCD')).toBe('****');
    expect(sealedCode(ctx, ' 1234567890123 ', '999')).toMatchObject({ codeMask: '1234*****0123' });
  });
});
