import { defineResource } from '../types';

/**
 * A data scope (contract.md 4.12): which rows of a resource a role sees, hanging under a menu.
 * Granted in the role grant dialog; the server narrows lists of declarations that name the
 * resource code (e.g. posts: 'post'). Global rows: only the super administrator writes them.
 */
export interface DataScope {
  id: string;
  menuId: string;
  menuName: string;
  resourceCode: string;
  scopeName: string;
  scopeColumn: string;
  scopeType: number;
  scopeTypeName: string;
  scopeValue: string;
  remark: string;
  createTime: string;
}

const MENU = { zh: '所属菜单', en: 'Menu' };

export default defineResource<DataScope>({
  service: 'blade-system/data-scope',
  route: '/system/data-scope',
  title: { zh: '数据权限', en: 'Data scope' },
  permissions: {
    add: 'data_scope_add',
    edit: 'data_scope_edit',
    remove: 'data_scope_delete',
    view: 'data_scope_view',
  },
  writes: 'superAdmin',
  paging: 'generic',
  columns: [
    { field: 'scopeName', label: { zh: '权限名称', en: 'Name' }, sortable: true, width: 180 },
    { field: 'resourceCode', label: { zh: '权限编号', en: 'Resource code' }, sortable: true },
    { field: 'menuName', label: MENU, width: 160 },
    {
      field: 'scopeColumn',
      label: { zh: '权限字段', en: 'Column' },
      help: {
        zh: '按此字段筛选数据：create_user（创建人）或 create_dept（创建部门）',
        en: 'The column rows are filtered on: create_user (creator) or create_dept (department)',
      },
    },
    {
      field: 'scopeType',
      label: { zh: '规则类型', en: 'Rule' },
      kind: 'tag',
      dict: 'data_scope_type',
      sortable: true,
      width: 160,
    },
    { field: 'scopeValue', label: { zh: '规则值', en: 'Rule value' }, hiddenByDefault: true },
    { field: 'remark', label: { zh: '备注', en: 'Remark' }, width: 200 },
    {
      field: 'createTime',
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      sortable: true,
      width: 180,
      hiddenByDefault: true,
    },
  ],
  filters: [
    {
      name: 'menuId',
      kind: 'select',
      label: MENU,
      source: { path: 'blade-system/menu/tree' },
    },
    { name: 'scopeName', kind: 'input', label: { zh: '权限名称', en: 'Name' } },
    { name: 'resourceCode', kind: 'input', label: { zh: '权限编号', en: 'Resource code' } },
    {
      name: 'scopeType',
      kind: 'select',
      dict: 'data_scope_type',
      label: { zh: '规则类型', en: 'Rule' },
    },
  ],
  form: [
    {
      name: 'menuId',
      kind: 'treeSelect',
      label: MENU,
      required: { zh: '请选择所属菜单', en: 'Please choose the menu' },
      source: { path: 'blade-system/menu/tree' },
    },
    {
      name: 'scopeName',
      kind: 'text',
      label: { zh: '权限名称', en: 'Name' },
      required: { zh: '请输入权限名称', en: 'Please enter the name' },
      maxLength: 100,
    },
    {
      name: 'resourceCode',
      kind: 'text',
      label: { zh: '权限编号', en: 'Resource code' },
      required: { zh: '请输入权限编号', en: 'Please enter the resource code' },
      maxLength: 100,
    },
    {
      name: 'scopeColumn',
      kind: 'select',
      label: { zh: '权限字段', en: 'Column' },
      options: [
        {
          value: 'create_user',
          label: { zh: 'create_user（创建人）', en: 'create_user (creator)' },
        },
        {
          value: 'create_dept',
          label: { zh: 'create_dept（创建部门）', en: 'create_dept (department)' },
        },
      ],
    },
    {
      name: 'scopeType',
      kind: 'select',
      dict: 'data_scope_type',
      label: { zh: '规则类型', en: 'Rule' },
      required: { zh: '请选择规则类型', en: 'Please choose the rule' },
    },
    {
      // Type 5 (custom): the departments whose rows are visible.
      name: 'scopeValue',
      kind: 'text',
      label: {
        zh: '规则值（部门编号，逗号分隔）',
        en: 'Rule value (department ids, comma-separated)',
      },
      maxLength: 2000,
      wide: true,
    },
    {
      name: 'remark',
      kind: 'textarea',
      label: { zh: '备注', en: 'Remark' },
      maxLength: 255,
      wide: true,
    },
  ],
  recordLabel: (scope) => scope.scopeName,
});
