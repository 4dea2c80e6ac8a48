import { roleResource } from './role';

/** /setting/user/role-management: the roles again, behind the role_permission_* codes. */
export default roleResource('/setting/user/role-management', {
  add: 'role_permission_add',
  edit: 'role_permission_edit',
  remove: 'role_permission_delete',
  view: 'role_permission_view',
  grant: 'role_permission_grant',
});
