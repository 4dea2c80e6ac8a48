import { describe, expect, it } from 'vitest';
import {
  hasErrors,
  meetsPasswordRule,
  passwordClassCount,
  validatePasswordChange,
} from './password-rules';

describe('password rule', () => {
  it('counts the four character classes', () => {
    expect(passwordClassCount('abc')).toBe(1);
    expect(passwordClassCount('aB1')).toBe(3);
    expect(passwordClassCount('aB1@')).toBe(4);
    expect(passwordClassCount('a b')).toBe(2); // a space counts as a symbol, as on the server
  });

  it.each([
    ['Demo@2026', true],
    ['Ab1cd2', true], // 6 characters, 3 classes
    ['Ab1@', false], // too short
    ['Abcdefgh1@x', false], // 11 characters
    ['abcdef12', false], // 2 classes
    ['ABCDEF@@', false],
    ['abc@12', true],
    ['密码Ab1x', true], // non-Latin letters count as symbols
    ['', false],
  ])('%s -> %s', (password, ok) => {
    expect(meetsPasswordRule(password)).toBe(ok);
  });
});

describe('validatePasswordChange', () => {
  const valid = { oldPassword: 'admin', newPassword: 'Demo@2026', newPassword1: 'Demo@2026' };

  it('accepts a valid change', () => {
    expect(validatePasswordChange(valid)).toEqual({});
    expect(hasErrors(validatePasswordChange(valid))).toBe(false);
  });

  it('requires every field', () => {
    expect(validatePasswordChange({ oldPassword: '', newPassword: '', newPassword1: '' })).toEqual({
      oldPassword: 'auth.change.oldRequired',
      newPassword: 'auth.change.newRequired',
      newPassword1: 'auth.change.confirmRequired',
    });
  });

  it('applies the rule to new and confirm', () => {
    expect(validatePasswordChange({ ...valid, newPassword: 'weak', newPassword1: 'weak' })).toEqual(
      { newPassword: 'auth.password.rule', newPassword1: 'auth.password.rule' },
    );
  });

  it('reports a mismatch on the confirm field', () => {
    const errors = validatePasswordChange({ ...valid, newPassword1: 'Demo@2027' });
    expect(errors).toEqual({ newPassword1: 'auth.change.mismatch' });
    expect(hasErrors(errors)).toBe(true);
  });
});
