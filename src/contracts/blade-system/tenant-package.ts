import { defineContract } from '../resource-contract';

/** A product package: the menus a tenant may use at most (spec section 3, screen 12). */
export interface TenantPackage {
  id: string;
  packageName: string;
  /** Comma-joined menu (and button) ids. */
  menuId: string;
  remark: string | null;
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  createTime: string;
  updateTime: string;
}

/** Global rows of the super administrator's (no view button, no `view` code in the seed). */
export const tenantPackageContract = defineContract<TenantPackage>()({
  service: 'blade-system/tenant-package',
  route: '/system/tenant-package',
  title: { zh: '租户套餐', en: 'Tenant package' },
  menu: 'tenant_pkg',
  buttons: ['add', 'edit', 'delete'],
  fields: {
    packageName: {
      label: { zh: '产品包名称', en: 'Package name' },
      required: { zh: '请输入产品包名称', en: 'Please enter the package name' },
      maxLength: 50,
      filter: 'like',
      sortable: true,
    },
    // Sent comma-joined (an array is accepted too): every id a live menu or button.
    menuId: {
      label: { zh: '菜单', en: 'Menus' },
      required: { zh: '请选择菜单', en: 'Please choose the menus' },
    },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 255 },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
    updateTime: {
      label: { zh: '更新时间', en: 'Updated' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});
