import { openUserDetail } from './user-detail-store';
import { defineResource, type ResourceDef, type ValueOption } from '../types';
import type { User } from '../../contracts/blade-user/user';
import { USER_FORM, USER_TITLE } from './user-form';

/** The seed's user_status dictionary (server/db/seed/system.ts), with tag colours. */
export const USER_STATUS: readonly ValueOption[] = [
  { value: '1', label: { zh: '正常', en: 'Active' }, color: 'green' },
  { value: '0', label: { zh: '禁用', en: 'Disabled' }, color: 'red' },
  { value: '2', label: { zh: '待审核', en: 'Pending approval' }, color: 'orange' },
];

const ids = (rows: readonly User[]) => rows.map((r) => r.id).join(',');
const userForm = () => import('./user-form-dialog');
const statusDialog = () => import('./user-status-dialog');

/** The button codes of one of the two user screens (seed: server/db/seed/menu-tree.ts). */
interface ScreenCodes {
  route: string;
  /** Edits (form, enable/disable): both go to blade-user/update. */
  edit: string;
  /** Opens the user detail drawer. */
  view: string;
}

/**
 * The users screen (spec section 1, system administration: create, edit, grant roles, reset
 * password, unlock, enable/disable, platform settings, approve registrations). It exists at
 * /system/user and /setting/user/userinfo; the server admits either screen's edit code.
 */
export function userResource({ route, edit, view }: ScreenCodes): ResourceDef<User> {
  return defineResource<User>({
    service: 'blade-user',
    route,
    title: USER_TITLE,
    // add/edit are the actions below (own dialogs); view is the shared user detail drawer.
    permissions: { add: 'user_add', edit, remove: 'user_delete', view },
    // Its own form (passwords encrypted and confirmed, the phone decrypted for editing) and the
    // shared user detail drawer (the phone decrypted), opened by the engine's buttons and keys.
    formDialog: userForm,
    openDetail: (user) => openUserDetail(String(user.id)),
    paths: { list: 'page', update: 'update' },
    paging: 'resource',
    columns: [
      { field: 'account', label: { zh: '登录账号', en: 'Account' }, sortable: true, width: 140 },
      { field: 'realName', label: { zh: '用户姓名', en: 'Real name' }, sortable: true, width: 120 },
      { field: 'name', label: { zh: '用户昵称', en: 'Nickname' }, width: 120 },
      { field: 'roleName', label: { zh: '所属角色', en: 'Roles' }, width: 160 },
      { field: 'deptName', label: { zh: '所属部门', en: 'Departments' }, width: 160 },
      { field: 'postName', label: { zh: '所属岗位', en: 'Posts' }, width: 140 },
      { field: 'userTypeName', label: { zh: '用户平台', en: 'Platform' }, width: 100 },
      {
        field: 'status',
        label: { zh: '用户状态', en: 'Status' },
        kind: 'tag',
        options: USER_STATUS,
        width: 110,
      },
      { field: 'code', label: { zh: '用户编号', en: 'User number' }, hiddenByDefault: true },
      { field: 'email', label: { zh: '电子邮箱', en: 'Email' }, hiddenByDefault: true },
      {
        field: 'createTime',
        label: { zh: '创建时间', en: 'Created' },
        kind: 'dateTime',
        sortable: true,
        width: 180,
      },
    ],
    filters: [
      { name: 'account', kind: 'input', label: { zh: '登录账号', en: 'Account' } },
      { name: 'realName', kind: 'input', label: { zh: '用户姓名', en: 'Real name' } },
      {
        name: 'status',
        kind: 'select',
        options: USER_STATUS,
        label: { zh: '用户状态', en: 'Status' },
      },
      { name: 'createTime', kind: 'dateRange', label: { zh: '创建时间', en: 'Created' } },
    ],
    form: USER_FORM,
    toolbarActions: [
      {
        id: 'import',
        label: { zh: '导入', en: 'Import' },
        permission: 'user_import',
        selection: 'none',
        dialog: () => import('./user-import-dialog'),
      },
      {
        id: 'grant',
        label: { zh: '角色配置', en: 'Assign roles' },
        permission: 'user_grant',
        selection: 'some',
        dialog: () => import('./grant-roles-dialog'),
      },
      {
        id: 'reset',
        label: { zh: '密码重置', en: 'Reset password' },
        permission: 'user_reset',
        selection: 'some',
        color: 'orange',
        // A one-time password per user, shown once in the dialog (issue 15 item 6).
        dialog: () => import('./reset-password-dialog'),
      },
      {
        id: 'unlock',
        label: { zh: '账号解封', en: 'Unlock' },
        permission: 'user_unlock',
        selection: 'some',
        call: {
          path: 'blade-user/unlock',
          params: (rows) => ({ userIds: ids(rows) }),
          confirm: {
            zh: '确定解锁选中的账号？登录失败次数将被清零。',
            en: 'Unlock the selected accounts? Their failed sign-in count is cleared.',
          },
          done: { zh: '账号已解锁', en: 'Accounts unlocked' },
        },
      },
    ],
    rowActions: [
      {
        id: 'disable',
        label: { zh: '禁用', en: 'Disable' },
        permission: edit,
        color: 'red',
        when: (row) => Number(row.status) === 1,
        dialog: statusDialog,
      },
      {
        id: 'enable',
        label: { zh: '启用', en: 'Enable' },
        permission: edit,
        when: (row) => Number(row.status) === 0,
        dialog: statusDialog,
      },
      {
        id: 'approve',
        label: { zh: '审核通过', en: 'Approve' },
        permission: 'user_approve',
        when: (row) => Number(row.status) === 2,
        call: {
          path: 'blade-user/approve',
          params: (rows) => ({ userIds: ids(rows) }),
          confirm: {
            zh: '确定通过该用户的注册申请？通过后即可登录。',
            en: "Approve this user's registration? They can sign in afterwards.",
          },
          done: { zh: '已审核通过', en: 'Registration approved' },
        },
      },
      {
        id: 'platform',
        label: { zh: '平台配置', en: 'Platform' },
        permission: 'user_platform',
        dialog: () => import('./platform-dialog'),
      },
    ],
    recordLabel: (user) => user.realName || user.account,
  });
}

/** /system/user: the user management menu's codes. */
export default userResource({ route: '/system/user', edit: 'user_edit', view: 'user_view' });
