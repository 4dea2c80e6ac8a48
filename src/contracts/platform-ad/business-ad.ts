import { defineContract } from '../resource-contract';
import { ADVERT } from './advert';

/**
 * 广告列表 (/business/advertising-lis, issue 28 item 2.7): the business team's list of ads, each
 * an advertiser's ad at a parking lot over a period, optionally under an ad plan, switched on and
 * off by the team (启用/停用). Chosen over a second view of the plans: the menu's add, edit,
 * delete and enable buttons describe records the team writes, which plans (moved only through
 * their lifecycle) are not.
 */
export interface BusinessAd {
  id: string;
  adTitle: string;
  advertiserId: string;
  advertiserName: string;
  planId: string | null;
  planName: string;
  lotId: string | null;
  lotName: string;
  startDate: string;
  endDate: string;
  enabled: number;
  remark: string | null;
  version: number;
  createTime: string;
}

const day = (zh: string, en: string) =>
  ({
    label: { zh, en },
    kind: 'date',
    required: { zh: `请选择${zh}`, en: `Please choose the ${en.toLowerCase()}` },
    maxLength: 10,
    sortable: true,
  }) as const;

export const businessAdContract = defineContract<BusinessAd>()({
  service: `${ADVERT}/business-ad`,
  route: '/business/advertising-lis',
  title: { zh: '广告', en: 'Ad' },
  menu: 'advertising',
  buttons: ['add', 'edit', 'delete', 'view', 'enable'],
  fields: {
    adTitle: {
      label: { zh: '广告标题', en: 'Title' },
      required: { zh: '请输入广告标题', en: 'Please enter the title' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
    },
    advertiserId: {
      label: { zh: '广告主', en: 'Advertiser' },
      required: { zh: '请选择广告主', en: 'Please choose the advertiser' },
      ref: 'advertiser',
      filter: 'equal',
    },
    advertiserName: {
      label: { zh: '广告主', en: 'Advertiser' },
      readOnly: true,
      nameOf: 'advertiserId',
      sortable: true,
    },
    planId: { label: { zh: '广告计划', en: 'Ad plan' }, ref: 'adPlan', filter: 'equal' },
    planName: { label: { zh: '广告计划', en: 'Ad plan' }, readOnly: true, nameOf: 'planId' },
    lotId: { label: { zh: '停车场', en: 'Parking lot' }, ref: 'parkLot', filter: 'equal' },
    lotName: { label: { zh: '停车场', en: 'Parking lot' }, readOnly: true, nameOf: 'lotId' },
    startDate: day('开始日期', 'Start date'),
    endDate: day('结束日期', 'End date'),
    enabled: {
      label: { zh: '启用', en: 'Enabled' },
      kind: 'switch',
      emptyAs: 1,
      toggle: true,
      filter: 'equal',
    },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 500 },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});
