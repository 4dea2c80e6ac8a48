import { patterns } from '../../lib/patterns';
import { defineResource } from '../types';
import type { Tenant } from '../../contracts/blade-system/tenant';

export default defineResource<Tenant>({
  service: 'blade-system/tenant',
  route: '/system/tenant',
  title: { zh: '租户', en: 'Tenant' },
  permissions: {
    add: 'tenant_add',
    edit: 'tenant_edit',
    remove: 'tenant_delete',
    view: 'tenant_view',
  },
  paging: 'generic',
  columns: [
    { field: 'tenantId', label: { zh: '租户ID', en: 'Tenant ID' }, sortable: true, width: 120 },
    { field: 'tenantName', label: { zh: '租户名称', en: 'Name' }, sortable: true, width: 200 },
    { field: 'linkman', label: { zh: '联系人', en: 'Contact' }, width: 120 },
    { field: 'contactNumber', label: { zh: '联系电话', en: 'Phone' }, width: 140 },
    { field: 'address', label: { zh: '联系地址', en: 'Address' }, width: 220 },
    {
      field: 'accountNumber',
      label: { zh: '账号额度', en: 'Account quota' },
      kind: 'number',
      help: { zh: '-1 表示不限', en: '-1 means unlimited' },
      width: 120,
    },
    {
      field: 'expireTime',
      label: { zh: '过期时间', en: 'Expires' },
      kind: 'dateTime',
      sortable: true,
      width: 180,
    },
    { field: 'packageName', label: { zh: '产品包', en: 'Package' }, width: 140 },
    { field: 'domain', label: { zh: '绑定域名', en: 'Domain' }, width: 200, hiddenByDefault: true },
    {
      field: 'datasourceId',
      label: { zh: '数据源', en: 'Datasource' },
      width: 140,
      hiddenByDefault: true,
    },
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
    { name: 'tenantId', kind: 'input', label: { zh: '租户ID', en: 'Tenant ID' } },
    { name: 'tenantName', kind: 'input', label: { zh: '租户名称', en: 'Name' } },
    { name: 'linkman', kind: 'input', label: { zh: '联系人', en: 'Contact' } },
  ],
  form: [
    {
      name: 'tenantName',
      kind: 'text',
      label: { zh: '租户名称', en: 'Name' },
      required: { zh: '请输入租户名称', en: 'Please enter the tenant name' },
      maxLength: 50,
    },
    { name: 'linkman', kind: 'text', label: { zh: '联系人', en: 'Contact' }, maxLength: 50 },
    {
      name: 'contactNumber',
      kind: 'text',
      label: { zh: '联系电话', en: 'Phone' },
      maxLength: 30,
    },
    {
      name: 'domain',
      kind: 'text',
      label: { zh: '绑定域名', en: 'Domain' },
      rules: [patterns.url],
      maxLength: 255,
    },
    {
      name: 'backgroundUrl',
      kind: 'text',
      label: { zh: '系统背景', en: 'Background image' },
      maxLength: 1000,
      wide: true,
    },
    {
      name: 'address',
      kind: 'textarea',
      label: { zh: '联系地址', en: 'Address' },
      maxLength: 255,
      wide: true,
    },
    {
      // The server takes a package only on creation; later changes go through the package action.
      name: 'packageId',
      kind: 'select',
      label: { zh: '产品包', en: 'Package' },
      source: {
        path: 'blade-system/tenant-package/list',
        params: { current: '1', size: '500' },
        label: 'packageName',
      },
      createOnly: true,
    },
  ],
  toolbarActions: [
    {
      id: 'setting',
      label: { zh: '授权配置', en: 'Licence settings' },
      permission: 'tenant_setting',
      selection: 'some',
      dialog: () => import('./tenant-setting-dialog'),
    },
  ],
  rowActions: [
    {
      id: 'datasource',
      label: { zh: '数据源配置', en: 'Datasource' },
      permission: 'tenant_datasource',
      dialog: () => import('./tenant-datasource-dialog'),
    },
    {
      id: 'package',
      label: { zh: '套餐配置', en: 'Package' },
      permission: 'tenant_package',
      dialog: () => import('./tenant-package-dialog'),
    },
  ],
  recordLabel: (tenant) => tenant.tenantName,
});
