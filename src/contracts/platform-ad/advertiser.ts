import { defineContract } from '../resource-contract';
import { ADVERT } from './advert';

/**
 * An advertiser (/ad/advertiser): who pays for plans. The contact phone is sealed at rest, whole
 * (encrypted for the session) in a detail and masked in the list; its settings (advertiser
 * config: get, save, removeByCode) are key/value pairs per advertiser code, secrets masked.
 */
export interface Advertiser {
  id: string;
  advertiserCode: string;
  advertiserName: string;
  contactName: string | null;
  contactPhone: string;
  industry: string;
  enabled: number;
  version: number;
  createTime: string;
}

/** One setting of an advertiser (advertiserConfig/get, save). */
export interface AdvertiserSetting {
  settingKey: string;
  /** The mask for a secret: sent back, it keeps the stored value. */
  settingValue: string;
  secret: number;
}

export const ADVERTISER_CONFIG = {
  get: `${ADVERT}/advertiserConfig/get`,
  save: `${ADVERT}/advertiserConfig/save`,
  removeByCode: `${ADVERT}/advertiserConfig/removeByCode`,
} as const;

/** The screen's own button (the menu seed's code). */
export const ADVERTISER_SETTING_CODE = 'advertiser_setting';

export const advertiserContract = defineContract<Advertiser>()({
  service: `${ADVERT}/advertiser`,
  route: '/ad/advertiser',
  title: { zh: '广告主', en: 'Advertiser' },
  menu: 'advertiser',
  buttons: ['add', 'edit', 'delete', 'view'],
  calls: { select: 'select' },
  fields: {
    advertiserCode: {
      label: { zh: '广告主编码', en: 'Code' },
      required: { zh: '请输入广告主编码', en: 'Please enter the code' },
      maxLength: 32,
      pattern: {
        regex: /^[A-Za-z0-9_-]+$/,
        message: { zh: '广告主编码只能包含字母、数字、_和-', en: 'Letters, digits, _ and - only' },
      },
      unique: { zh: '广告主编码已存在', en: 'Another advertiser has this code' },
      filter: 'like',
      sortable: true,
    },
    advertiserName: {
      label: { zh: '广告主名称', en: 'Advertiser' },
      required: { zh: '请输入广告主名称', en: 'Please enter the name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
    },
    contactName: { label: { zh: '联系人', en: 'Contact' }, maxLength: 50 },
    // Plain digits on submit (the mask sent back keeps it); sealed at rest, masked in the list.
    contactPhone: {
      label: { zh: '联系电话', en: 'Contact phone' },
      maxLength: 11,
      pattern: {
        regex: /^1\d{10}$/,
        message: { zh: '请输入正确的手机号', en: 'Please enter a valid mobile number' },
      },
    },
    industry: {
      label: { zh: '所属行业', en: 'Industry' },
      required: { zh: '请选择所属行业', en: 'Please choose the industry' },
      choices: {
        retail: { zh: '零售', en: 'Retail', color: 'blue' },
        auto: { zh: '汽车', en: 'Automotive', color: 'cyan' },
        finance: { zh: '金融', en: 'Finance', color: 'yellow' },
        food: { zh: '餐饮', en: 'Food', color: 'orange' },
        travel: { zh: '出行旅游', en: 'Travel', color: 'teal' },
        other: { zh: '其他', en: 'Other', color: 'gray' },
      },
      filter: 'equal',
    },
    enabled: { label: { zh: '启用', en: 'Enabled' }, kind: 'switch', emptyAs: 1, filter: 'equal' },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});
