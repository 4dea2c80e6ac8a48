import { z } from 'zod';
import { datasourceContract } from '../../../../src/contracts/blade-develop/datasource.js';
import { badRequest } from '../../../lib/errors.js';
import { isRefusedHost, jdbcHosts, outboundRefusal } from '../../../lib/outbound.js';
import { blank, defineContractTable } from '../../../lib/table/index.js';
import { SUPER_ADMIN } from '../../../auth/index.js';
import { maskSecret, secretField } from '../../blade-resource/settings.js';
import { EMBEDDED_DATASOURCE } from '../embedded.js';

/** Drivers a data source may name, with the url scheme each one takes. */
export const DRIVERS = {
  'org.postgresql.Driver': 'jdbc:postgresql:',
  'org.sqlite.JDBC': 'jdbc:sqlite:',
  'com.mysql.cj.jdbc.Driver': 'jdbc:mysql:',
} as const;

const DRIVER_NAMES = Object.keys(DRIVERS) as (keyof typeof DRIVERS)[];
const { fields } = datasourceContract;

/** BladeX's form posts the url HTML-escaped (`&amp;` between parameters): stored unescaped. */
const unescapeUrl = (v: unknown) => (typeof v === 'string' ? v.replace(/&amp;/gi, '&').trim() : v);

/**
 * blade-develop/datasource (contract.md 4.14): the databases the code generator knows, one global
 * set. They describe the platform's databases, so only the super administrator writes them; the
 * menu (`datasource`, `datasource_view`) reads them. The password is never answered: lists,
 * details and the select show the mask; a submit with the mask or nothing keeps the stored one.
 */
export default defineContractTable({
  contract: datasourceContract,
  table: 'bladeDatasource',
  versioned: true,
  scope: 'global',
  readers: ['code_generator', 'code_generator_view'],
  access: { add: SUPER_ADMIN, edit: SUPER_ADMIN, remove: SUPER_ADMIN },
  defaultOrder: { createTime: 'asc', id: 'asc' },
  select: true,
  fieldInputs: {
    driverClass: z.preprocess(
      (v) => (blank(v) ? undefined : v),
      z.enum(DRIVER_NAMES, {
        error: (issue) =>
          issue.input === undefined ? fields.driverClass.required.zh : '不支持的驱动类',
      }),
    ),
    url: z.preprocess(unescapeUrl, datasourceContract.input.shape.url),
    password: secretField(fields.password.maxLength),
  },
  toRow: ({ password, ...rest }) => ({
    ...rest,
    // Absent (blank or the mask): the column is not written, so an update keeps the stored one.
    ...(password === undefined ? {} : { password }),
  }),
  beforeSave: async (call, input) => {
    if (!input.url.startsWith(DRIVERS[input.driverClass]))
      throw badRequest(`url:连接地址须以${DRIVERS[input.driverClass]}开头`);
    // The embedded database's marker url names no host to connect to; any other url's hosts
    // may not be this machine, a private network or a metadata service (lib/outbound.ts).
    const embedded = Object.values(EMBEDDED_DATASOURCE).some((e) => e.url === input.url);
    const allow = call.ctx.config.outboundAllowlist;
    if (!embedded && jdbcHosts(input.url).some((host) => isRefusedHost(host, allow)))
      throw badRequest(`url:${outboundRefusal('连接地址')}`);
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
