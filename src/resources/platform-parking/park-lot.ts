import { parkLotContract } from '../../contracts/platform-parking/park-lot';
import { defineContractResource } from '../contract-resource';

/**
 * 停车场管理: the engine's worked example (docs/add-a-resource.md). The contract names the
 * calls, the choice, the switch, the region and the supplier reference; this says only what
 * the screen shows and in what order.
 */
export default defineContractResource({
  contract: parkLotContract,
  paging: 'generic',
  columns: [
    { field: 'lotCode', width: 120 },
    { field: 'lotName', width: 200 },
    { field: 'regionName', width: 200 },
    { field: 'address', width: 200, hiddenByDefault: true },
    { field: 'spaces', kind: 'number', width: 90 },
    { field: 'operator', width: 110 },
    { field: 'supName', width: 160 },
    { field: 'enabled', width: 80 },
    { field: 'createTime', width: 170 },
  ],
  filters: ['lotCode', 'lotName', 'operator', 'supId', 'enabled'],
  form: { address: { wide: true } },
  recordLabel: (lot) => `${lot.lotName}（${lot.lotCode}）`,
});
