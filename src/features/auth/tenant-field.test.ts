import { describe, expect, it } from 'vitest';
import {
  effectiveTenantId,
  tenantFieldVisible,
  tenantFromInfo,
  type TenantLookup,
} from './tenant-field';

const pending: TenantLookup = { status: 'pending' };
const failed: TenantLookup = { status: 'failed' };
const unbound: TenantLookup = { status: 'done', tenantId: undefined };
const bound: TenantLookup = { status: 'done', tenantId: '100001' };

describe('tenantFromInfo', () => {
  it('reads the tenant of a bound domain', () => {
    expect(tenantFromInfo({ tenantId: '100001', domain: 'https://a.example' })).toBe('100001');
    expect(tenantFromInfo({ tenantId: ' 100001 ' })).toBe('100001');
  });

  it('ignores empty, missing and odd answers', () => {
    for (const info of [{}, null, undefined, 'x', { tenantId: '' }, { tenantId: 42 }])
      expect(tenantFromInfo(info)).toBeUndefined();
    expect(tenantFromInfo({ tenantId: '<script>' })).toBeUndefined();
  });
});

describe('tenant field', () => {
  it('is hidden only when the domain names the tenant', () => {
    expect(tenantFieldVisible(bound)).toBe(false);
    expect(tenantFieldVisible(unbound)).toBe(true);
    expect(tenantFieldVisible(pending)).toBe(true);
    expect(tenantFieldVisible(failed)).toBe(true);
  });

  it('is hidden when tenant mode is off', () => {
    expect(tenantFieldVisible(unbound, false)).toBe(false);
  });

  it('sends the domain tenant, else the typed one, else the default without tenant mode', () => {
    expect(effectiveTenantId(bound, '000000')).toBe('100001');
    expect(effectiveTenantId(unbound, ' 000000 ')).toBe('000000');
    expect(effectiveTenantId(failed, '100001')).toBe('100001');
    expect(effectiveTenantId(unbound, '100001', false)).toBe('000000');
  });
});
