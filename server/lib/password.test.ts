import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  legacyBladeHash,
  passwordRuleViolation,
  verifyPassword,
} from './password.js';

describe('passwords at rest', () => {
  it('hashes with scrypt and a per-user salt', async () => {
    const a = await hashPassword('Secret@1');
    const b = await hashPassword('Secret@1');
    expect(a).toMatch(/^scrypt\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Secret@1', a)).toEqual({ ok: true, needsRehash: false });
    expect((await verifyPassword('secret@1', a)).ok).toBe(false);
  });

  it('accepts a legacy BladeX sha1(md5) hash and asks for a re-hash', async () => {
    // The seeded BladeX admin row: admin -> 90b9aa7e25f80cf4f64e990b78a9fc5ebd6cecad (contract.md 2.3).
    expect(legacyBladeHash('admin')).toBe('90b9aa7e25f80cf4f64e990b78a9fc5ebd6cecad');
    expect(await verifyPassword('admin', '90b9aa7e25f80cf4f64e990b78a9fc5ebd6cecad')).toEqual({
      ok: true,
      needsRehash: true,
    });
    expect((await verifyPassword('wrong', '90b9aa7e25f80cf4f64e990b78a9fc5ebd6cecad')).ok).toBe(
      false,
    );
  });

  it('applies the spec rule: 6-10 characters with 3 of 4 classes', () => {
    expect(passwordRuleViolation('Ab1@')).toBeDefined();
    expect(passwordRuleViolation('Abcdef12345')).toBeDefined();
    expect(passwordRuleViolation('abcdef12')).toBeDefined();
    expect(passwordRuleViolation('abcdef1@')).toBeUndefined();
    expect(passwordRuleViolation('ABCdef12')).toBeUndefined();
    expect(passwordRuleViolation('admin')).toBeDefined();
  });
});
