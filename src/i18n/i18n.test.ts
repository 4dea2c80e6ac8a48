import { describe, expect, it } from 'vitest';
import './console-messages';
import { registeredModules, translate } from './index';

const files = import.meta.glob<Record<string, unknown>>('./messages/*.ts', { eager: true });

describe('messages', () => {
  it('registers every message module, with the entry or with the console', () => {
    const modules = Object.entries(files)
      .filter(([path]) => !path.endsWith('/index.ts'))
      .flatMap(([, exports]) => Object.values(exports));
    expect(modules.length).toBeGreaterThan(10);
    for (const m of modules) expect(registeredModules()).toContain(m);
  });

  it('has an English text for every Chinese key and no extra keys, in every module', () => {
    for (const m of registeredModules()) {
      expect(Object.keys(m.en).sort()).toEqual(Object.keys(m.zh).sort());
      for (const [key, text] of Object.entries(m.en)) expect(text, key).not.toBe('');
    }
  });

  it('keeps keys unique across modules', () => {
    const seen = new Set<string>();
    for (const m of registeredModules()) {
      for (const key of Object.keys(m.zh)) {
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });

  it('translates with placeholders and falls back to zh', () => {
    expect(translate('en', 'errors.network')).toBe('Network exception');
    expect(translate('zh', 'errors.network')).toBe('网络异常');
  });
});
