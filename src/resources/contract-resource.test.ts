import { describe, expect, it } from 'vitest';
import { postContract } from '../contracts/blade-system/post';
import { defineContract } from '../contracts/resource-contract';
import { defineContractResource } from './contract-resource';
import post from './blade-system/post';
import apiScopes from './blade-system/api-scope';
import codeConfigs from './blade-develop/code';

describe('defineContractResource', () => {
  it('gives the screen the contract’s service, route, codes, labels, checks and dictionaries', () => {
    expect(post).toMatchObject({
      service: 'blade-system/post',
      route: '/system/post',
      title: { zh: '岗位', en: 'Post' },
      permissions: {
        add: 'post_add',
        edit: 'post_edit',
        remove: 'post_delete',
        view: 'post_view',
        export: 'post_export',
      },
      export: { excelType: 'post' },
    });
    expect(post.columns.map((c) => [c.field, c.label.zh, c.sortable ?? false, c.width])).toEqual([
      ['categoryName', '岗位类型', false, 120],
      ['postCode', '岗位编号', true, undefined],
      ['postName', '岗位名称', true, undefined],
      ['sort', '排序', true, 120],
      ['remark', '备注', false, 220],
    ]);
    expect(post.filters).toEqual([
      {
        name: 'category',
        kind: 'select',
        dict: 'post_category',
        label: { zh: '岗位类型', en: 'Category' },
      },
      { name: 'postCode', kind: 'input', label: { zh: '岗位编号', en: 'Code' } },
      { name: 'postName', kind: 'input', label: { zh: '岗位名称', en: 'Name' } },
    ]);
    expect(post.form).toEqual([
      {
        name: 'category',
        kind: 'select',
        dict: 'post_category',
        label: { zh: '岗位类型', en: 'Category' },
        required: { zh: '请选择岗位类型', en: 'Please choose a category' },
      },
      {
        name: 'postCode',
        kind: 'text',
        label: { zh: '岗位编号', en: 'Code' },
        required: { zh: '请输入岗位编号', en: 'Please enter the code' },
        maxLength: 32,
      },
      {
        name: 'postName',
        kind: 'text',
        label: { zh: '岗位名称', en: 'Name' },
        required: { zh: '请输入岗位名称', en: 'Please enter the name' },
        maxLength: 64,
      },
      { name: 'sort', kind: 'integer', label: { zh: '排序', en: 'Order' } },
      {
        name: 'remark',
        kind: 'textarea',
        label: { zh: '备注', en: 'Remark' },
        maxLength: 255,
        wide: true,
      },
    ]);
  });

  it('leaves a form field out on `false` and refuses a filter the server does not allow', () => {
    const noRemark = defineContractResource({
      contract: postContract,
      columns: ['postName'],
      form: { remark: false },
      recordLabel: (p) => p.postName,
    });
    expect(noRemark.form?.map((f) => f.name)).not.toContain('remark');
    expect(() =>
      defineContractResource({
        contract: postContract,
        columns: ['postName'],
        filters: ['remark'],
        recordLabel: (p) => p.postName,
      }),
    ).toThrow('remark is not an allowlisted filter');
  });

  it('orders the form by `formOrder` and offers the contract’s filter aliases', () => {
    expect(apiScopes.form?.map((f) => f.name)).toEqual([
      'menuId',
      'scopeName',
      'resourceCode',
      'scopeType',
      'scopePath',
      'remark',
    ]);
    expect(codeConfigs.filters?.at(-1)).toEqual({
      name: 'modelName',
      kind: 'input',
      label: { zh: '模型名称', en: 'Model' },
    });
    expect(() =>
      defineContractResource({
        contract: postContract,
        columns: ['postName'],
        formOrder: ['postName', 'postCode'],
        recordLabel: (p) => p.postName,
      }),
    ).toThrow('formOrder names each form field once (category,sort,remark)');
  });

  it('shows a money field as a two-decimal amount and edits it as yuan', () => {
    const goods = defineContract<{ id: string; goodName: string; marketAmount: number }>()({
      service: 'blade-test/good',
      route: '/test/good',
      title: { zh: '商品', en: 'Goods' },
      menu: 'good',
      buttons: ['add'],
      fields: {
        goodName: { label: { zh: '商品名称', en: 'Name' } },
        marketAmount: { label: { zh: '面值', en: 'Face value' }, kind: 'money' },
      },
    });
    const screen = defineContractResource({
      contract: goods,
      columns: ['goodName', 'marketAmount'],
      recordLabel: (g) => g.goodName,
    });
    expect(screen.columns.find((c) => c.field === 'marketAmount')?.kind).toBe('amount');
    expect(screen.form?.find((f) => f.name === 'marketAmount')?.kind).toBe('money');
  });
});
