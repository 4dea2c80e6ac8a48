import { apiScopeContract } from '../../contracts/blade-system/api-scope';
import { defineContractResource } from '../contract-resource';

export type { ApiScope } from '../../contracts/blade-system/api-scope';

const MENU_TREE = { path: 'blade-system/menu/tree' };

/** API scopes (global rows, written by the super administrator); the fields are the contract's. */
export default defineContractResource({
  contract: apiScopeContract,
  writes: 'superAdmin',
  paging: 'generic',
  columns: [
    { field: 'scopeName', width: 180 },
    'resourceCode',
    {
      field: 'scopePath',
      width: 280,
      help: {
        zh: '接口路径，可省略 /api；* 匹配一段，** 匹配多段',
        en: 'The API path, /api optional; * matches one segment, ** any number',
      },
    },
    { field: 'menuName', width: 160 },
    { field: 'scopeType', kind: 'tag', width: 120 },
    { field: 'remark', width: 200 },
    { field: 'createTime', width: 180, hiddenByDefault: true },
  ],
  filters: [
    { name: 'menuId', kind: 'select', source: MENU_TREE },
    'scopeName',
    'scopePath',
    'scopeType',
  ],
  form: {
    menuId: { kind: 'treeSelect', source: MENU_TREE },
    scopePath: { wide: true },
    remark: { kind: 'textarea', wide: true },
  },
  formOrder: ['menuId', 'scopeName', 'resourceCode', 'scopeType', 'scopePath', 'remark'],
  recordLabel: (scope) => scope.scopeName,
});
