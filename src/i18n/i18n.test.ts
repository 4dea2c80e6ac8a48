import { describe, expect, it } from 'vitest';
import { translate } from './index';
import { moduleList } from './messages';

describe('messages', () => {
  it('has an English text for every Chinese key and no extra keys, in every module', () => {
    for (const m of moduleList) {
      expect(Object.keys(m.en).sort()).toEqual(Object.keys(m.zh).sort());
      for (const [key, text] of Object.entries(m.en)) expect(text, key).not.toBe('');
    }
  });

  it('keeps keys unique across modules', () => {
    const seen = new Set<string>();
    for (const m of moduleList) {
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
