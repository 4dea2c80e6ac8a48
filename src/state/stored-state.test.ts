import { afterEach, describe, expect, it } from 'vitest';
import { clearStoredTabs, loadStoredTabs, saveStoredTabs } from './stored-state';

const tab = { key: '/system/user', label: '用户管理', path: '/system/user' };

describe('stored tabs', () => {
  afterEach(() => sessionStorage.clear());

  it('gives the list back to the same user of the same tenant only', () => {
    saveStoredTabs({ tenantId: '100001', userId: '7', tabs: [tab] });
    expect(loadStoredTabs('100001', '7')).toEqual([tab]);
    expect(loadStoredTabs('100001', '8')).toEqual([]);
    expect(loadStoredTabs('000000', '7')).toEqual([]);
  });

  it('lives in sessionStorage, not localStorage, and is gone once cleared', () => {
    saveStoredTabs({ tenantId: '100001', userId: '7', tabs: [tab] });
    expect(localStorage.getItem('quanyi.tabs')).toBeNull();
    expect(sessionStorage.getItem('quanyi.tabs')).not.toBeNull();
    clearStoredTabs();
    expect(loadStoredTabs('100001', '7')).toEqual([]);
  });

  it('drops a mis-shaped list instead of restoring it', () => {
    sessionStorage.setItem(
      'quanyi.tabs',
      JSON.stringify({ tenantId: '1', userId: '2', tabs: [{ key: 'x', label: 3, path: '/x' }] }),
    );
    expect(loadStoredTabs('1', '2')).toEqual([]);
    sessionStorage.setItem(
      'quanyi.tabs',
      JSON.stringify({ tenantId: '1', userId: '2', tabs: [{ ...tab, path: 'javascript:x' }] }),
    );
    expect(loadStoredTabs('1', '2')).toEqual([]);
  });
});
