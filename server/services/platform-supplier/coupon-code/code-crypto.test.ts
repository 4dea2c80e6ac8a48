import { describe, expect, it } from 'vitest';
import { codeDigest, maskCode, openCode, sealCode, sealedCode } from './code-crypto.js';

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

  it('finds a code by a keyed digest: same code, same digest; spaces around do not count', () => {
    expect(codeDigest(ctx, ' JD-1 ')).toBe(codeDigest(ctx, 'JD-1'));
    expect(codeDigest(ctx, 'JD-1')).not.toBe(codeDigest(ctx, 'jd-1'));
    expect(codeDigest(ctx, 'JD-1')).not.toBe(codeDigest(other, 'JD-1'));
    expect(codeDigest(ctx, 'JD-1')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('masks: head and tail of long codes, the tail of short ones, nothing of tiny ones', () => {
    expect(maskCode('ABCDEFGHIJKLMNOP')).toBe('ABCD********MNOP');
    expect(maskCode('ABCDEFGHIJKL')).toBe('ABCD****IJKL');
    expect(maskCode('ABCDEFG')).toBe('*****FG');
    expect(maskCode('ABCD')).toBe('****');
    expect(sealedCode(ctx, ' 1234567890123 ', '999')).toMatchObject({ codeMask: '1234*****0123' });
  });
});
