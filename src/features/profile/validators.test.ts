import { describe, expect, it } from 'vitest';
import { avatarUrlError, emailError, phoneError, validateProfile } from './validators';

describe('phoneError', () => {
  it('accepts an empty phone and 11 digits starting with 1', () => {
    expect(phoneError('')).toBeUndefined();
    expect(phoneError('   ')).toBeUndefined();
    expect(phoneError('13812345678')).toBeUndefined();
    expect(phoneError(' 19900001111 ')).toBeUndefined();
  });

  it('rejects other lengths, other first digits and non-digits', () => {
    for (const bad of [
      '1381234567',
      '138123456789',
      '23812345678',
      '1381234567a',
      '+8613812345678',
      '010-12345678',
    ])
      expect(phoneError(bad), bad).toBe('profile.errors.phone');
  });
});

describe('emailError', () => {
  it('accepts an empty email and standard addresses', () => {
    expect(emailError('')).toBeUndefined();
    expect(emailError('ops@example.com')).toBeUndefined();
    expect(emailError('first.last+tag@mail.example.com.cn')).toBeUndefined();
  });

  it('rejects malformed addresses', () => {
    for (const bad of [
      'ops',
      'ops@',
      '@example.com',
      'ops@example',
      'ops@example.c',
      'o ps@example.com',
      'ops@@example.com',
    ])
      expect(emailError(bad), bad).toBe('profile.errors.email');
  });
});

describe('avatarUrlError', () => {
  it('accepts empty and http(s) addresses only', () => {
    expect(avatarUrlError('')).toBeUndefined();
    expect(avatarUrlError('https://cdn.example.com/a.png')).toBeUndefined();
    expect(avatarUrlError('http://example.com/a.jpg')).toBeUndefined();
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAA',
      '//example.com/a.png',
      'ftp://x/a.png',
      'https://x/a b.png',
    ])
      expect(avatarUrlError(bad), bad).toBe('profile.errors.avatarUrl');
  });
});

describe('validateProfile', () => {
  const valid = { avatar: '', realName: '张三', name: 'zs', phone: '', email: '' };

  it('passes a complete form', () => {
    expect(validateProfile(valid)).toEqual({});
  });

  it('requires real name and nickname', () => {
    expect(validateProfile({ ...valid, realName: ' ', name: '' })).toEqual({
      realName: 'profile.errors.realName',
      name: 'profile.errors.name',
    });
  });

  it('checks the avatar only when it was changed', () => {
    expect(validateProfile({ ...valid, avatar: '/img/a.png' }, '/img/a.png')).toEqual({});
    expect(validateProfile({ ...valid, avatar: '/img/b.png' }, '/img/a.png')).toEqual({
      avatar: 'profile.errors.avatarUrl',
    });
  });
});
