import { tenantPackageContract } from '../../contracts/blade-system/tenant-package';
import { defineContractResource } from '../contract-resource';

export type { TenantPackage } from '../../contracts/blade-system/tenant-package';

/** Product packages (screen 12: add, edit and delete); the fields are the contract's. */
export default defineContractResource({
  contract: tenantPackageContract,
  paging: 'generic',
  formWidth: 600,
  columns: [
    { field: 'packageName', width: 220 },
    { field: 'remark', width: 320 },
    { field: 'createTime', width: 180 },
    { field: 'updateTime', width: 180, hiddenByDefault: true },
  ],
  filters: ['packageName'],
  form: {
    packageName: { wide: true },
    // Every live menu and button (the super administrator's full tree): a package that named
    // screens only would take every button away from its tenants. The check tree of the role
    // grant: checking a group checks its screens and buttons, and the value keeps the
    // half-checked parents, so the tenant's menu tree can be built (the server completes it too).
    menuId: {
      kind: 'checkTree',
      source: { path: 'blade-system/menu/list', label: 'name' },
      wide: true,
    },
    remark: { kind: 'textarea', wide: true },
  },
  recordLabel: (pkg) => pkg.packageName,
});
