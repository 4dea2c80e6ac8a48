import { openUserDetail } from '../../features/users/user-detail-store';
import { patterns } from '../../lib/patterns';
import { defineResource, type FormFieldDef, type ResourceDef, type ValueOption } from '../types';

/**
 * A user of the caller's tenant as GET blade-user/page answers (BladeX UserVO; spec section 3
 * "Profile"). Multi-valued links are comma-joined ids with their names beside them.
 */
export interface User {
  id: string;
  account: string;
  name: string;
  realName: string;
  code: string;
  /** Encrypted for this session ('enc1:...'): lib/phone decrypts it. */
  phone: string;
  email: string;
  /** '' when unset. */
  sex: number | string;
  birthday: string;
  roleId: string;
  deptId: string;
  postId: string;
  roleName: string;
  deptName: string;
  postName: string;
  userType: number;
  userTypeName: string;
  /** 1 active, 0 disabled, 2 pending approval (ARCHITECTURE.md contract notes). */
  status: number;
  statusName: string;
  createTime: string;
  version: number;
}

/** The seed's user_status dictionary (server/db/seed/system.ts), with tag colours. */
export const USER_STATUS: readonly ValueOption[] = [
  { value: '1', label: { zh: '正常', en: 'Active' }, color: 'green' },
  { value: '0', label: { zh: '禁用', en: 'Disabled' }, color: 'red' },
  { value: '2', label: { zh: '待审核', en: 'Pending approval' }, color: 'orange' },
];

/**
 * The create/edit form. The engine's form does not show it: passwords travel RSA-encrypted and
 * phones arrive encrypted, so features/users/user-form-dialog.tsx renders these fields with the
 * engine's ResourceForm and encrypts/decrypts around it. `createOnly` fields are the create's.
 */
export const USER_FORM: readonly FormFieldDef[] = [
  {
    name: 'account',
    kind: 'text',
    label: { zh: '登录账号', en: 'Account' },
    required: { zh: '请输入登录账号', en: 'Please enter the account' },
    maxLength: 45,
    createOnly: true,
  },
  {
    name: 'password',
    kind: 'password',
    label: { zh: '密码', en: 'Password' },
    required: { zh: '请输入密码', en: 'Please enter the password' },
    rules: [patterns.password],
    createOnly: true,
  },
  {
    name: 'password2',
    kind: 'password',
    label: { zh: '确认密码', en: 'Confirm password' },
    required: { zh: '请再次输入密码', en: 'Please enter the password again' },
    rules: [patterns.password],
    createOnly: true,
  },
  {
    name: 'realName',
    kind: 'text',
    label: { zh: '用户姓名', en: 'Real name' },
    required: { zh: '请输入用户姓名', en: 'Please enter the real name' },
    maxLength: 50,
  },
  {
    name: 'name',
    kind: 'text',
    label: { zh: '用户昵称', en: 'Nickname' },
    required: { zh: '请输入用户昵称', en: 'Please enter the nickname' },
    maxLength: 50,
  },
  {
    name: 'phone',
    kind: 'text',
    label: { zh: '手机号码', en: 'Phone' },
    rules: [patterns.phone],
    maxLength: 11,
  },
  {
    name: 'email',
    kind: 'text',
    label: { zh: '电子邮箱', en: 'Email' },
    rules: [patterns.email],
    maxLength: 100,
  },
  { name: 'sex', kind: 'select', dict: 'sex', label: { zh: '用户性别', en: 'Sex' } },
  { name: 'birthday', kind: 'date', label: { zh: '用户生日', en: 'Birthday' } },
  {
    name: 'roleId',
    kind: 'treeMultiSelect',
    label: { zh: '所属角色', en: 'Roles' },
    required: { zh: '请选择所属角色', en: 'Please choose the roles' },
    source: { path: 'blade-system/role/tree' },
  },
  {
    name: 'deptId',
    kind: 'treeMultiSelect',
    label: { zh: '所属部门', en: 'Departments' },
    required: { zh: '请选择所属部门', en: 'Please choose the departments' },
    source: { path: 'blade-system/dept/tree' },
  },
  {
    name: 'postId',
    kind: 'multiSelect',
    label: { zh: '所属岗位', en: 'Posts' },
    source: { path: 'blade-system/post/select', label: 'postName', value: 'id' },
  },
  {
    name: 'code',
    kind: 'text',
    label: { zh: '用户编号', en: 'User number' },
    maxLength: 32,
  },
];

const ids = (rows: readonly User[]) => rows.map((r) => r.id).join(',');
const userForm = () => import('../../features/users/user-form-dialog');
const statusDialog = () => import('../../features/users/user-status-dialog');

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
    title: { zh: '用户', en: 'User' },
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
        dialog: () => import('../../features/users/user-import-dialog'),
      },
      {
        id: 'grant',
        label: { zh: '角色配置', en: 'Assign roles' },
        permission: 'user_grant',
        selection: 'some',
        dialog: () => import('../../features/users/grant-roles-dialog'),
      },
      {
        id: 'reset',
        label: { zh: '密码重置', en: 'Reset password' },
        permission: 'user_reset',
        selection: 'some',
        color: 'orange',
        call: {
          path: 'blade-user/reset-password',
          params: (rows) => ({ userIds: ids(rows) }),
          confirm: {
            zh: '确定将选中账号的密码重置为初始密码？初始密码见系统参数 account.initPassword，用户须在下次登录时修改密码。',
            en: 'Reset the password of the selected accounts to the initial password (system parameter account.initPassword)? The users must change it at their next sign-in.',
          },
          done: { zh: '密码已重置', en: 'Password reset' },
        },
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
        dialog: () => import('../../features/users/platform-dialog'),
      },
    ],
    recordLabel: (user) => user.realName || user.account,
  });
}

/** /system/user: the user management menu's codes. */
export default userResource({ route: '/system/user', edit: 'user_edit', view: 'user_view' });
