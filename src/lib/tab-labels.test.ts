import { describe, expect, it } from 'vitest';
import type { RouteNode } from '../contracts/auth';
import { tabForLocation, tabHref, tabLabel } from './tab-labels';

const leaves: RouteNode[] = [
  {
    id: '1',
    parentId: '0',
    code: 'supplier',
    name: '供应商列表',
    nameEn: 'Suppliers',
    path: '/supplier/supplier-list',
    source: '',
    sort: 1,
    isOpen: 1,
    hasChildren: false,
  },
  {
    id: '2',
    parentId: '0',
    code: 'docs',
    name: '接口文档',
    nameEn: 'API docs',
    path: 'https://docs.example/x',
    source: '',
    sort: 2,
    isOpen: 1,
    hasChildren: false,
  },
];

describe('tabForLocation', () => {
  it('labels menu leaves with their names in both languages', () => {
    const { tab, known } = tabForLocation('/supplier/supplier-list', '?b=2&a=1', leaves);
    expect(known).toBe(true);
    expect(tab).toMatchObject({
      path: '/supplier/supplier-list',
      label: '供应商列表',
      query: { b: '2', a: '1' },
      meta: { title: { zh: '供应商列表', en: 'Suppliers' } },
    });
  });

  it('gives home and personal info fixed labels', () => {
    expect(tabForLocation('/wel/index', '', leaves).tab.meta).toEqual({
      i18n: 'wel',
      title: { zh: '首页', en: 'Home' },
    });
    expect(tabForLocation('/info/index', '', leaves).tab.meta?.title?.en).toBe('Personal info');
  });

  it('labels frame pages by menu code, then the name query, then the code', () => {
    expect(tabForLocation('/myiframe/docs', '?url=x', leaves).tab.label).toBe('接口文档');
    expect(tabForLocation('/myiframe/zz', '?name=Report', leaves).tab.label).toBe('Report');
    expect(tabForLocation('/myiframe/zz', '', leaves).tab.label).toBe('zz');
  });

  it('falls back to the path and reports it unknown', () => {
    const { tab, known } = tabForLocation('/nope/', '', leaves);
    expect(known).toBe(false);
    expect(tab).toMatchObject({ path: '/nope', label: '/nope' });
    expect(tab.query).toBeUndefined();
  });
});

describe('tabLabel / tabHref', () => {
  it('follows the language', () => {
    const tab = { key: '/a', path: '/a', label: '甲', meta: { title: { zh: '甲', en: 'A' } } };
    expect(tabLabel(tab, 'en')).toBe('A');
    expect(tabLabel(tab, 'zh')).toBe('甲');
    expect(
      tabLabel(
        { key: '/wel/index', path: '/wel/index', label: '首页', meta: { i18n: 'wel' } },
        'en',
      ),
    ).toBe('Home');
  });

  it('rebuilds the address from path and query', () => {
    expect(tabHref({ path: '/a', query: { q: 'x y', n: '1' } })).toBe('/a?q=x+y&n=1');
    expect(tabHref({ path: '/a' })).toBe('/a');
  });
});
