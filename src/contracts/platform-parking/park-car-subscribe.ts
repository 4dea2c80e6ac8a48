import { PARKING_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';

/**
 * A subscribed car (domain.md parking: subscribed car licences): a plate subscribed to a lot's
 * contactless billing for a period, through a channel. `state` is derived from the period at
 * answer time (active while now is inside it, else expired), never stored.
 */
export interface ParkCarSubscribe {
  id: string;
  plateNo: string;
  lotId: string;
  lotName: string;
  startTime: string;
  endTime: string;
  state: 'active' | 'expired';
  channel: 'wechat' | 'alipay' | 'app' | 'right';
}

export const SUBSCRIBE_STATES = {
  active: { zh: '生效中', en: 'Active', color: 'green' },
  expired: { zh: '已过期', en: 'Expired', color: 'gray' },
} as const;

/** Whether a subscription is active at `now` ('yyyy-MM-dd HH:mm:ss' texts compare as times). */
export const subscribeState = (row: { startTime: string; endTime: string }, now: string) =>
  row.startTime <= now && now <= row.endTime ? 'active' : 'expired';

export const parkCarSubscribeContract = defineContract<ParkCarSubscribe>()({
  service: `${PARKING_SERVICE}/parking/car-subscribe`,
  route: '/business/parking/subscribeCarlicenseManagement',
  title: { zh: '订阅车牌', en: 'Subscribed licence' },
  menu: 'car_subscribe',
  buttons: ['view'],
  calls: { list: 'list' },
  filterAliases: {
    state: { label: { zh: '状态', en: 'State' }, field: 'state', filter: 'equal', byServer: true },
  },
  fields: {
    plateNo: {
      label: { zh: '车牌号', en: 'Plate' },
      required: { zh: '请输入车牌号', en: 'Please enter the plate' },
      maxLength: 8,
      filter: 'like',
      sortable: true,
    },
    lotId: {
      label: { zh: '停车场', en: 'Parking lot' },
      required: { zh: '请选择停车场', en: 'Please choose the lot' },
      ref: 'parkLot',
      filter: 'equal',
    },
    lotName: { label: { zh: '停车场', en: 'Parking lot' }, readOnly: true, nameOf: 'lotId' },
    startTime: {
      label: { zh: '订阅开始', en: 'From' },
      kind: 'dateTime',
      required: { zh: '请输入订阅开始时间', en: 'Please enter the start' },
      sortable: true,
    },
    endTime: {
      label: { zh: '订阅结束', en: 'Until' },
      kind: 'dateTime',
      required: { zh: '请输入订阅结束时间', en: 'Please enter the end' },
      sortable: true,
    },
    state: {
      label: { zh: '状态', en: 'State' },
      readOnly: true,
      choices: SUBSCRIBE_STATES,
    },
    channel: {
      label: { zh: '订阅渠道', en: 'Channel' },
      required: { zh: '请选择订阅渠道', en: 'Please choose the channel' },
      choices: {
        wechat: { zh: '微信小程序', en: 'WeChat mini program', color: 'green' },
        alipay: { zh: '支付宝', en: 'Alipay', color: 'blue' },
        app: { zh: 'APP', en: 'App', color: 'violet' },
        right: { zh: '权益兑换', en: 'Benefit', color: 'orange' },
      },
      filter: 'equal',
    },
  },
});
