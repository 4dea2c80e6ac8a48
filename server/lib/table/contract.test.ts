import { describe, expect, it } from 'vitest';
import { defineContract } from '../../../src/contracts/resource-contract.js';
import { z } from 'zod';
import { SUPER_ADMIN } from '../../auth/index.js';
import { parseBody } from '../validation.js';
import { defineContractTable } from './contract.js';

interface Shelf {
  id: string;
  shelfName: string;
  level: number;
  price: number;
  createTime: string;
}

const shelfContract = defineContract<Shelf>()({
  service: 'blade-test/shelf',
  route: '/test/shelf',
  title: { zh: '货架', en: 'Shelf' },
  menu: 'shelf',
  buttons: ['add', 'edit', 'export'],
  export: { excelType: 'shelf', fileName: '货架列表' },
  fields: {
    shelfName: {
      label: { zh: '货架名称', en: 'Name' },
      required: { zh: '请输入货架名称', en: 'Please enter the name' },
      maxLength: 8,
      filter: 'like',
      sortable: true,
      export: { width: 20 },
    },
    level: {
      label: { zh: '层级', en: 'Level' },
      kind: 'integer',
      emptyAs: 0,
      range: { min: 0, max: 9, message: { zh: '层级为0到9', en: 'Level 0 to 9' } },
      filter: 'equal',
    },
    price: { label: { zh: '价格', en: 'Price' }, kind: 'money', export: { width: 10 } },
    createTime: { label: { zh: '创建时间', en: 'Created' }, kind: 'dateTime', readOnly: true },
  },
});

// Over an existing audited table (posts; `as never`: the shelf's fields are not its columns, and
// nothing is written here): the contract decides everything the two sides share.
const shelves = defineContractTable({
  contract: shelfContract as never,
  table: 'bladePost',
  scope: 'tenant',
  versioned: true,
  readers: ['user'],
  defaultOrder: { id: 'asc' },
});

describe('defineContractTable', () => {
  it('takes the path, codes, columns, allowlists and export sheet from the contract', () => {
    expect(shelves.path).toBe('blade-test/shelf');
    // No delete button: only the super administrator removes.
    expect(shelves.access).toMatchObject({ read: ['shelf', 'user'], add: 'shelf_add' });
    expect(shelves.access.remove).toMatchObject({ kind: 'super' });
    expect(shelves.columns).toEqual(['shelfName', 'level', 'price']);
    expect(shelves.list.filters).toEqual({
      shelfName: { column: 'shelfName', default: 'like' },
      level: { column: 'level', default: 'equal' },
    });
    expect(shelves.list.sorts).toEqual({ shelfName: 'shelfName' });
    expect(shelves.export).toMatchObject({
      excelType: 'shelf',
      fileName: '货架列表',
      access: 'shelf_export',
      columns: [
        { field: 'shelfName', header: '货架名称', width: 20 },
        { field: 'price', header: '价格', width: 10 },
      ],
    });
  });

  it("checks the submit with the fields' zh messages", () => {
    const input = shelves.input;
    expect(() => parseBody(input, { level: 1 })).toThrow('shelfName:请输入货架名称');
    expect(() => parseBody(input, { shelfName: 'x'.repeat(9) })).toThrow('长度不能超过8个字符');
    expect(() => parseBody(input, { shelfName: 'a', level: 10 })).toThrow('level:层级为0到9');
    expect(parseBody(input, { shelfName: ' a ', level: '', createTime: 'x' })).toEqual({
      shelfName: 'a',
      level: 0,
    });
  });

  it('takes money as yuan with at most two decimals and answers it as yuan (fen at rest)', async () => {
    const input = shelves.input;
    expect(parseBody(input, { shelfName: 'a', price: 49.9 })).toMatchObject({ price: 4990 });
    expect(parseBody(input, { shelfName: 'a', price: '0.29' })).toMatchObject({ price: 29 });
    for (const bad of [1.234, -1, 'abc', '1e3', true]) {
      expect(() => parseBody(input, { shelfName: 'a', price: bad })).toThrow(
        'price:价格须为不超过两位小数的非负金额',
      );
    }
    // Every money field takes at most one amount's bound (domain.md "Bounded money").
    expect(parseBody(input, { shelfName: 'a', price: '9999999999.99' })).toMatchObject({
      price: 999_999_999_999,
    });
    for (const over of ['10000000000', 10000000000.01, '9999999999999.99', '123456789012345678'])
      expect(() => parseBody(input, { shelfName: 'a', price: over })).toThrow(
        'price:价格不能超过9999999999.99元',
      );
    const rows = await shelves.decorate!({} as never, [{ price: 4990 }, { price: 29 }] as never);
    expect(rows).toEqual([{ price: 49.9 }, { price: 0.29 }]);
  });

  it('refuses a filter on a money field (it would compare yuan with fen)', () => {
    const priced = defineContract<{ price: number }>()({
      service: 'blade-test/priced',
      route: '/test/priced',
      title: { zh: '价格', en: 'Price' },
      menu: 'priced',
      buttons: ['add'],
      fields: { price: { label: { zh: '价格', en: 'Price' }, kind: 'money', filter: 'equal' } },
    });
    expect(() =>
      defineContractTable({
        contract: priced as never,
        table: 'bladePost',
        scope: 'tenant',
        versioned: true,
        defaultOrder: { id: 'asc' },
      }),
    ).toThrow('money field price filters');
  });

  it('names submit fields that are not columns of the table (a compile error)', () => {
    const declare = () =>
      // @ts-expect-error shelfName, level and price are not columns of blade_param
      defineContractTable({
        contract: shelfContract,
        table: 'bladeParam',
        scope: 'tenant',
        versioned: true,
        defaultOrder: { id: 'asc' },
      });
    expect(declare).not.toThrow();
  });

  it('refuses non-integer filters on whole-number fields', () => {
    expect(() => shelves.beforeList?.({ level_like: '1' })).toThrow('参数格式错误: level');
    expect(() => shelves.beforeList?.({ level: '3' })).not.toThrow();
  });

  it("adds a contract's patterns, filter aliases and the server's own field checks", async () => {
    const { codeContract } = await import('../../../src/contracts/blade-develop/code.js');
    const code = defineContractTable({
      contract: codeContract,
      table: 'bladeCode',
      scope: 'global',
      versioned: true,
      access: { add: SUPER_ADMIN, edit: SUPER_ADMIN, remove: SUPER_ADMIN },
      // A declaration's own filter of a whole-number field replaces the contract's check.
      list: { filters: { baseMode: { column: 'baseMode', default: 'equal', type: 'int' } } },
      defaultOrder: { id: 'asc' },
      fieldInputs: { pkName: z.preprocess((v) => v || 'id', z.string()) },
    });
    expect(code.list.filters.modelName).toEqual({ column: 'tableName', default: 'like' });
    expect(code.list.filters.baseMode).toMatchObject({ type: 'int' });
    expect(() => code.beforeList?.({ baseMode_like: 'x' })).not.toThrow();
    const body = {
      datasourceId: 'd1',
      serviceName: 'blade-x',
      codeName: 'm',
      tableName: 'blade_x',
      baseMode: 2,
      wrapMode: 2,
    };
    expect(parseBody(code.input, body)).toMatchObject({ pkName: 'id' });
    expect(() => parseBody(code.input, { ...body, tableName: '1x' })).toThrow(
      'tableName:表名只能包含字母、数字和_，且不能以数字开头',
    );
    // The replaced field keeps its place in the submit body (the first bad field is answered).
    expect(Object.keys(code.input.shape)).toEqual(codeContract.inputKeys);
  });
});
