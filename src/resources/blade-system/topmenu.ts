import { defineResource } from '../types';
import type { TopMenu } from '../../contracts/blade-system/topmenu';

const GRANT_LABEL = { zh: '菜单配置', en: 'Menu settings' };
const grantDialog = () => import('./topmenu-grant-dialog');

export default defineResource<TopMenu>({
  service: 'blade-system/topmenu',
  route: '/system/topmenu',
  title: { zh: '顶部菜单', en: 'Top menu' },
  permissions: {
    add: 'top_menu_add',
    edit: 'top_menu_edit',
    remove: 'top_menu_delete',
    view: 'top_menu_view',
  },
  // The top bar lists the top menus.
  refreshes: ['Menu'],
  paging: 'generic',
  columns: [
    { field: 'name', label: { zh: '菜单名称', en: 'Name' }, sortable: true, width: 180 },
    {
      field: 'nameEn',
      label: { zh: '英文名称', en: 'English name' },
      width: 180,
      hiddenByDefault: true,
    },
    { field: 'code', label: { zh: '菜单编号', en: 'Code' }, sortable: true, width: 180 },
    { field: 'source', label: { zh: '菜单图标', en: 'Icon' }, width: 180 },
    { field: 'path', label: { zh: '路由地址', en: 'Route' }, width: 200, hiddenByDefault: true },
    {
      field: 'sort',
      label: { zh: '排序', en: 'Order' },
      kind: 'number',
      width: 100,
      sortable: true,
    },
  ],
  filters: [
    { name: 'name', kind: 'input', label: { zh: '菜单名称', en: 'Name' } },
    { name: 'code', kind: 'input', label: { zh: '菜单编号', en: 'Code' } },
  ],
  form: [
    {
      name: 'name',
      kind: 'text',
      label: { zh: '菜单名称', en: 'Name' },
      required: { zh: '请输入顶部菜单名称', en: 'Please enter the name' },
      maxLength: 100,
    },
    { name: 'nameEn', kind: 'text', label: { zh: '英文名称', en: 'English name' }, maxLength: 100 },
    {
      name: 'code',
      kind: 'text',
      label: { zh: '菜单编号', en: 'Code' },
      required: { zh: '请输入顶部菜单编号', en: 'Please enter the code' },
      maxLength: 100,
    },
    { name: 'source', kind: 'text', label: { zh: '菜单图标', en: 'Icon' }, maxLength: 100 },
    { name: 'path', kind: 'text', label: { zh: '路由地址', en: 'Route' }, maxLength: 500 },
    { name: 'sort', kind: 'integer', label: { zh: '排序', en: 'Order' } },
  ],
  toolbarActions: [
    {
      id: 'grant',
      label: GRANT_LABEL,
      permission: 'top_menu_grant',
      selection: 'some',
      dialog: grantDialog,
    },
  ],
  rowActions: [
    { id: 'grant', label: GRANT_LABEL, permission: 'top_menu_grant', dialog: grantDialog },
  ],
  recordLabel: (topMenu) => topMenu.name,
});
