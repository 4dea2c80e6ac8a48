import { describe, expect, it } from 'vitest';
import { parkLotContract, type ParkLot } from '../contracts/platform-parking/park-lot';
import { postContract } from '../contracts/blade-system/post';
import { SUPPLIER_SERVICE } from '../contracts/business-services';
import { regionFields, type RegionRow } from '../contracts/regions';
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

  it('derives choices, switches, references, the region picker and the declared calls', () => {
    const screen = defineContractResource({
      contract: parkContract,
      columns: ['parkName', 'parkType', 'enabled', 'supName', 'regionName'],
      filters: ['parkType', 'enabled', 'supId'],
      recordLabel: (p) => p.parkName,
    });
    expect(screen.paths).toEqual({
      list: 'listParkPage',
      detail: 'detail/{id}',
      remove: 'removeById/{id}',
      methods: { list: 'POST', detail: 'GET', remove: 'DELETE' },
    });
    expect(
      screen.columns.slice(1).map(({ field, kind, options }) => ({ field, kind, options })),
    ).toEqual([
      { field: 'parkType', kind: 'tag', options: PARK_TYPES },
      { field: 'enabled', kind: 'switch', options: undefined },
      { field: 'supName', kind: undefined, options: undefined },
      { field: 'regionName', kind: undefined, options: undefined },
    ]);
    expect(screen.filters).toEqual([
      { name: 'parkType', kind: 'select', label: TYPE, options: PARK_TYPES },
      { name: 'enabled', kind: 'select', label: ENABLED, options: ON_OFF },
      { name: 'supId', kind: 'select', label: SUPPLIER, source: SUP_PICKER },
    ]);
    expect(screen.form).toEqual([
      { name: 'parkName', kind: 'text', label: NAME, maxLength: 64 },
      { name: 'parkType', kind: 'select', label: TYPE, options: PARK_TYPES },
      { name: 'enabled', kind: 'switch', label: ENABLED, initial: '1' },
      { name: 'supId', kind: 'select', label: SUPPLIER, source: SUP_PICKER },
      {
        name: 'districtCode',
        kind: 'treeSelect',
        label: { zh: '所在区域', en: 'Area' },
        maxLength: 12,
        source: { path: 'blade-system/region/tree', label: 'title', value: 'value' },
        valueFrom: ['districtCode', 'cityCode', 'provinceCode'],
        refusalsFrom: ['cityCode', 'provinceCode'],
      },
    ]);
  });

  it('offers 启用 and 停用 of a toggle behind the enable button, for rows in the other state', () => {
    const def = defineContractResource({
      contract: parkLotContract,
      columns: ['lotName'],
      recordLabel: (lot) => lot.lotName,
    });
    const [enable, disable] = def.rowActions!;
    expect([enable!.id, disable!.id]).toEqual(['enable', 'disable']);
    expect(enable!.permission).toBe('parking_lot_enable');
    const off = { id: '7', enabled: 0 } as unknown as ParkLot;
    expect([enable!.when!(off), disable!.when!(off)]).toEqual([true, false]);
    expect(disable!.call!.path).toBe(`${parkLotContract.service}/enable`);
    expect(disable!.call!.params!([off, { ...off, id: '8' }])).toEqual({
      ids: '7,8',
      enabled: '0',
    });
    expect(def.toolbarActions!.map((a) => a.id)).toEqual(['enable', 'disable']);
  });

  it('lets the declaration override a derived path, control or hidden region level', () => {
    const screen = defineContractResource({
      contract: parkContract,
      columns: [{ field: 'parkType', kind: 'status' }],
      paths: { list: 'page', methods: { list: 'GET' } },
      form: { parkType: { kind: 'text' }, cityCode: { label: { zh: '城市', en: 'City' } } },
      formOrder: ['parkName', 'cityCode', 'districtCode', 'parkType', 'enabled', 'supId'],
      recordLabel: (p) => p.parkName,
    });
    expect(screen.paths).toMatchObject({ list: 'page', remove: 'removeById/{id}' });
    expect(screen.paths?.methods).toMatchObject({ list: 'GET', remove: 'DELETE' });
    expect(screen.columns[0]?.kind).toBe('status');
    expect(screen.form?.map((f) => `${f.name}:${f.kind}`)).toEqual([
      'parkName:text',
      'cityCode:text',
      'districtCode:treeSelect',
      'parkType:text',
      'enabled:switch',
      'supId:select',
    ]);
  });
});

const NAME = { zh: '停车场名称', en: 'Name' };
const TYPE = { zh: '类型', en: 'Type' };
const ENABLED = { zh: '启用', en: 'Enabled' };
const SUPPLIER = { zh: '供应商', en: 'Supplier' };
const PARK_TYPES = [
  { value: '1', label: { zh: '露天', en: 'Open-air' }, color: 'green' },
  { value: '2', label: { zh: '地下', en: 'Underground' } },
];
const ON_OFF = [
  { value: '1', label: { zh: '启用', en: 'Enabled' }, color: 'green' },
  { value: '0', label: { zh: '停用', en: 'Disabled' }, color: 'gray' },
];
const SUP_PICKER = {
  path: `${SUPPLIER_SERVICE}/sup/list-not-page`,
  label: 'supName',
  value: 'id',
};

interface Park extends RegionRow {
  id: string;
  parkName: string;
  parkType: number;
  enabled: number;
  supId: string;
  supName: string;
}

/** A made-up contract with every newer field declaration and its own calls. */
const parkContract = defineContract<Park>()({
  service: 'blade-test/park',
  route: '/test/park',
  title: { zh: '停车场', en: 'Parking lot' },
  menu: 'park',
  buttons: ['add', 'edit', 'delete'],
  calls: {
    list: { path: 'listParkPage', method: 'POST' },
    detail: 'detail/{id}',
    remove: { path: 'removeById/{id}', method: 'DELETE' },
  },
  fields: {
    parkName: {
      label: NAME,
      maxLength: 64,
      unique: { zh: '停车场名称已存在', en: 'The name is taken' },
    },
    parkType: {
      label: TYPE,
      kind: 'integer',
      choices: {
        1: { zh: '露天', en: 'Open-air', color: 'green' },
        2: { zh: '地下', en: 'Underground' },
      },
      filter: 'equal',
    },
    enabled: { label: ENABLED, kind: 'switch', emptyAs: 1, filter: 'equal' },
    supId: { label: SUPPLIER, ref: 'sup', filter: 'equal' },
    supName: { label: SUPPLIER, readOnly: true, nameOf: 'supId' },
    ...regionFields({ zh: '所在区域', en: 'Area' }),
  },
});
