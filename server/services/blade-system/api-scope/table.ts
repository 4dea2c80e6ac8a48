import { apiScopeContract } from '../../../../src/contracts/blade-system/api-scope.js';
import { defineContractTable } from '../../../lib/table/index.js';
import { SUPER_ADMIN } from '../../../auth/index.js';
import { assertLiveMenu, menuIdField, withNames } from '../data-scope/shared.js';

/**
 * blade-system/api-scope (contract.md 4.12): API paths a role may call, hanging under a menu.
 * A path covered by any scope may be called only by holders of one of the covering scopes
 * (auth/api-scope.ts, checked by the guard). Global rows written by the super administrator.
 */
export default defineContractTable({
  contract: apiScopeContract,
  table: 'bladeScopeApi',
  versioned: true,
  scope: 'global',
  access: { add: SUPER_ADMIN, edit: SUPER_ADMIN, remove: SUPER_ADMIN },
  // A type that is not a whole number matches nothing (no 400).
  list: { filters: { scopeType: { column: 'scopeType', default: 'equal', type: 'int' } } },
  defaultOrder: { menuId: 'asc', createTime: 'asc', id: 'asc' },
  fieldInputs: { menuId: menuIdField },
  unique: [{ columns: ['menuId', 'scopePath'], message: '该菜单下已存在相同路径的接口权限' }],
  beforeSave: (call, input) => assertLiveMenu(call, input.menuId),
  decorate: ({ ctx }, rows) => withNames(ctx, 'api_scope_type', rows),
});
