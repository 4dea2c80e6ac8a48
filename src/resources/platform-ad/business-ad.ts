import { businessAdContract } from '../../contracts/platform-ad/business-ad';
import { defineContractResource } from '../contract-resource';

/** 广告列表 (/business/advertising-lis): the business team's ads, declared (see the contract). */
export default defineContractResource({
  contract: businessAdContract,
  paging: 'generic',
  columns: [
    { field: 'adTitle', width: 220 },
    { field: 'advertiserName', width: 140 },
    { field: 'planName', width: 200 },
    { field: 'lotName', width: 180 },
    { field: 'startDate', width: 110 },
    { field: 'endDate', width: 110 },
    { field: 'enabled', width: 80 },
    { field: 'createTime', width: 170 },
  ],
  filters: ['adTitle', 'advertiserId', 'lotId', 'enabled'],
  form: { remark: { kind: 'textarea', wide: true } },
  recordLabel: (ad) => ad.adTitle,
});
