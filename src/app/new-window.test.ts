import { describe, expect, it } from 'vitest';
import { newWindowUrl } from './new-window';

describe('newWindowUrl', () => {
  it('is undefined without a target parameter', () => {
    expect(newWindowUrl('/supplier/supplier-list', '?a=1')).toBeUndefined();
  });

  it('drops target and keeps the other parameters', () => {
    expect(newWindowUrl('/supplier/supplier-list', '?a=1&target=_blank&b=2')).toBe(
      '/supplier/supplier-list?a=1&b=2',
    );
    expect(newWindowUrl('/wel/index', '?target=1')).toBe('/wel/index');
  });
});
