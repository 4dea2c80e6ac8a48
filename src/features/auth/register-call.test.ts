import { describe, expect, it } from 'vitest';
import { registrationFailure } from './register-call';

describe('registrationFailure', () => {
  it("shows the server's message", () => {
    expect(registrationFailure({ status: 400, message: '当前租户未开放注册' })).toBe(
      '当前租户未开放注册',
    );
  });

  it('falls back (undefined) for network trouble and anything else', () => {
    expect(registrationFailure({ status: 'network', message: '网络异常' })).toBeUndefined();
    expect(registrationFailure({ status: 400, message: '' })).toBeUndefined();
    expect(registrationFailure(new Error('encryption failed'))).toBeUndefined();
    expect(registrationFailure(undefined)).toBeUndefined();
  });
});
