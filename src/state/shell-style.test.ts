import { describe, expect, it } from 'vitest';
import { isDarkColor, safeLogoUrl } from './shell-style';

describe('safeLogoUrl', () => {
  it('keeps http(s) addresses and same-origin paths', () => {
    expect(safeLogoUrl('https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png');
    expect(safeLogoUrl(' /static/logo.svg ')).toBe('/static/logo.svg');
  });

  it('drops empty, script, data and protocol-relative addresses', () => {
    for (const bad of [
      '',
      undefined,
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      '//evil.example/x.png',
      '/\\evil.example',
      'logo.png',
    ]) {
      expect(safeLogoUrl(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('isDarkColor', () => {
  it('tells dark sidebars from light ones', () => {
    expect(isDarkColor('#20222a')).toBe(true);
    expect(isDarkColor('#ffffff')).toBe(false);
    expect(isDarkColor('#f8f8f9')).toBe(false);
    expect(isDarkColor('nope')).toBe(false);
  });
});
