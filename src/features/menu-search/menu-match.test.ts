import { describe, expect, it } from 'vitest';
import type { RouteNode } from '../../contracts/auth';
import { matchMenus } from './menu-match';

const leaf = (id: string, zh: string, en: string): RouteNode => ({
  id,
  parentId: '0',
  code: id,
  name: zh,
  nameEn: en,
  path: `/${id}`,
  source: '',
  sort: 1,
  isOpen: 1,
  hasChildren: false,
});

const leaves = [
  leaf('a', '供应商列表', 'Suppliers'),
  leaf('b', '供应商商品', 'Supplier goods'),
  leaf('c', '退款订单', 'Refund orders'),
  leaf('d', '订单报表', 'Order reports'),
];

describe('matchMenus', () => {
  it('lists prefix matches first, then names containing the text', () => {
    const found = matchMenus(leaves, 'zh', '订单');
    expect(found.map((m) => [m.node.id, m.group])).toEqual([
      ['d', 'prefix'],
      ['c', 'contains'],
    ]);
  });

  it('ignores case and surrounding spaces, in the current language', () => {
    expect(matchMenus(leaves, 'en', '  supp ').map((m) => m.node.id)).toEqual(['a', 'b']);
    expect(matchMenus(leaves, 'en', 'ORDERS').map((m) => m.label)).toEqual(['Refund orders']);
  });

  it('lists nothing for an empty query or no match', () => {
    expect(matchMenus(leaves, 'zh', ' ')).toEqual([]);
    expect(matchMenus(leaves, 'zh', '不存在')).toEqual([]);
  });
});
