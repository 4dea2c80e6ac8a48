import { describe, expect, it } from 'vitest';
import { dictName, entriesNotice } from './dict-labels';

describe('entriesNotice', () => {
  it('tells anyone but the super admin that the system dictionary is not theirs to change', () => {
    expect(entriesNotice('blade-system/dict', { isSealed: 0 }, false)).toBe('dict.systemOnly');
    expect(entriesNotice('blade-system/dict', { isSealed: 1 }, true)).toBeUndefined();
  });

  it('tells a tenant user that a sealed business dictionary is frozen', () => {
    expect(entriesNotice('blade-system/dict-biz', { isSealed: 1 }, false)).toBe('dict.sealed');
    expect(entriesNotice('blade-system/dict-biz', { isSealed: 0 }, false)).toBeUndefined();
    expect(entriesNotice('blade-system/dict-biz', { isSealed: 1 }, true)).toBeUndefined();
  });

  it('says nothing while the caller is unknown', () => {
    expect(entriesNotice('blade-system/dict', { isSealed: 1 }, undefined)).toBeUndefined();
  });
});

describe('dictName', () => {
  it('names a dictionary with its code in either language', () => {
    expect(dictName({ dictValue: '性别', code: 'sex' }, 'zh')).toBe('性别（sex）');
    expect(dictName({ dictValue: 'Sex', code: 'sex' }, 'en')).toBe('Sex (sex)');
  });
});
