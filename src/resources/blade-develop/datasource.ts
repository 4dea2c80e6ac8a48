import { defineResource, type ValueOption } from '../types';

/** A data source of the code generator: blade-develop/datasource (contract.md 4.14; global). */
export interface Datasource {
  id: string;
  name: string;
  driverClass: string;
  url: string;
  username: string | null;
  /** Always the mask ('******', or '' when none is stored): sent back unchanged it is kept. */
  password: string;
  remark: string | null;
  createTime: string;
}

/** Drivers the server accepts (its DRIVERS). */
export const DRIVER_CLASSES: readonly ValueOption[] = [
  { value: 'org.postgresql.Driver', label: { zh: 'PostgreSQL', en: 'PostgreSQL' }, color: 'blue' },
  { value: 'org.sqlite.JDBC', label: { zh: 'SQLite', en: 'SQLite' }, color: 'teal' },
  { value: 'com.mysql.cj.jdbc.Driver', label: { zh: 'MySQL', en: 'MySQL' }, color: 'orange' },
];

export default defineResource<Datasource>({
  service: 'blade-develop/datasource',
  route: '/system/datasource',
  title: { zh: '数据源管理', en: 'Data source' },
  permissions: {
    add: 'datasource_add',
    edit: 'datasource_edit',
    remove: 'datasource_delete',
    view: 'datasource_view',
  },
  // The platform's databases: the server refuses everyone's writes but the super administrator's.
  writes: 'superAdmin',
  paging: 'generic',
  columns: [
    { field: 'name', label: { zh: '数据源名称', en: 'Name' }, sortable: true, width: 180 },
    {
      field: 'driverClass',
      label: { zh: '驱动类', en: 'Driver' },
      kind: 'tag',
      options: DRIVER_CLASSES,
      sortable: true,
      width: 140,
    },
    { field: 'url', label: { zh: '连接地址', en: 'URL' }, width: 320 },
    { field: 'username', label: { zh: '用户名', en: 'User name' }, width: 140 },
    { field: 'remark', label: { zh: '备注', en: 'Remark' }, width: 220 },
    {
      field: 'createTime',
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      sortable: true,
      width: 170,
      hiddenByDefault: true,
    },
  ],
  filters: [
    { name: 'name', kind: 'input', label: { zh: '数据源名称', en: 'Name' } },
    {
      name: 'driverClass',
      kind: 'select',
      options: DRIVER_CLASSES,
      label: { zh: '驱动类', en: 'Driver' },
    },
  ],
  form: [
    {
      name: 'name',
      kind: 'text',
      label: { zh: '数据源名称', en: 'Name' },
      required: { zh: '请输入数据源名称', en: 'Please enter the name' },
      maxLength: 100,
    },
    {
      name: 'driverClass',
      kind: 'select',
      options: DRIVER_CLASSES,
      label: { zh: '驱动类', en: 'Driver' },
      required: { zh: '请选择驱动类', en: 'Please choose a driver' },
    },
    {
      name: 'url',
      kind: 'text',
      label: { zh: '连接地址', en: 'URL' },
      required: { zh: '请输入连接地址', en: 'Please enter the URL' },
      maxLength: 500,
      wide: true,
    },
    { name: 'username', kind: 'text', label: { zh: '用户名', en: 'User name' }, maxLength: 50 },
    {
      // Edit shows the mask, never the stored password: saved unchanged (or emptied) it keeps
      // the stored one, anything else replaces it.
      name: 'password',
      kind: 'password',
      label: { zh: '密码（不修改请保持原样）', en: 'Password (leave as is to keep it)' },
      maxLength: 50,
    },
    {
      name: 'remark',
      kind: 'textarea',
      label: { zh: '备注', en: 'Remark' },
      maxLength: 255,
      wide: true,
    },
  ],
  recordLabel: (source) => source.name,
});
