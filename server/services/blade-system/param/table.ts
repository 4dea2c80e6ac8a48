import { paramContract } from '../../../../src/contracts/blade-system/param.js';
import { defineContractTable } from '../../../lib/table/index.js';

/**
 * blade-system/param (spec section 5: name, key and value required). Parameters are per tenant:
 * each tenant configures its own (e.g. account.registerUser; see paramValue in repository.ts).
 */
export default defineContractTable({
  contract: paramContract,
  table: 'bladeParam',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
});
