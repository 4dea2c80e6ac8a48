import { describe, expect, it } from 'vitest';
import { validateRegistration } from './register-rules';

const valid = {
  tenantId: '000000',
  name: '张三',
  account: 'guest1',
  password: 'Guest@123',
  password2: 'Guest@123',
};

describe('validateRegistration', () => {
  it('accepts a valid application', () => {
    expect(validateRegistration(valid, { tenantRequired: true })).toEqual({});
  });

  it('prompts for every empty field', () => {
    const empty = { tenantId: '', name: ' ', account: '', password: '', password2: '' };
    expect(validateRegistration(empty, { tenantRequired: true })).toEqual({
      tenantId: 'auth.register.tenantRequired',
      name: 'auth.register.nameRequired',
      account: 'auth.register.accountRequired',
      password: 'auth.register.passwordRequired',
      password2: 'auth.register.confirmRequired',
    });
  });

  it('does not ask for the tenant when the domain names it', () => {
    expect(validateRegistration({ ...valid, tenantId: '' }, { tenantRequired: false })).toEqual({});
  });

  it('applies the password rule and the match', () => {
    expect(
      validateRegistration(
        { ...valid, password: 'weak', password2: 'weak' },
        { tenantRequired: true },
      ),
    ).toEqual({ password: 'auth.password.rule' });
    expect(
      validateRegistration({ ...valid, password2: 'Guest@124' }, { tenantRequired: true }),
    ).toEqual({ password2: 'auth.register.mismatch' });
  });
});
