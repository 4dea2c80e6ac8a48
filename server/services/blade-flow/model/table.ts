import { flowModelContract } from '../../../../src/contracts/blade-flow/model.js';
import { defineContractTable } from '../../../lib/table/index.js';

/**
 * BPMN models (/flow/model): the engine serves the list (without the XML) and remove; submit
 * and detail are model/routes.ts's own (the XML is checked, kept when an edit leaves it out, and
 * answered by the detail only).
 */
export default defineContractTable({
  contract: flowModelContract,
  table: 'bladeFlowModel',
  scope: 'tenant',
  versioned: true,
  own: ['submit', 'detail'],
  defaultOrder: { updateTime: 'desc', id: 'desc' },
});
