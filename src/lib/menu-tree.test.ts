import { describe, expect, it } from 'vitest';
import type { RouteNode } from '../contracts/auth';
import {
  ancestorIds,
  filterByRoles,
  findLeafByPath,
  flattenLeaves,
  iframeLink,
  isHttpUrl,
  leafPath,
  menuLabel,
  menuTarget,
  parseRoles,
} from './menu-tree';

function node(id: string, path: string, extra: Partial<RouteNode> = {}): RouteNode {
  return {
    id,
    parentId: '0',
    code: `c${id}`,
    name: `名称${id}`,
    nameEn: `Name ${id}`,
    path,
    source: 'IconHome',
    sort: 1,
    isOpen: 1,
    hasChildren: !!extra.children?.length,
    ...extra,
  };
}

const tree: RouteNode[] = [
  node('1', '/home', {
    children: [node('11', '/wel/index'), node('12', '/info/index', { meta: { roles: ['admin'] } })],
  }),
  node('2', '/supplier', {
    meta: { roles: ['supplier', 'admin'] },
    children: [
      node('21', '/supplier/supplier-list'),
      node('22', '/supplier/deep', { children: [node('221', '/supplier/deep/leaf')] }),
    ],
  }),
  node('3', 'https://example.com/docs?a=1', { isOpen: 2 }),
  node('4', 'http://intranet.local/report'),
  node('5', '/finance', { children: [node('51', '/finance/x', { meta: { roles: ['boss'] } })] }),
];

describe('flattenLeaves', () => {
  it('lists leaves depth first in menu order, skipping groups', () => {
    expect(flattenLeaves(tree).map((n) => n.id)).toEqual(['11', '12', '21', '221', '3', '4', '51']);
  });

  it('treats an empty children array as a leaf', () => {
    expect(flattenLeaves([node('9', '/x', { children: [] })]).map((n) => n.id)).toEqual(['9']);
  });
});

describe('role filter', () => {
  it('splits the comma-separated role_name', () => {
    expect(parseRoles('admin, operator,,')).toEqual(['admin', 'operator']);
    expect(parseRoles(undefined)).toEqual([]);
  });

  it('hides items whose roles the user lacks and groups left empty', () => {
    const ids = flattenLeaves(filterByRoles(tree, ['operator'])).map((n) => n.id);
    expect(ids).toEqual(['11', '3', '4']);
    expect(filterByRoles(tree, ['operator']).map((n) => n.id)).toEqual(['1', '3', '4']);
  });

  it('shows items to a user holding any one of their roles', () => {
    const ids = flattenLeaves(filterByRoles(tree, ['supplier', 'boss'])).map((n) => n.id);
    expect(ids).toEqual(['11', '21', '221', '3', '4', '51']);
  });

  it('does not change the input tree', () => {
    filterByRoles(tree, []);
    expect(tree[0]!.children).toHaveLength(2);
  });
});

describe('menuLabel', () => {
  it('prefers meta.title and picks the language', () => {
    const n = node('1', '/a', { meta: { title: { zh: '标题', en: 'Title' } } });
    expect(menuLabel(n, 'zh')).toBe('标题');
    expect(menuLabel(n, 'en')).toBe('Title');
  });

  it('falls back to name / nameEn, and to Chinese when English is empty', () => {
    expect(menuLabel(node('1', '/a'), 'en')).toBe('Name 1');
    expect(menuLabel(node('1', '/a', { nameEn: '' }), 'en')).toBe('名称1');
  });
});

describe('external links', () => {
  it('accepts only http and https addresses', () => {
    expect(isHttpUrl('https://a.example/x')).toBe(true);
    expect(isHttpUrl('HTTP://a.example')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('//a.example')).toBe(false);
    expect(isHttpUrl('/supplier/list')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
  });

  it('builds the frame link with the address encoded', () => {
    expect(iframeLink('doc s', 'https://a.example/p?x=1&y=2#h')).toBe(
      '/myiframe/doc%20s?url=https%3A%2F%2Fa.example%2Fp%3Fx%3D1%26y%3D2%23h',
    );
    expect(iframeLink('x', 'javascript:alert(1)')).toBeUndefined();
    expect(iframeLink('x', 'data:text/html,hi')).toBeUndefined();
  });

  it('opens open-flag-2 links in a new window and other web links in the frame page', () => {
    expect(menuTarget(tree[2]!)).toEqual({ kind: 'external', url: 'https://example.com/docs?a=1' });
    expect(menuTarget(tree[3]!)).toEqual({
      kind: 'route',
      to: '/myiframe/c4?url=http%3A%2F%2Fintranet.local%2Freport',
      path: '/myiframe/c4',
    });
    expect(leafPath(tree[3]!)).toBe('/myiframe/c4');
  });

  it('keeps an internal open-flag-2 path internal', () => {
    expect(menuTarget(node('7', '/a/b', { isOpen: 2 }))).toEqual({
      kind: 'route',
      to: '/a/b',
      path: '/a/b',
    });
  });

  it("appends a menu's fixed query", () => {
    expect(menuTarget(node('8', '/a', { query: { type: '1' } }))).toMatchObject({
      to: '/a?type=1',
    });
  });
});

describe('findLeafByPath', () => {
  const leaves = flattenLeaves(tree);
  it('finds the leaf of a path, ignoring a trailing slash', () => {
    expect(findLeafByPath(leaves, '/supplier/supplier-list')?.id).toBe('21');
    expect(findLeafByPath(leaves, '/supplier/supplier-list/')?.id).toBe('21');
  });

  it('finds frame leaves by their frame path', () => {
    expect(findLeafByPath(leaves, '/myiframe/c4')?.id).toBe('4');
  });

  it('does not match groups or unknown paths', () => {
    expect(findLeafByPath(leaves, '/supplier')).toBeUndefined();
    expect(findLeafByPath(leaves, '/nope')).toBeUndefined();
  });
});

describe('ancestorIds', () => {
  it('lists the groups above a leaf, outermost first', () => {
    expect(ancestorIds(tree, '221')).toEqual(['2', '22']);
    expect(ancestorIds(tree, '11')).toEqual(['1']);
    expect(ancestorIds(tree, '3')).toEqual([]);
    expect(ancestorIds(tree, 'missing')).toEqual([]);
  });
});
