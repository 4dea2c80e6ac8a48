import { z } from 'zod';
import { dataScopeContract } from '../../../../src/contracts/blade-system/data-scope.js';
import { badRequest } from '../../../lib/errors.js';
import { defineContractTable } from '../../../lib/table/index.js';
import { SUPER_ADMIN } from '../../../auth/index.js';
import { DATA_SCOPE_TYPE, idsOf } from './resolve.js';
import { assertLiveMenu, menuIdField, withNames } from './shared.js';

const COLUMN = dataScopeContract.fields.scopeColumn.pattern;

/**
 * blade-system/data-scope (contract.md 4.12): rules of which rows a role sees of a resource,
 * hanging under a menu; granted through role/grant and enforced by declarations that say
 * `dataScope: dataScopeFor('<resourceCode>')` (resolve.ts). Global rows: the super administrator
 * writes them, holders of the screen read them.
 */
export default defineContractTable({
  contract: dataScopeContract,
  table: 'bladeScopeData',
  versioned: true,
  scope: 'global',
  access: { add: SUPER_ADMIN, edit: SUPER_ADMIN, remove: SUPER_ADMIN },
  // A type that is not a whole number matches nothing (no 400).
  list: { filters: { scopeType: { column: 'scopeType', default: 'equal', type: 'int' } } },
  defaultOrder: { menuId: 'asc', createTime: 'asc', id: 'asc' },
  fieldInputs: {
    menuId: menuIdField,
    // Blank (spaces too) is absent; no length of its own (the pattern caps it at 100).
    scopeColumn: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string().trim().regex(COLUMN.regex, COLUMN.message.zh).optional(),
    ),
  },
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
