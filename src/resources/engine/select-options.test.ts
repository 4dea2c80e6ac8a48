import { describe, expect, it } from 'vitest';
import { sourceOptions } from './select-options';

describe('options from an endpoint', () => {
  it('flattens a tree depth first, indenting each level, and keeps the first of a repeated id', () => {
    const tree = [
      {
        id: '1',
        title: 'HQ',
        children: [{ id: '11', title: 'Ops', children: [{ id: '1', title: 'again' }] }],
      },
      { id: '2', title: 'Branch' },
    ];
    expect(sourceOptions(tree, { path: 'x/tree' })).toEqual([
      { value: '1', label: 'HQ' },
      { value: '11', label: '\u00a0\u00a0Ops' },
      { value: '2', label: 'Branch' },
    ]);
  });

  it('reads the records of a page and the named field of a composite answer', () => {
    const page = { records: [{ id: 'p1', packageName: 'Basic' }], total: 1 };
    expect(sourceOptions(page, { path: 'x/list', label: 'packageName' })).toEqual([
      { value: 'p1', label: 'Basic' },
    ]);
    const grant = {
      menu: [{ id: 'm1', title: 'Menu' }],
      dataScope: [{ id: 'd1', title: 'Scope' }],
    };
    expect(sourceOptions(grant, { path: 'x/grant-tree', root: 'menu' })).toEqual([
      { value: 'm1', label: 'Menu' },
    ]);
  });

  it('gives nothing for an answer that is not a list', () => {
    expect(sourceOptions(undefined, { path: 'x' })).toEqual([]);
    expect(sourceOptions({ msg: 'no' }, { path: 'x' })).toEqual([]);
  });
});
