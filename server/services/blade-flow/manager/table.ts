import { flowDefinitionContract } from '../../../../src/contracts/blade-flow/definition.js';
import { defineContractTable } from '../../../lib/table/index.js';

/**
 * Deployed process definitions (/flow/manager): the engine serves the list and the detail;
 * definitions are written by deploys only (manager/deploy.ts), never by a submit or a plain
 * remove (delete-deployment removes a whole deployment and cancels its instances).
 */
/** What every definition list declares (the manager list here, the start list in work/). */
export const DEFINITION_LIST = {
  table: 'bladeFlowDefinition',
  scope: 'tenant',
  own: ['submit', 'remove'],
  readColumns: [
    'processKey',
    'name',
    'category',
    'processVersion',
    'deploymentId',
    'resourceName',
    'suspended',
    'deployTime',
  ],
} as const;

export default defineContractTable({
  contract: flowDefinitionContract,
  ...DEFINITION_LIST,
  defaultOrder: { deployTime: 'desc', processKey: 'asc', processVersion: 'desc' },
});
