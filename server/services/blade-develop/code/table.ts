import { z } from 'zod';
import { badRequest } from '../../../lib/errors.js';
import { blank, defineTable, optionalText } from '../../../lib/table/index.js';
import { requiredText } from '../../../lib/validation.js';
import { SUPER_ADMIN } from '../../../auth/index.js';
import { IDENTIFIER } from './columns.js';

/** A service name becomes a folder of the generated files: letters, digits, _ and -. */
const SERVICE_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
const PREFIX = /^[A-Za-z0-9_]*$/;
const PACKAGE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** 1 no, 2 yes (BladeX's base_mode and wrap_mode). */
const yesNo = (message: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : Number(v)),
    z.number({ error: message }).int(message).min(1, message).max(2, message),
  );

/**
 * blade-develop/code (contract.md 4.14): code generator configurations, one global set. The menu
 * (`code_generator`, `code_generator_view`) reads them; only the super administrator writes them
 * (code/routes.ts adds copy and gen-code, likewise). A list row carries its data source's name.
 * Every part that becomes a path of a generated file (service, table, prefix, key) is checked
 * here, so the generator never builds a path from free text.
 */
export default defineTable({
  path: 'blade-develop/code',
  table: 'bladeCode',
  scope: 'global',
  access: {
    read: ['code_generator', 'code_generator_view'],
    add: SUPER_ADMIN,
    edit: SUPER_ADMIN,
    remove: SUPER_ADMIN,
  },
  columns: [
    'datasourceId',
    'serviceName',
    'codeName',
    'tableName',
    'tablePrefix',
    'pkName',
    'packageName',
    'baseMode',
    'wrapMode',
    'apiPath',
    'webPath',
  ],
  list: {
    filters: {
      codeName: { column: 'codeName' },
      tableName: { column: 'tableName' },
      // The model is the table without its prefix: a part of the table name.
      modelName: { column: 'tableName' },
      serviceName: { column: 'serviceName' },
      datasourceId: { column: 'datasourceId', default: 'equal' },
    },
    sorts: {
      codeName: 'codeName',
      tableName: 'tableName',
      serviceName: 'serviceName',
      createTime: 'createTime',
    },
  },
  defaultOrder: { createTime: 'asc', id: 'asc' },
  input: z.object({
    datasourceId: z.preprocess(
      (v) => (blank(v) ? undefined : String(v)),
      z.string({ error: '请选择数据源' }).regex(/^[A-Za-z0-9_-]{1,32}$/, '请选择数据源'),
    ),
    serviceName: requiredText(z, '请输入服务名称', 64).regex(
      SERVICE_NAME,
      '服务名称只能包含字母、数字、_和-，且以字母开头',
    ),
    codeName: requiredText(z, '请输入模块名称', 64),
    tableName: requiredText(z, '请输入表名', 64).regex(
      IDENTIFIER,
      '表名只能包含字母、数字和_，且不能以数字开头',
    ),
    tablePrefix: optionalText(64).refine(
      (v) => v === undefined || PREFIX.test(v),
      '表前缀只能包含字母、数字和_',
    ),
    pkName: z.preprocess(
      (v) => (blank(v) ? 'id' : typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: '主键名只能包含字母、数字和_，且不能以数字开头' })
        .max(32, '长度不能超过32个字符')
        .regex(IDENTIFIER, '主键名只能包含字母、数字和_，且不能以数字开头'),
    ),
    packageName: optionalText(500).refine(
      (v) => v === undefined || PACKAGE.test(v),
      '包名格式不正确，例如 org.springblade.desk',
    ),
    baseMode: yesNo('请选择基础业务模式'),
    wrapMode: yesNo('请选择包装器模式'),
    apiPath: optionalText(2000),
    webPath: optionalText(2000),
  }),
  beforeSave: async ({ db }, input) => {
    const source = await db
      .selectFrom('bladeDatasource')
      .select('id')
      .where('id', '=', input.datasourceId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!source) throw badRequest('datasourceId:数据源不存在');
  },
  decorate: async ({ db }, rows) => {
    const ids = [...new Set(rows.map((r) => r.datasourceId))];
    const sources = ids.length
      ? await db
          .selectFrom('bladeDatasource')
          .select(['id', 'name'])
          .where('id', 'in', ids)
          .where('isDeleted', '=', 0)
          .execute()
      : [];
    const names = new Map(sources.map((s) => [s.id, s.name]));
    return rows.map((r) => ({ ...r, datasourceName: names.get(r.datasourceId) ?? '' }));
  },
});
