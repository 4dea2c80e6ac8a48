import { defineResource, type ResourceDef } from '../types';
import type { Role } from '../../contracts/blade-system/role';

/** The button codes of one of the two role screens (the server admits either screen's codes). */
export interface RoleCodes {
  add: string;
  edit: string;
  remove: string;
  view: string;
  grant: string;
}

const GRANT_LABEL = { zh: '权限设置', en: 'Permissions' };
const grantDialog = () => import('./role-grant-dialog');

/**
 * Roles (contract.md 4.2): a tree list (role/list answers RoleVO nodes with children, not
 * paged), parent chosen from role/tree, and the grant of menus, data scopes and API scopes to
 * the selected roles (role/grant). Two menu screens manage roles, each with its own codes.
 */
export function roleResource(route: string, codes: RoleCodes): ResourceDef<Role> {
  return defineResource<Role>({
    service: 'blade-system/role',
    route,
    title: { zh: '角色', en: 'Role' },
    permissions: { add: codes.add, edit: codes.edit, remove: codes.remove, view: codes.view },
    tree: {},
    columns: [
      { field: 'roleName', label: { zh: '角色名称', en: 'Name' }, sortable: true, width: 220 },
      { field: 'roleAlias', label: { zh: '角色别名', en: 'Alias' }, sortable: true, width: 200 },
      {
        field: 'sort',
        label: { zh: '排序', en: 'Order' },
        kind: 'number',
        width: 100,
        sortable: true,
      },
    ],
    filters: [
      { name: 'roleName', kind: 'input', label: { zh: '角色名称', en: 'Name' } },
      { name: 'roleAlias', kind: 'input', label: { zh: '角色别名', en: 'Alias' } },
    ],
    form: [
      {
        name: 'roleName',
        kind: 'text',
        label: { zh: '角色名称', en: 'Name' },
        required: { zh: '请输入角色名称', en: 'Please enter the role name' },
        maxLength: 50,
      },
      {
        name: 'roleAlias',
        kind: 'text',
        label: { zh: '角色别名', en: 'Alias' },
        required: { zh: '请输入角色别名', en: 'Please enter the role alias' },
        maxLength: 50,
      },
      {
        name: 'parentId',
        kind: 'treeSelect',
        label: { zh: '上级角色', en: 'Parent role' },
        source: { path: 'blade-system/role/tree' },
      },
      { name: 'sort', kind: 'integer', label: { zh: '排序', en: 'Order' } },
    ],
    toolbarActions: [
      {
        id: 'grant',
        label: GRANT_LABEL,
        permission: codes.grant,
        selection: 'some',
        dialog: grantDialog,
      },
    ],
    rowActions: [{ id: 'grant', label: GRANT_LABEL, permission: codes.grant, dialog: grantDialog }],
    recordLabel: (role) => role.roleName,
  });
}

/** /system/role (seed: role, role_add, role_edit, role_delete, role_view, role_grant). */
export default roleResource('/system/role', {
  add: 'role_add',
  edit: 'role_edit',
  remove: 'role_delete',
  view: 'role_view',
  grant: 'role_grant',
});
