import { followContract } from '../../../../src/contracts/blade-flow/instance.js';
import { chunks } from '../../../lib/chunks.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';

/**
 * 流程跟踪 (issue 29 item 4): every instance of the tenant, declared; delete-process-instance is
 * routes.ts (the engine's remove is not served: an instance is deleted with a reason).
 */

/** Instance rows' derived fields: the definition's version and the open tasks' names. */
export async function decorateInstances(
  call: TableCall,
  rows: { id: string; definitionId: string }[],
): Promise<object[]> {
  const defIds = [...new Set(rows.map((r) => r.definitionId))];
  const versions = new Map<string, number>();
  for (const part of chunks(defIds))
    for (const d of await call.db
      .selectFrom('bladeFlowDefinition')
      .select(['id', 'processVersion'])
      .where('tenantId', '=', call.user.tenantId)
      .where('id', 'in', part)
      .execute())
      versions.set(d.id, d.processVersion);
  const names = new Map<string, string[]>();
  for (const part of chunks(rows.map((r) => r.id)))
    for (const t of await call.db
      .selectFrom('bladeFlowTask')
      .select(['instanceId', 'name'])
      .where('tenantId', '=', call.user.tenantId)
      .where('instanceId', 'in', part)
      .where('state', 'in', ['candidate', 'assigned'])
      .orderBy('createTime')
      .execute())
      names.set(t.instanceId, [...(names.get(t.instanceId) ?? []), t.name]);
  return rows.map((r) => ({
    ...r,
    processVersion: versions.get(r.definitionId) ?? 0,
    currentTaskNames: (names.get(r.id) ?? []).join('、'),
  }));
}

/** What every instance list declares (the follow list here, the send list in work/tables.ts). */
export const INSTANCE_LIST = {
  table: 'bladeFlowInstance',
  scope: 'tenant',
  versioned: true,
  own: ['submit', 'remove'],
  readColumns: [
    'definitionId',
    'processKey',
    'businessKey',
    'startedBy',
    'startTime',
    'endTime',
    'state',
    'deleteReason',
  ],
  defaultOrder: { startTime: 'desc', id: 'desc' },
  decorate: decorateInstances,
} as const;

export const followTable = defineContractTable({ contract: followContract, ...INSTANCE_LIST });
