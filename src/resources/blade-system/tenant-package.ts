import { defineResource } from '../types';

/** A product package: the menus a tenant may use at most (spec section 3, screen 12). */
export interface TenantPackage {
  id: string;
  packageName: string;
  /** Comma-joined menu (and button) ids. */
  menuId: string;
  remark: string | null;
  createTime: string;
  updateTime: string;
}

export default defineResource<TenantPackage>({
  service: 'blade-system/tenant-package',
  route: '/system/tenant-package',
  title: { zh: '租户套餐', en: 'Tenant package' },
  // Screen 12: add, edit and delete; no view button (no `view` code in the seed either).
  permissions: { add: 'tenant_pkg_add', edit: 'tenant_pkg_edit', remove: 'tenant_pkg_delete' },
  paging: 'generic',
  formWidth: 600,
  columns: [
    {
      field: 'packageName',
      label: { zh: '产品包名称', en: 'Package name' },
      sortable: true,
      width: 220,
    },
    { field: 'remark', label: { zh: '备注', en: 'Remark' }, width: 320 },
    {
      field: 'createTime',
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      sortable: true,
      width: 180,
    },
    {
      field: 'updateTime',
      label: { zh: '更新时间', en: 'Updated' },
      kind: 'dateTime',
      sortable: true,
      width: 180,
      hiddenByDefault: true,
    },
  ],
  filters: [
    { name: 'packageName', kind: 'input', label: { zh: '产品包名称', en: 'Package name' } },
  ],
  form: [
    {
      name: 'packageName',
      kind: 'text',
      label: { zh: '产品包名称', en: 'Package name' },
      required: { zh: '请输入产品包名称', en: 'Please enter the package name' },
      maxLength: 50,
      wide: true,
    },
    {
      // Every live menu and button (the super administrator's full tree): a package that named
      // screens only would take every button away from its tenants (services/access.ts).
      name: 'menuId',
      kind: 'treeMultiSelect',
      label: { zh: '菜单', en: 'Menus' },
      required: { zh: '请选择菜单', en: 'Please choose the menus' },
      source: { path: 'blade-system/menu/list', label: 'name' },
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
  recordLabel: (pkg) => pkg.packageName,
});
