import { adPositionContract } from '../../contracts/platform-ad/ad-position';
import { defineContractResource } from '../contract-resource';

/** 广告位管理 (/ad/adType): declared from its contract. */
export default defineContractResource({
  contract: adPositionContract,
  paging: 'generic',
  columns: [
    { field: 'positionCode', width: 120 },
    { field: 'positionName', width: 180 },
    { field: 'width', kind: 'number', width: 80 },
    { field: 'height', kind: 'number', width: 80 },
    { field: 'mediaTypes', width: 120 },
    { field: 'priceMode', width: 140 },
    { field: 'floorPrice', width: 100 },
    { field: 'enabled', width: 80 },
    { field: 'createTime', width: 170 },
  ],
  filters: ['positionCode', 'positionName', 'mediaTypes', 'priceMode', 'enabled'],
  recordLabel: (p) => `${p.positionName}（${p.positionCode}）`,
});
