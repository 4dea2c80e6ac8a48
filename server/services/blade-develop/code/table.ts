import { z } from 'zod';
import { codeContract } from '../../../../src/contracts/blade-develop/code.js';
import { badRequest } from '../../../lib/errors.js';
import { tooLong } from '../../../lib/validation.js';
import { blank, defineContractTable } from '../../../lib/table/index.js';
import { SUPER_ADMIN } from '../../../auth/index.js';

const { fields } = codeContract;
const DATASOURCE = fields.datasourceId.required.zh;
const PK_NAME = fields.pkName.pattern;

/**
 * blade-develop/code (contract.md 4.14): code generator configurations, one global set. The menu
 * (`code_generator`, `code_generator_view`) reads them; only the super administrator writes them
 * (code/routes.ts adds copy and gen-code, likewise). A list row carries its data source's name.
 * Every part that becomes a path of a generated file (service, table, prefix, key) is checked
 * (the contract's patterns), so the generator never builds a path from free text.
 */
export default defineContractTable({
  contract: codeContract,
  table: 'bladeCode',
  versioned: true,
  scope: 'global',
  access: { add: SUPER_ADMIN, edit: SUPER_ADMIN, remove: SUPER_ADMIN },
  defaultOrder: { createTime: 'asc', id: 'asc' },
  fieldInputs: {
    datasourceId: z.preprocess(
      (v) => (blank(v) ? undefined : String(v)),
      z.string({ error: DATASOURCE }).regex(/^[A-Za-z0-9_-]{1,32}$/, DATASOURCE),
    ),
    // Empty is 'id'; anything else must be a column name.
    pkName: z.preprocess(
      (v) => (blank(v) ? 'id' : typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: PK_NAME.message.zh })
        .max(fields.pkName.maxLength, tooLong(fields.pkName.maxLength))
        .regex(PK_NAME.regex, PK_NAME.message.zh),
    ),
  },
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
