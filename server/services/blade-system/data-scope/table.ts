import { z } from 'zod';
import { badRequest } from '../../../lib/errors.js';
import { defineTable, optionalText } from '../../../lib/table/index.js';
import { requiredText } from '../../../lib/validation.js';
import { SUPER_ADMIN } from '../../../auth/index.js';
import { DATA_SCOPE_TYPE, idsOf } from './resolve.js';
import { assertLiveMenu, menuIdField, resourceCodeField, typeField, withNames } from './shared.js';

/**
 * blade-system/data-scope (contract.md 4.12): rules of which rows a role sees of a resource,
 * hanging under a menu; granted through role/grant and enforced by declarations that say
 * `dataScope: dataScopeFor('<resourceCode>')` (resolve.ts). Global rows: the super administrator
 * writes them, holders of the screen read them.
 */
export default defineTable({
  path: 'blade-system/data-scope',
  table: 'bladeScopeData',
  scope: 'global',
  access: {
    read: ['data_scope', 'data_scope_view'],
    add: SUPER_ADMIN,
    edit: SUPER_ADMIN,
    remove: SUPER_ADMIN,
  },
  columns: [
    'menuId',
    'resourceCode',
    'scopeName',
    'scopeColumn',
    'scopeType',
    'scopeValue',
    'remark',
  ],
  list: {
    filters: {
      menuId: { column: 'menuId', default: 'equal' },
      resourceCode: { column: 'resourceCode' },
      scopeName: { column: 'scopeName' },
      scopeType: { column: 'scopeType', default: 'equal', type: 'int' },
    },
    sorts: {
      scopeName: 'scopeName',
      resourceCode: 'resourceCode',
      scopeType: 'scopeType',
      createTime: 'createTime',
    },
  },
  defaultOrder: { menuId: 'asc', createTime: 'asc', id: 'asc' },
  input: z.object({
    menuId: menuIdField,
    resourceCode: resourceCodeField,
    scopeName: requiredText(z, '请输入权限名称', 100),
    scopeColumn: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string()
        .trim()
        .regex(/^[a-z][a-z0-9_]{0,99}$/, '权限字段只能是小写字母、数字和下划线')
        .optional(),
    ),
    scopeType: typeField(5, '请选择规则类型'),
    scopeValue: optionalText(2000),
    remark: optionalText(255),
  }),
  // The rule's column defaults to what its type compares: the creator for 'own', else the dept.
  toRow: (input) => ({
    ...input,
    scopeColumn:
      input.scopeColumn ??
      (input.scopeType === DATA_SCOPE_TYPE.own ? 'create_user' : 'create_dept'),
    scopeValue:
      input.scopeType === DATA_SCOPE_TYPE.custom ? idsOf(input.scopeValue ?? null).join(',') : null,
  }),
  unique: [{ columns: ['menuId', 'scopeName'], message: '该菜单下已存在同名的数据权限' }],
  beforeSave: async (call, input) => {
    await assertLiveMenu(call, input.menuId);
    if (input.scopeType === DATA_SCOPE_TYPE.custom) {
      const parts = (input.scopeValue ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (parts.length === 0) throw badRequest('scopeValue:请输入自定义规则的部门');
      if (parts.length !== idsOf(input.scopeValue ?? null).length)
        throw badRequest('scopeValue:规则值应为以逗号分隔的部门编号');
    }
  },
  decorate: ({ ctx }, rows) => withNames(ctx, 'data_scope_type', rows),
});
