import { defineResource, type ResourceDef, type ValueOption } from '../types';

/** A menu or button (MenuVO, contract.md 3.1) as menu/lazy-list answers it. */
export interface Menu {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn: string;
  alias: string;
  path: string;
  /** A Tabler icon component name (ARCHITECTURE.md contract notes). */
  source: string;
  sort: number;
  /** 1 menu, 2 button. */
  category: number;
  /** Buttons: 0 none, 1 toolbar, 2 row operations, 3 both. */
  action: number;
  /** 1 no, 2 yes (open in a new window). */
  isOpen: number;
  remark: string;
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  hasChildren?: boolean;
  children?: Menu[];
}

/** The button codes of one of the two menu screens. */
export interface MenuCodes {
  add: string;
  edit: string;
  remove: string;
  view: string;
}

const CATEGORIES: readonly ValueOption[] = [
  { value: '1', label: { zh: '菜单', en: 'Menu' }, color: 'blue' },
  { value: '2', label: { zh: '按钮', en: 'Button' }, color: 'teal' },
];

const ACTIONS: readonly ValueOption[] = [
  { value: '0', label: { zh: '无', en: 'None' } },
  { value: '1', label: { zh: '工具栏', en: 'Toolbar' } },
  { value: '2', label: { zh: '操作栏', en: 'Row operations' } },
  { value: '3', label: { zh: '工具操作栏', en: 'Toolbar and row' } },
];

const IS_OPEN: readonly ValueOption[] = [
  { value: '1', label: { zh: '否', en: 'No' } },
  { value: '2', label: { zh: '是', en: 'Yes' } },
];

/**
 * The global menu tree with its buttons (contract.md 3.2). The tree loads one level at a time
 * (menu/lazy-list: the top level without parentId, a node's children with it; with filters it
 * answers the matches of every level). Menus are shared by every tenant, so the server lets only
 * the super administrator write them, whatever codes a role holds.
 */
export function menuResource(route: string, codes: MenuCodes): ResourceDef<Menu> {
  return defineResource<Menu>({
    service: 'blade-system/menu',
    route,
    title: { zh: '菜单', en: 'Menu' },
    permissions: { add: codes.add, edit: codes.edit, remove: codes.remove, view: codes.view },
    writes: 'superAdmin',
    // The sidebar and the top bar are built from the menus.
    refreshes: ['Menu'],
    tree: { lazy: true },
    columns: [
      { field: 'name', label: { zh: '菜单名称', en: 'Name' }, width: 200 },
      {
        field: 'nameEn',
        label: { zh: '英文名称', en: 'English name' },
        width: 180,
        hiddenByDefault: true,
      },
      { field: 'path', label: { zh: '路由地址', en: 'Route' }, width: 220 },
      { field: 'code', label: { zh: '菜单编号', en: 'Code' }, width: 200, sortable: true },
      { field: 'source', label: { zh: '菜单图标', en: 'Icon' }, width: 160 },
      {
        field: 'category',
        label: { zh: '菜单类型', en: 'Type' },
        kind: 'tag',
        options: CATEGORIES,
        width: 100,
      },
      { field: 'alias', label: { zh: '菜单别名', en: 'Alias' }, width: 110 },
      {
        field: 'action',
        label: { zh: '按钮功能', en: 'Button place' },
        kind: 'status',
        options: ACTIONS,
        width: 120,
        hiddenByDefault: true,
      },
      {
        field: 'sort',
        label: { zh: '排序', en: 'Order' },
        kind: 'number',
        width: 80,
        sortable: true,
      },
      {
        field: 'isOpen',
        label: { zh: '新窗口', en: 'New window' },
        kind: 'status',
        options: IS_OPEN,
        width: 100,
      },
    ],
    filters: [
      { name: 'name', kind: 'input', label: { zh: '菜单名称', en: 'Name' } },
      { name: 'code', kind: 'input', label: { zh: '菜单编号', en: 'Code' } },
      { name: 'alias', kind: 'input', label: { zh: '菜单别名', en: 'Alias' } },
      {
        name: 'category',
        kind: 'select',
        options: CATEGORIES,
        label: { zh: '菜单类型', en: 'Type' },
      },
    ],
    form: [
      {
        name: 'name',
        kind: 'text',
        label: { zh: '菜单名称', en: 'Name' },
        required: { zh: '请输入菜单名称', en: 'Please enter the menu name' },
        maxLength: 100,
      },
      {
        name: 'nameEn',
        kind: 'text',
        label: { zh: '英文名称', en: 'English name' },
        maxLength: 100,
      },
      {
        name: 'code',
        kind: 'text',
        label: { zh: '菜单编号', en: 'Code' },
        required: { zh: '请输入菜单编号', en: 'Please enter the menu code' },
        maxLength: 100,
      },
      {
        name: 'parentId',
        kind: 'treeSelect',
        label: { zh: '上级菜单', en: 'Parent menu' },
        source: { path: 'blade-system/menu/tree' },
      },
      {
        name: 'category',
        kind: 'select',
        label: { zh: '菜单类型', en: 'Type' },
        options: CATEGORIES,
        initial: '1',
        required: { zh: '请选择菜单类型', en: 'Please choose the type' },
      },
      { name: 'alias', kind: 'text', label: { zh: '菜单别名', en: 'Alias' }, maxLength: 50 },
      { name: 'path', kind: 'text', label: { zh: '路由地址', en: 'Route' }, maxLength: 500 },
      { name: 'source', kind: 'text', label: { zh: '菜单图标', en: 'Icon' }, maxLength: 100 },
      {
        name: 'action',
        kind: 'select',
        label: { zh: '按钮功能', en: 'Button place' },
        options: ACTIONS,
        initial: '0',
      },
      { name: 'sort', kind: 'integer', label: { zh: '排序', en: 'Order' } },
      {
        name: 'isOpen',
        kind: 'select',
        label: { zh: '新窗口', en: 'New window' },
        options: IS_OPEN,
        initial: '1',
      },
      {
        name: 'remark',
        kind: 'textarea',
        label: { zh: '备注', en: 'Remark' },
        maxLength: 255,
        wide: true,
      },
    ],
    recordLabel: (menu) => menu.name,
  });
}

/** /system/menu (seed: menu, menu_add, menu_edit, menu_delete, menu_view). */
export default menuResource('/system/menu', {
  add: 'menu_add',
  edit: 'menu_edit',
  remove: 'menu_delete',
  view: 'menu_view',
});
