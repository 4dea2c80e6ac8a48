import { z } from 'zod';
import { badRequest } from '../../../lib/errors.js';
import { blank, defineTable, optionalText } from '../../../lib/table/index.js';
import { requiredText } from '../../../lib/validation.js';
import { SUPER_ADMIN } from '../../../auth/index.js';
import { maskSecret, secretField } from '../../blade-resource/settings.js';

/** Drivers a data source may name, with the url scheme each one takes. */
export const DRIVERS = {
  'org.postgresql.Driver': 'jdbc:postgresql:',
  'org.sqlite.JDBC': 'jdbc:sqlite:',
  'com.mysql.cj.jdbc.Driver': 'jdbc:mysql:',
} as const;

const DRIVER_NAMES = Object.keys(DRIVERS) as (keyof typeof DRIVERS)[];

/** BladeX's form posts the url HTML-escaped (`&amp;` between parameters): stored unescaped. */
const unescapeUrl = (v: unknown) => (typeof v === 'string' ? v.replace(/&amp;/gi, '&').trim() : v);

/**
 * blade-develop/datasource (contract.md 4.14): the databases the code generator knows, one global
 * set. They describe the platform's databases, so only the super administrator writes them; the
 * menu (`datasource`, `datasource_view`) reads them. The password is never answered: lists,
 * details and the select show the mask; a submit with the mask or nothing keeps the stored one.
 */
export default defineTable({
  path: 'blade-develop/datasource',
  table: 'bladeDatasource',
  scope: 'global',
  access: {
    read: ['datasource', 'datasource_view', 'code_generator', 'code_generator_view'],
    add: SUPER_ADMIN,
    edit: SUPER_ADMIN,
    remove: SUPER_ADMIN,
  },
  columns: ['name', 'driverClass', 'url', 'username', 'password', 'remark'],
  list: {
    filters: {
      name: { column: 'name' },
      driverClass: { column: 'driverClass', default: 'equal' },
      url: { column: 'url' },
    },
    sorts: { name: 'name', driverClass: 'driverClass', createTime: 'createTime' },
  },
  defaultOrder: { createTime: 'asc', id: 'asc' },
  select: true,
  input: z.object({
    name: requiredText(z, '请输入数据源名称', 100),
    driverClass: z.preprocess(
      (v) => (blank(v) ? undefined : v),
      z.enum(DRIVER_NAMES, {
        error: (issue) => (issue.input === undefined ? '请选择驱动类' : '不支持的驱动类'),
      }),
    ),
    url: z.preprocess(
      unescapeUrl,
      requiredText(z, '请输入连接地址', 500).refine(
        (v) => v.startsWith('jdbc:'),
        '连接地址须以jdbc:开头',
      ),
    ),
    username: optionalText(50),
    password: secretField(50),
    remark: optionalText(255),
  }),
  toRow: ({ password, ...rest }) => ({
    ...rest,
    // Absent (blank or the mask): the column is not written, so an update keeps the stored one.
    ...(password === undefined ? {} : { password }),
  }),
  beforeSave: async (_call, input) => {
    if (!input.url.startsWith(DRIVERS[input.driverClass]))
      throw badRequest(`url:连接地址须以${DRIVERS[input.driverClass]}开头`);
  },
  beforeRemove: async ({ db }, ids) => {
    const used = await db
      .selectFrom('bladeCode')
      .select('codeName')
      .where('datasourceId', 'in', ids)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (used) throw badRequest(`数据源正被代码生成配置「${used.codeName}」使用，不能删除`);
  },
  unique: [{ columns: ['name'], message: '数据源名称已存在' }],
  decorate: (_call, rows) => rows.map((r) => ({ ...r, password: maskSecret(r.password) })),
});
