import { parkCarContract } from '../../contracts/platform-parking/park-car';
import { isMainlandPlate } from '../../contracts/platform-parking/plate';
import type { Rule } from '../../lib/patterns';
import { defineContractResource } from '../contract-resource';

/** The plate in the form: the server's check (plate.ts), before anything is sent. */
export const plateRule: Rule = (value) => {
  const v = value.trim();
  return v === '' || isMainlandPlate(v) ? undefined : 'parkingMaster.plate';
};

/**
 * 车牌管理: the contract's fields; the plate checked as a mainland plate in the form as on the
 * server (contracts/platform-parking/plate.ts), the owner's phone answered masked.
 */
export default defineContractResource({
  contract: parkCarContract,
  paging: 'generic',
  columns: [
    { field: 'plateNo', width: 120 },
    { field: 'plateType', width: 130 },
    { field: 'ownerName', width: 100 },
    { field: 'ownerPhone', width: 130 },
    { field: 'lotName', width: 200 },
    { field: 'bindTime', width: 170 },
    { field: 'enabled', width: 80 },
    { field: 'createTime', width: 170, hiddenByDefault: true },
  ],
  filters: ['plateNo', 'plateType', 'ownerName', 'lotId', 'enabled'],
  form: { plateNo: { rules: [plateRule] } },
  recordLabel: (car) => car.plateNo,
});
