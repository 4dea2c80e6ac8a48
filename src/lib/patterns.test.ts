import { describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '../i18n';
import '../i18n/console-messages';
import {
  EMAIL_PATTERN as PROFILE_EMAIL,
  PHONE_PATTERN as PROFILE_PHONE,
} from '../features/profile/validators';
import {
  COMPLETE_INFO_MESSAGE,
  EMAIL_PATTERN,
  PHONE_PATTERN,
  patterns,
  required,
  selectionError,
  SELECT_ONE_MESSAGE,
  validate,
  validateForm,
  type PatternName,
} from './patterns';

const cases: Record<PatternName, { pass: string[]; fail: [string, MessageKey][] }> = {
  code: {
    pass: ['abc123', 'ABC', '007'],
    fail: [
      ['ab-12', 'resource.pattern.code'],
      ['ab 12', 'resource.pattern.code'],
      ['编码1', 'resource.pattern.code'],
    ],
  },
  int1000: {
    pass: ['0', '1', '999', '1000', ' 1000 '],
    fail: [
      ['1001', 'resource.pattern.int1000'],
      ['-1', 'resource.pattern.int1000'],
      ['1.5', 'resource.pattern.int1000'],
      ['007', 'resource.pattern.int1000'],
      ['1e3', 'resource.pattern.int1000'],
    ],
  },
  int10000: {
    pass: ['10000', '0'],
    fail: [['10001', 'resource.pattern.int10000']],
  },
  int100000: {
    pass: ['100000'],
    fail: [['100001', 'resource.pattern.int100000']],
  },
  int100000000: {
    pass: ['100000000', '99999999'],
    fail: [
      ['100000001', 'resource.pattern.int100000000'],
      ['1000000000', 'resource.pattern.int100000000'],
    ],
  },
  decimal2: {
    pass: ['0', '1', '1.2', '1.23', '0.01', '12345.60'],
    fail: [
      ['1.234', 'resource.pattern.decimal2'],
      ['-1', 'resource.pattern.decimal2'],
      ['1.', 'resource.pattern.decimal2'],
      ['.5', 'resource.pattern.decimal2'],
      ['abc', 'resource.pattern.decimal2'],
    ],
  },
  decimal3: {
    pass: ['1.234', '0.001', '5'],
    fail: [
      ['1.2345', 'resource.pattern.decimal3'],
      ['1,5', 'resource.pattern.decimal3'],
    ],
  },
  percent: {
    pass: ['0', '50', '99.99', '100', '100.00'],
    fail: [
      ['100.01', 'resource.pattern.percent'],
      ['101', 'resource.pattern.percent'],
      ['-1', 'resource.pattern.percent'],
      ['50.123', 'resource.pattern.percent'],
    ],
  },
  phone: {
    pass: ['13800138000', '19912345678'],
    fail: [
      ['1380013800', 'resource.pattern.phoneLength'],
      ['138001380001', 'resource.pattern.phoneLength'],
      ['010-651234', 'resource.pattern.phoneLength'],
      ['23800138000', 'resource.pattern.phoneFormat'],
      ['010-6512345', 'resource.pattern.phoneFormat'],
    ],
  },
  email: {
    pass: ['a@b.cn', 'first.last+tag@mail.example.com'],
    fail: [
      ['a@b', 'resource.pattern.email'],
      ['a b@c.com', 'resource.pattern.email'],
      ['@b.com', 'resource.pattern.email'],
    ],
  },
  url: {
    pass: ['http://example.com', 'https://example.com/a?b=1#c', 'HTTPS://例子.中国/path'],
    fail: [
      ['ftp://example.com', 'resource.pattern.url'],
      ['example.com', 'resource.pattern.url'],
      ['javascript:alert(1)', 'resource.pattern.url'],
      ['http://', 'resource.pattern.url'],
      ['http://exa mple.com', 'resource.pattern.url'],
    ],
  },
  text300: {
    pass: ['a', 'x'.repeat(300), '😀'.repeat(300)],
    fail: [['x'.repeat(301), 'resource.pattern.text300']],
  },
  password: {
    pass: ['Demo@2026', 'Ab1cd2'],
    fail: [
      ['abcdef12', 'auth.password.rule'],
      ['Ab1@', 'auth.password.rule'],
      ['Abcdefgh1@x', 'auth.password.rule'],
    ],
  },
};

describe('patterns', () => {
  for (const [name, { pass, fail }] of Object.entries(cases) as [
    PatternName,
    (typeof cases)[PatternName],
  ][]) {
    it(`${name}: passes good values and names the problem with bad ones`, () => {
      const rule = patterns[name];
      for (const v of pass) expect(rule(v), v).toBeUndefined();
      for (const [v, key] of fail) expect(rule(v), v).toBe(key);
    });
  }

  it('lets every pattern pass an empty value, so optional fields can carry one', () => {
    for (const rule of Object.values(patterns)) {
      expect(rule('')).toBeUndefined();
    }
    expect(patterns.text300('   ')).toBeUndefined();
  });

  it('has a zh and an en text for every message', () => {
    for (const { fail } of Object.values(cases)) {
      for (const [, key] of fail) {
        expect(translate('zh', key)).not.toBe(key);
        expect(translate('en', key)).not.toBe(key);
      }
    }
    expect(translate('zh', 'resource.pattern.phoneLength')).toBe('手机号码长度不是11位');
  });

  it('uses the same phone and email patterns as the profile form and the server', () => {
    expect(PHONE_PATTERN.source).toBe(PROFILE_PHONE.source);
    expect(EMAIL_PATTERN.source).toBe(PROFILE_EMAIL.source);
  });
});

describe('required and forms', () => {
  it('fails blank values with the given prompt, or a generic one', () => {
    expect(required('resource.pattern.phoneRequired')('  ')).toBe('resource.pattern.phoneRequired');
    expect(required()('')).toBe('resource.pattern.required');
    expect(required()('x')).toBeUndefined();
  });

  it('reports the first failing rule', () => {
    const rules = [required('resource.pattern.phoneRequired'), patterns.phone];
    expect(validate('', rules)).toBe('resource.pattern.phoneRequired');
    expect(validate('123', rules)).toBe('resource.pattern.phoneLength');
    expect(validate('13800138000', rules)).toBeUndefined();
  });

  it("warns 'please complete the information' when any field fails", () => {
    const rules = { name: [required()], rate: [patterns.percent] };
    const bad = validateForm({ name: '', rate: '120' }, rules);
    expect(bad.errors).toEqual({
      name: 'resource.pattern.required',
      rate: 'resource.pattern.percent',
    });
    expect(bad.warning).toBe(COMPLETE_INFO_MESSAGE);
    expect(translate('zh', COMPLETE_INFO_MESSAGE)).toBe('请完善信息');
    expect(validateForm({ name: 'x', rate: '' }, rules)).toEqual({
      errors: {},
      warning: undefined,
    });
  });

  it("warns 'please select at least one record' for an empty selection", () => {
    expect(selectionError([])).toBe(SELECT_ONE_MESSAGE);
    expect(selectionError(['1'])).toBeUndefined();
    expect(translate('en', SELECT_ONE_MESSAGE)).toBe('Please select at least one record');
  });
});
