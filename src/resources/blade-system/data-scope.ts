import { dataScopeContract } from '../../contracts/blade-system/data-scope';
import { defineContractResource } from '../contract-resource';

export type { DataScope } from '../../contracts/blade-system/data-scope';

const MENU_TREE = { path: 'blade-system/menu/tree' };

/** Data scopes (global rows, written by the super administrator); the fields are the contract's. */
export default defineContractResource({
  contract: dataScopeContract,
  writes: 'superAdmin',
  paging: 'generic',
  columns: [
    { field: 'scopeName', width: 180 },
    'resourceCode',
    { field: 'menuName', width: 160 },
    {
      field: 'scopeColumn',
      help: {
        zh: '按此字段筛选数据：create_user（创建人）或 create_dept（创建部门）',
        en: 'The column rows are filtered on: create_user (creator) or create_dept (department)',
      },
    },
    { field: 'scopeType', kind: 'tag', width: 160 },
    { field: 'scopeValue', hiddenByDefault: true },
    { field: 'remark', width: 200 },
    { field: 'createTime', width: 180, hiddenByDefault: true },
  ],
  filters: [
    { name: 'menuId', kind: 'select', source: MENU_TREE },
    'scopeName',
    'resourceCode',
    'scopeType',
  ],
  form: {
    menuId: { kind: 'treeSelect', source: MENU_TREE },
    scopeColumn: {
      kind: 'select',
      options: [
        {
          value: 'create_user',
          label: { zh: 'create_user（创建人）', en: 'create_user (creator)' },
        },
        {
          value: 'create_dept',
          label: { zh: 'create_dept（创建部门）', en: 'create_dept (department)' },
        },
      ],
    },
    // Type 5 (custom): the departments whose rows are visible.
    scopeValue: {
      label: {
        zh: '规则值（部门编号，逗号分隔）',
        en: 'Rule value (department ids, comma-separated)',
      },
      wide: true,
    },
    remark: { kind: 'textarea', wide: true },
  },
  formOrder: [
    'menuId',
    'scopeName',
    'resourceCode',
    'scopeColumn',
    'scopeType',
    'scopeValue',
    'remark',
  ],
  recordLabel: (scope) => scope.scopeName,
});
