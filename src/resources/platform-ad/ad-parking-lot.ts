import { adParkingLotContract } from '../../contracts/platform-ad/ad-parking-lot';
import { defineContractResource } from '../contract-resource';

/** 广告停车场 (/ad/adParkingLot): the lots with the plans targeting them (read-only). */
export default defineContractResource({
  contract: adParkingLotContract,
  paging: 'generic',
  columns: [
    { field: 'lotCode', width: 120 },
    { field: 'lotName', width: 200 },
    { field: 'regionName', width: 200 },
    { field: 'spaces', kind: 'number', width: 90 },
    { field: 'planCount', kind: 'number', width: 110 },
    { field: 'runningPlanCount', kind: 'number', width: 120 },
    { field: 'positionCount', kind: 'number', width: 100 },
    { field: 'enabled', width: 80 },
  ],
  filters: ['lotCode', 'lotName', 'enabled'],
  recordLabel: (lot) => `${lot.lotName}（${lot.lotCode}）`,
});
