import { parkLotContract } from '../../../../src/contracts/platform-parking/park-lot.js';
import { defineContractTable } from '../../../lib/table/index.js';

/** Parking lots (/business/parking/parkinglotManagement): the engine serves the contract. */
export default defineContractTable({
  contract: parkLotContract,
  table: 'bladeParkLot',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
});
