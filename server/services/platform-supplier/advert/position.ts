import { adPositionContract } from '../../../../src/contracts/platform-ad/ad-position.js';
import { defineContractTable } from '../../../lib/table/index.js';

/** `advert/position` (/ad/adType): declared; the plan and flow master forms pick from `select`. */
export const positionTable = defineContractTable({
  contract: adPositionContract,
  table: 'bladeAdPosition',
  scope: 'tenant',
  versioned: true,
  readers: ['ad_plan', 'flow_master'],
  defaultOrder: { createTime: 'desc', id: 'desc' },
});
