import { ADVERT } from '../../contracts/platform-ad/advert';
import { flowMasterContract } from '../../contracts/platform-ad/flow-master';
import { defineContractResource } from '../contract-resource';
import { FlowMasterDetailSection } from './flow-master-detail';

/**
 * 流量主管理 (/ad/webmaster): phone and settlement account masked (sent back masked, they are
 * kept), the share as a percent; their positions picked from the positions.
 */
export default defineContractResource({
  contract: flowMasterContract,
  paging: 'generic',
  columns: [
    { field: 'masterName', width: 200 },
    { field: 'contactName', width: 100 },
    { field: 'contactPhone', width: 130 },
    { field: 'shareRate', kind: 'number', width: 120 },
    { field: 'settleAccount', width: 160 },
    { field: 'enabled', width: 80 },
    { field: 'createTime', width: 170 },
  ],
  filters: ['masterName', 'enabled'],
  form: {
    positionIds: {
      kind: 'multiSelect',
      source: { path: `${ADVERT}/position/select`, label: 'positionName', value: 'id' },
      wide: true,
    },
    shareRate: { kind: 'decimal' },
  },
  detailSection: FlowMasterDetailSection,
  recordLabel: (m) => m.masterName,
});
