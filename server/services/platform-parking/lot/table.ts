import { parkLotContract } from '../../../../src/contracts/platform-parking/park-lot.js';
import { defineContractTable } from '../../../lib/table/index.js';

/** Parking lots (/business/parking/parkinglotManagement): the engine serves the contract. */
export default defineContractTable({
  contract: parkLotContract,
  table: 'bladeParkLot',
  scope: 'tenant',
  versioned: true,
  // GET parking/lot/select: every live lot, unpaged, for the lot pickers (references.ts
  // parkLot), read by the screens that pick lots: cars, subscriptions, invoice settings, bills.
  select: true,
  readers: [
    'car_license',
    'car_subscribe',
    'invoice_setting',
    'temp_bill',
    'month_ticket_bill',
    'provider_temp_bill',
    'provider_month_ticket_bill',
    'smart_pay_flow',
  ],
  defaultOrder: { createTime: 'desc', id: 'desc' },
});
