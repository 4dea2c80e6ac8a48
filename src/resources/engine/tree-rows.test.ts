import { describe, expect, it } from 'vitest';
import { flattenTree, shownTreeRows, withChildren } from './tree-rows';

const tree = [
  { id: '1', name: 'HQ', hasChildren: true },
  { id: '2', name: 'Branch', hasChildren: false },
];

describe('lazy tree rows', () => {
  it('puts loaded children under their parents, at any depth, leaving other rows as they were', () => {
    const rows = withChildren(tree, {
      '1': [{ id: '11', name: 'Ops', hasChildren: true }],
      '11': [{ id: '111', name: 'Night shift', hasChildren: false }],
    });
    expect(rows[1]).toBe(tree[1]);
    expect(flattenTree(rows).map((r) => r.name)).toEqual(['HQ', 'Ops', 'Night shift', 'Branch']);
  });

  it('lists the rows of a tree depth first', () => {
    expect(
      flattenTree([{ id: 'a', children: [{ id: 'b', children: [{ id: 'c' }] }] }, { id: 'd' }]).map(
        (r) => r.id,
      ),
    ).toEqual(['a', 'b', 'c', 'd']);
  });

  it('counts the rows on screen: the top level and the children of opened nodes only', () => {
    const rows = [
      { id: 'a', children: [{ id: 'b', children: [{ id: 'c' }] }] },
      { id: 'd', children: [{ id: 'e' }] },
    ];
    expect(shownTreeRows(rows, {})).toBe(2);
    expect(shownTreeRows(rows, { a: true })).toBe(3);
    expect(shownTreeRows(rows, { a: true, b: true, d: true })).toBe(5);
    // A child's opening does not count while its parent is closed.
    expect(shownTreeRows(rows, { b: true })).toBe(2);
  });
});
