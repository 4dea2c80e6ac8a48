import { defineResource } from '../types';

/**
 * An API scope (contract.md 4.12): an API path (Ant-style `*` and `**`) hanging under a menu.
 * Once any scope covers a path, only roles granted a covering scope may call it (the server
 * answers 403 to everyone else). Global rows: only the super administrator writes them.
 */
export interface ApiScope {
  id: string;
  menuId: string;
  menuName: string;
  resourceCode: string;
  scopeName: string;
  scopePath: string;
  scopeType: number;
  scopeTypeName: string;
  remark: string;
  createTime: string;
}

const MENU = { zh: '所属菜单', en: 'Menu' };

export default defineResource<ApiScope>({
  service: 'blade-system/api-scope',
  route: '/system/api-scope',
  title: { zh: '接口权限', en: 'API scope' },
  permissions: {
    add: 'api_scope_add',
    edit: 'api_scope_edit',
    remove: 'api_scope_delete',
    view: 'api_scope_view',
  },
  writes: 'superAdmin',
  paging: 'generic',
  columns: [
    { field: 'scopeName', label: { zh: '权限名称', en: 'Name' }, sortable: true, width: 180 },
    { field: 'resourceCode', label: { zh: '权限编号', en: 'Resource code' }, sortable: true },
    {
      field: 'scopePath',
      label: { zh: '权限路径', en: 'Path' },
      sortable: true,
      width: 280,
      help: {
        zh: '接口路径，可省略 /api；* 匹配一段，** 匹配多段',
        en: 'The API path, /api optional; * matches one segment, ** any number',
      },
    },
    { field: 'menuName', label: MENU, width: 160 },
    {
      field: 'scopeType',
      label: { zh: '接口类型', en: 'Type' },
      kind: 'tag',
      dict: 'api_scope_type',
      width: 120,
    },
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
    { name: 'scopePath', kind: 'input', label: { zh: '权限路径', en: 'Path' } },
    {
      name: 'scopeType',
      kind: 'select',
      dict: 'api_scope_type',
      label: { zh: '接口类型', en: 'Type' },
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
      name: 'scopeType',
      kind: 'select',
      dict: 'api_scope_type',
      label: { zh: '接口类型', en: 'Type' },
      required: { zh: '请选择接口类型', en: 'Please choose the type' },
    },
    {
      name: 'scopePath',
      kind: 'text',
      label: { zh: '权限路径', en: 'Path' },
      required: { zh: '请输入权限路径', en: 'Please enter the path' },
      maxLength: 500,
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
