import type { FastifyInstance } from 'fastify';
import type { CallName } from '../../../../src/contracts/resource-contract.js';
import { tableRoutes, type AuditedTable, type TableDef } from '../../../lib/table/index.js';

export const text = (zh: string, en: string) => ({ zh, en });

const ALL: CallName[] = ['list', 'select', 'detail', 'submit', 'remove', 'export', 'enable'];

/**
 * The engine's submit of `def` served under a second name too (the spec's `set` beside `add`):
 * the same declaration registered once more with every other call left out. The engine serves
 * one name per call (issue 28 report: an engine gap).
 */
export function alsoServedAs<T extends AuditedTable>(
  declared: TableDef<T>,
  path: string,
): (app: FastifyInstance) => Promise<void> {
  const def = declared as unknown as TableDef;
  const name = path.slice(def.path.length + 1);
  return tableRoutes({
    ...def,
    calls: { ...def.calls, submit: { path: name, method: 'POST' } },
    own: ALL.filter((c) => c !== 'submit'),
    export: undefined,
  } as TableDef);
}
