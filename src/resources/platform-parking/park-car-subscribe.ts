import { parkCarSubscribeContract } from '../../contracts/platform-parking/park-car-subscribe';
import { defineContractResource } from '../contract-resource';
import { choiceOptions } from '../contract-fields';

/** 订阅车牌管理: list-only; the state (生效中/已过期) is derived by the server from the period. */
export default defineContractResource({
  contract: parkCarSubscribeContract,
  paging: 'generic',
  columns: [
    { field: 'plateNo', width: 120 },
    { field: 'lotName', width: 200 },
    { field: 'startTime', width: 170 },
    { field: 'endTime', width: 170 },
    { field: 'state', width: 90 },
    { field: 'channel', width: 120 },
  ],
  filters: [
    'plateNo',
    'lotId',
    {
      name: 'state',
      kind: 'select',
      options: choiceOptions(parkCarSubscribeContract.fields.state),
    },
    'channel',
  ],
  recordLabel: (sub) => sub.plateNo,
});
