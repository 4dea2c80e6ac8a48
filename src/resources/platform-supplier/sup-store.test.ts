import { describe, expect, it } from 'vitest';
import { toQueryParams } from '../engine/filters';
import storeGroup from './store-group';
import supStore from './sup-store';

describe('stores and store groups declarations', () => {
  it('filter stores by region one level per parameter, from the lazy regions tree', () => {
    const region = supStore.filters!.find((f) => f.name === 'provinceCode')!;
    expect(region).toMatchObject({
      kind: 'cascader',
      source: { path: 'blade-system/region/lazy-tree' },
      lazy: { param: 'parentCode', root: '00' },
    });
    expect(toQueryParams([region], { provinceCode: ['11', '1101'] })).toEqual({
      provinceCode: '11',
      cityCode: '1101',
    });
    expect(toQueryParams([region], { provinceCode: ['44', '4401', '440106'] })).toEqual({
      provinceCode: '44',
      cityCode: '4401',
      districtCode: '440106',
    });
  });

  it('edit a store with one region picker and the supplier select; buttons are the seed codes', () => {
    const names = supStore.form!.map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining(['supId', 'storeCode', 'storeName', 'districtCode', 'address']),
    );
    expect(names).not.toContain('provinceCode');
    expect(names).not.toContain('goodIds');
    expect(supStore.form!.find((f) => f.name === 'districtCode')?.kind).toBe('treeSelect');
    expect(supStore.permissions).toEqual({
      add: 'store_add',
      edit: 'store_edit',
      remove: 'store_delete',
      view: 'store_view',
      export: 'store_export',
    });
    expect(supStore.toolbarActions!.map((a) => a.permission)).toEqual([
      'store_enable',
      'store_enable',
      'store_batch_edit',
      'store_import',
      'store_import',
    ]);
    expect(supStore.rowActions!.map((a) => a.permission)).toEqual(['store_edit']);
  });

  it('list groups from listGroupPage and edit them in the transfer list dialog', () => {
    // The contract's spec-named calls: removeById takes one id per call.
    expect(storeGroup.paths).toMatchObject({
      list: 'listGroupPage',
      remove: 'removeById/{id}',
      submit: 'saveGroup',
    });
    expect(storeGroup.formDialog).toBeTypeOf('function');
    expect(storeGroup.permissions.add).toBe('store_group_add');
  });
});
