import { describe, expect, it } from 'vitest';
import { canonicalServicePath, SUPPLIER_SERVICE } from './business-services';

describe('business service names', () => {
  it('are the console build’s organisation', () => {
    expect(SUPPLIER_SERVICE).toBe('blade-quanyi-platform-supplier');
  });

  it('rewrite a configured organisation’s names to the console’s, nothing else', () => {
    expect(canonicalServicePath('/api/blade-acme-platform-supplier/sup/list?x=1', 'acme')).toBe(
      '/api/blade-quanyi-platform-supplier/sup/list?x=1',
    );
    expect(canonicalServicePath('/api/blade-system/user/list', 'acme')).toBe(
      '/api/blade-system/user/list',
    );
    expect(canonicalServicePath('/api/blade-acme-platform-client/x', 'quanyi')).toBe(
      '/api/blade-acme-platform-client/x',
    );
  });
});
