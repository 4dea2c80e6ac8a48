import { regionFields, type RegionRow } from '../regions';
import { defineContract } from '../resource-contract';
import { ADVERT } from './advert';

/**
 * An ad parking lot (/ad/adParkingLot, `advert/park/listPage`): a parking lot (read from the
 * lots table, whose own contract is the parking screen's) with the plans that target it. A plan
 * with no lots chosen targets every lot.
 */
export interface AdParkingLot extends RegionRow {
  id: string;
  lotCode: string;
  lotName: string;
  spaces: number;
  enabled: number;
  /** Plans running or paused there. */
  planCount: number;
  runningPlanCount: number;
  /** Distinct positions of the running plans there. */
  positionCount: number;
  createTime: string;
}

export const adParkingLotContract = defineContract<AdParkingLot>()({
  service: `${ADVERT}/park`,
  route: '/ad/adParkingLot',
  title: { zh: '广告停车场', en: 'Ad parking lot' },
  menu: 'ad_parking_lot',
  buttons: ['view'],
  calls: { list: 'listPage' },
  fields: {
    lotCode: {
      label: { zh: '车场编号', en: 'Lot code' },
      readOnly: true,
      filter: 'like',
      sortable: true,
    },
    lotName: {
      label: { zh: '车场名称', en: 'Lot name' },
      readOnly: true,
      filter: 'like',
      sortable: true,
    },
    ...regionFields(),
    spaces: { label: { zh: '车位数', en: 'Spaces' }, kind: 'integer', readOnly: true },
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      kind: 'switch',
      readOnly: true,
      filter: 'equal',
    },
    planCount: { label: { zh: '投放计划数', en: 'Plans' }, kind: 'integer', readOnly: true },
    runningPlanCount: {
      label: { zh: '投放中计划数', en: 'Running plans' },
      kind: 'integer',
      readOnly: true,
    },
    positionCount: { label: { zh: '广告位数', en: 'Positions' }, kind: 'integer', readOnly: true },
    createTime: { label: { zh: '创建时间', en: 'Created' }, kind: 'dateTime', readOnly: true },
  },
});
