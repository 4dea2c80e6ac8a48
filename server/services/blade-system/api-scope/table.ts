import { z } from 'zod';
import { defineTable, optionalText } from '../../../lib/table/index.js';
import { requiredText } from '../../../lib/validation.js';
import { SUPER_ADMIN } from '../../../auth/index.js';
import {
  assertLiveMenu,
  menuIdField,
  resourceCodeField,
  typeField,
  withNames,
} from '../data-scope/shared.js';

/**
 * blade-system/api-scope (contract.md 4.12): API paths a role may call, hanging under a menu.
 * A path covered by any scope may be called only by holders of one of the covering scopes
 * (auth/api-scope.ts, checked by the guard). Global rows written by the super administrator.
 */
export default defineTable({
  path: 'blade-system/api-scope',
  table: 'bladeScopeApi',
  scope: 'global',
  access: {
    read: ['api_scope', 'api_scope_view'],
    add: SUPER_ADMIN,
    edit: SUPER_ADMIN,
    remove: SUPER_ADMIN,
  },
  columns: ['menuId', 'resourceCode', 'scopeName', 'scopePath', 'scopeType', 'remark'],
  list: {
    filters: {
      menuId: { column: 'menuId', default: 'equal' },
      resourceCode: { column: 'resourceCode' },
      scopeName: { column: 'scopeName' },
      scopePath: { column: 'scopePath' },
      scopeType: { column: 'scopeType', default: 'equal', type: 'int' },
    },
    sorts: {
      scopeName: 'scopeName',
      resourceCode: 'resourceCode',
      scopePath: 'scopePath',
      createTime: 'createTime',
    },
  },
  defaultOrder: { menuId: 'asc', createTime: 'asc', id: 'asc' },
  input: z.object({
    menuId: menuIdField,
    resourceCode: resourceCodeField,
    scopeName: requiredText(z, '请输入权限名称', 100),
    scopePath: requiredText(z, '请输入权限路径', 500).regex(
      /^\/?[A-Za-z0-9_.\-/*]+$/,
      '权限路径只能包含字母、数字、/、_、-、. 和 *',
    ),
    scopeType: typeField(2, '请选择接口类型'),
    remark: optionalText(255),
  }),
  unique: [{ columns: ['menuId', 'scopePath'], message: '该菜单下已存在相同路径的接口权限' }],
  beforeSave: (call, input) => assertLiveMenu(call, input.menuId),
  decorate: ({ ctx }, rows) => withNames(ctx, 'api_scope_type', rows),
});
