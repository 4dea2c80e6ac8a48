import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearDebugLog,
  readDebugLog,
  recordDebugEntry,
  redact,
  removeDebugEntries,
  subscribeDebugLog,
} from './debug-log-store';

const entry = (message: string) => ({ type: 'api', url: '/x', message, stack: '', info: '' });

describe('redact', () => {
  it('hides bearer and basic authorisation headers', () => {
    expect(redact('Blade-Auth: bearer abc.def-123')).toBe('Blade-Auth: bearer [redacted]');
    expect(redact('Authorization: Basic c2FiZXI6c2FiZXJfc2VjcmV0')).toBe(
      'Authorization: Basic [redacted]',
    );
  });

  it('hides JWTs wherever they appear', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(redact(`failed with ${jwt} attached`)).toBe('failed with [token] attached');
  });

  it('hides token, password and key parameters in query strings and JSON', () => {
    expect(redact('/api/x?access_token=abc123&size=10')).toBe(
      '/api/x?access_token=[redacted]&size=10',
    );
    expect(redact('{"refresh_token":"r-1","password":"p@ss"}')).toBe(
      '{"refresh_token":"[redacted]","password":"[redacted]"}',
    );
    expect(redact('crypto_key: AAAA')).toBe('crypto_key: [redacted]');
  });

  it('masks mainland mobile numbers but not longer digit runs', () => {
    expect(redact('phone 13812345678 failed')).toBe('phone 138****5678 failed');
    expect(redact('order 213812345678901')).toBe('order 213812345678901');
  });
});

describe('debug log store', () => {
  beforeEach(() => clearDebugLog());

  it('redacts what it records and notifies subscribers', () => {
    const listener = vi.fn();
    const off = subscribeDebugLog(listener);
    recordDebugEntry(entry('token=secret 13900001111'));
    off();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readDebugLog()[0]?.message).toBe('token=[redacted] 139****1111');
  });

  it('removes only the entries that were sent', () => {
    recordDebugEntry(entry('a'));
    const sent = [...readDebugLog()];
    recordDebugEntry(entry('b'));
    removeDebugEntries(sent);
    expect(readDebugLog().map((e) => e.message)).toEqual(['b']);
  });
});
