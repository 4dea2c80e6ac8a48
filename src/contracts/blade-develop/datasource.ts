import { defineContract } from '../resource-contract';

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
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  createTime: string;
}

/** The platform's databases: only the super administrator writes them. */
export const datasourceContract = defineContract<Datasource>()({
  service: 'blade-develop/datasource',
  route: '/system/datasource',
  title: { zh: '数据源管理', en: 'Data source' },
  menu: 'datasource',
  buttons: ['add', 'edit', 'delete', 'view'],
  fields: {
    name: {
      label: { zh: '数据源名称', en: 'Name' },
      required: { zh: '请输入数据源名称', en: 'Please enter the name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
    },
    // One of the server's DRIVERS.
    driverClass: {
      label: { zh: '驱动类', en: 'Driver' },
      required: { zh: '请选择驱动类', en: 'Please choose a driver' },
      filter: 'equal',
      sortable: true,
    },
    // BladeX's form sends it HTML-escaped (`&amp;`): the server stores it unescaped.
    url: {
      label: { zh: '连接地址', en: 'URL' },
      required: { zh: '请输入连接地址', en: 'Please enter the URL' },
      maxLength: 500,
      pattern: {
        regex: /^jdbc:/,
        message: { zh: '连接地址须以jdbc:开头', en: 'The URL starts with jdbc:' },
      },
      filter: 'like',
    },
    username: { label: { zh: '用户名', en: 'User name' }, maxLength: 50 },
    // Never answered: the mask or nothing keeps the stored one.
    password: { label: { zh: '密码', en: 'Password' }, maxLength: 50 },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 255 },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});
