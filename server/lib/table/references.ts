import { sql, type Expression } from 'kysely';
import { REFERENCES } from '../../../src/contracts/references.js';
import { fieldEntries } from '../../../src/contracts/resource-contract.js';

/**
 * The names of referenced records on a list (contracts/references.ts): a contract field
 * `supName: {nameOf: 'supId'}` beside `supId: {ref: 'sup'}` is answered as the supplier's
 * `supName`, read by a correlated subquery so it can be selected, filtered and sorted like a
 * column without joins that would make the table's own column names ambiguous. A record of
 * another tenant is never named; a removed one keeps its name (history stays readable).
 */
export interface NameColumn {
  /** The answered field. */
  field: string;
  expression: Expression<unknown>;
}

export function referenceNames(
  contract: { service: string; fields: object },
  table: string,
  tenant: boolean,
): NameColumn[] {
  const fields = new Map(fieldEntries(contract));
  return fieldEntries(contract).flatMap(([field, spec]) => {
    if (!spec.nameOf) return [];
    const ref = REFERENCES[fields.get(spec.nameOf)!.ref!];
    const alias = `ref_${spec.nameOf}`;
    const own = (column: string) => sql.ref(`${table}.${column}`);
    const theirs = (column: string) => sql.ref(`${alias}.${column}`);
    const sameTenant =
      tenant && ref.scope === 'tenant'
        ? sql` and ${theirs('tenantId')} = ${own('tenantId')}`
        : sql``;
    const expression = sql`(select ${theirs(ref.name)} from ${sql.table(ref.table)} as ${sql.id(
      alias,
    )} where ${theirs('id')} = ${own(spec.nameOf)}${sameTenant})`;
    return [{ field, expression }];
  });
}
