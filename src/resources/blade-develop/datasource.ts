import { datasourceContract } from '../../contracts/blade-develop/datasource';
import { defineContractResource } from '../contract-resource';
import type { ValueOption } from '../types';

export type { Datasource } from '../../contracts/blade-develop/datasource';

/** Drivers the server accepts (its DRIVERS). */
export const DRIVER_CLASSES: readonly ValueOption[] = [
  { value: 'org.postgresql.Driver', label: { zh: 'PostgreSQL', en: 'PostgreSQL' }, color: 'blue' },
  { value: 'org.sqlite.JDBC', label: { zh: 'SQLite', en: 'SQLite' }, color: 'teal' },
  { value: 'com.mysql.cj.jdbc.Driver', label: { zh: 'MySQL', en: 'MySQL' }, color: 'orange' },
];

/** Data sources of the code generator (global); the fields are the contract's. */
export default defineContractResource({
  contract: datasourceContract,
  // The platform's databases: the server refuses everyone's writes but the super administrator's.
  writes: 'superAdmin',
  paging: 'generic',
  columns: [
    { field: 'name', width: 180 },
    { field: 'driverClass', kind: 'tag', options: DRIVER_CLASSES, width: 140 },
    { field: 'url', width: 320 },
    { field: 'username', width: 140 },
    { field: 'remark', width: 220 },
    { field: 'createTime', width: 170, hiddenByDefault: true },
  ],
  filters: ['name', { name: 'driverClass', kind: 'select', options: DRIVER_CLASSES }],
  form: {
    driverClass: { kind: 'select', options: DRIVER_CLASSES },
    url: { wide: true },
    // Edit shows the mask, never the stored password: saved unchanged (or emptied) it keeps
    // the stored one, anything else replaces it.
    password: {
      kind: 'password',
      editHint: { zh: '不修改请保持原样', en: 'Leave as is to keep it' },
    },
    remark: { kind: 'textarea', wide: true },
  },
  recordLabel: (source) => source.name,
});
