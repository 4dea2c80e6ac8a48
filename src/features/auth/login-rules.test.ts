import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-rules';

const filled = { tenantId: '000000', username: 'admin', password: 'x', captchaCode: 'ab12' };

describe('validateLogin', () => {
  it('accepts a filled form', () => {
    expect(validateLogin(filled, { tenantRequired: true, captchaMode: true })).toEqual({});
  });

  it('prompts for every empty field', () => {
    const empty = { tenantId: ' ', username: '', password: '', captchaCode: '' };
    expect(validateLogin(empty, { tenantRequired: true, captchaMode: true })).toEqual({
      tenantId: 'auth.validation.tenantId',
      username: 'auth.validation.username',
      password: 'auth.validation.password',
      captchaCode: 'auth.validation.captcha',
    });
  });

  it('skips the tenant when it comes from the domain and the captcha when it is off', () => {
    const partial = { ...filled, tenantId: '', captchaCode: '' };
    expect(validateLogin(partial, { tenantRequired: false, captchaMode: false })).toEqual({});
  });

  it('does not trim passwords: spaces are characters', () => {
    expect(
      validateLogin({ ...filled, password: ' ' }, { tenantRequired: true, captchaMode: true }),
    ).toEqual({});
  });
});
