import { describe, expect, it } from 'vitest';
import { checkFrameUrl, frameTargetFromLocation } from './frame-url';

describe('checkFrameUrl', () => {
  it('allows absolute http and https URLs', () => {
    expect(checkFrameUrl('https://example.com/a?b=1')).toEqual({
      ok: true,
      url: 'https://example.com/a?b=1',
      host: 'example.com',
    });
    expect(checkFrameUrl('http://10.0.0.1:8080/x')).toMatchObject({
      ok: true,
      host: '10.0.0.1:8080',
    });
    expect(checkFrameUrl('  HTTPS://Example.com  ')).toMatchObject({
      ok: true,
      url: 'https://example.com/',
    });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'blob:https://example.com/uuid',
    'file:///etc/passwd',
    'ftp://example.com/',
    '/system/user',
    '//evil.example/x',
    'example.com',
    'https://',
    'http://[invalid',
    '',
    undefined,
    null,
  ])('refuses %s', (raw) => {
    expect(checkFrameUrl(raw)).toEqual({ ok: false });
  });
});

describe('frameTargetFromLocation', () => {
  it('reads url (or Saber src) and turns # back into &', () => {
    expect(frameTargetFromLocation('?url=https%3A%2F%2Fa.example%2Fp%3Fx%3D1%23y%3D2', '')).toBe(
      'https://a.example/p?x=1&y=2',
    );
    expect(frameTargetFromLocation('?src=https://a.example/p', '')).toBe('https://a.example/p');
  });

  it('takes an unencoded rest from the hash when the target is the last parameter', () => {
    expect(frameTargetFromLocation('?name=x&url=https://a.example/p?x=1', '#y=2#z=3')).toBe(
      'https://a.example/p?x=1&y=2&z=3',
    );
    expect(frameTargetFromLocation('?url=https://a.example/p&name=x', '#y=2')).toBe(
      'https://a.example/p',
    );
  });

  it('is undefined without a target', () => {
    expect(frameTargetFromLocation('', '')).toBeUndefined();
    expect(frameTargetFromLocation('?name=x', '#a')).toBeUndefined();
  });
});
