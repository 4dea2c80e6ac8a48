import { defineContract } from '../resource-contract';
import {
  ACCESS_KEY,
  CREATE_TIME,
  ENABLED,
  providerCategory,
  RESOURCE_CODE,
  SECRET_KEY,
} from './settings';

/** An SMS setting of the caller's tenant: blade-resource/sms (spec sections 4 and 7). */
export interface SmsSetting {
  id: string;
  category: number;
  categoryName: string;
  smsCode: string;
  templateId: string;
  accessKey: string;
  /** Always the mask ('******'): the server never answers the key; sent back it is kept. */
  secretKey: string;
  regionId: string | null;
  signName: string | null;
  remark: string | null;
  /** 1 off, 2 on: one setting per tenant is on. */
  status: number;
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  createTime: string;
}

export const smsContract = defineContract<SmsSetting>()({
  service: 'blade-resource/sms',
  route: '/system/sms',
  title: { zh: '短信配置', en: 'SMS setting' },
  menu: 'sms',
  buttons: ['add', 'edit', 'delete', 'view'],
  fields: {
    category: providerCategory(
      { zh: '服务商', en: 'Provider' },
      { zh: '请选择服务商', en: 'Please choose a provider' },
    ),
    categoryName: { label: { zh: '服务商', en: 'Provider' }, readOnly: true },
    smsCode: RESOURCE_CODE,
    templateId: {
      label: { zh: '模板ID', en: 'Template ID' },
      required: { zh: '请输入模板ID', en: 'Please enter the template ID' },
      maxLength: 64,
      filter: 'like',
    },
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    regionId: { label: { zh: '地域ID', en: 'Region ID' }, maxLength: 64 },
    signName: { label: { zh: '短信签名', en: 'Signature' }, maxLength: 64 },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 255 },
    status: ENABLED,
    createTime: CREATE_TIME,
  },
});
