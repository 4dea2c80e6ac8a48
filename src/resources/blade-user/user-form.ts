import { patterns } from '../../lib/patterns';
import type { Bilingual, FormFieldDef } from '../types';

/** The users screen's title, also the title of its own form dialog. */
export const USER_TITLE: Bilingual = { zh: '用户', en: 'User' };

/**
 * The create/edit form. The engine's form does not show it: passwords travel RSA-encrypted and
 * phones arrive encrypted, so user-form-dialog.tsx (beside this file) renders these fields with the
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
  { name: 'birthday', kind: 'date', label: { zh: '用户生日', en: 'Birthday' }, past: true },
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
