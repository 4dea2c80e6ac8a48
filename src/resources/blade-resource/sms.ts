import { defineResource, type ActionDef, type ValueOption } from '../types';
import type { SmsSetting } from '../../contracts/blade-resource/sms';

/** Providers (the server's SMS_CATEGORIES). */
export const SMS_CATEGORIES: readonly ValueOption[] = [
  { value: '1', label: { zh: '云片', en: 'Yunpian' } },
  { value: '2', label: { zh: '七牛云', en: 'Qiniu' } },
  { value: '3', label: { zh: '阿里云', en: 'Alibaba Cloud' } },
  { value: '4', label: { zh: '腾讯云', en: 'Tencent Cloud' } },
];

/** The settings' on/off status (BladeX: 1 off, 2 on), shared with object storage. */
export const ENABLED_STATUS: readonly ValueOption[] = [
  { value: '1', label: { zh: '停用', en: 'Off' }, color: 'gray' },
  { value: '2', label: { zh: '启用', en: 'On' }, color: 'green' },
];

const sendDialog = () => import('./send-message-dialog');
const one = (rows: readonly { id: string }[]) => ({ id: rows[0]?.id ?? '' });

/** 启用 / 停用 of one settings row (sms_enable, oss_enable), as confirmed calls. */
export function enableActions<Row extends { id: string; status: number }>(
  service: string,
  permission: string,
  what: { zh: string; en: string },
): ActionDef<Row>[] {
  return [
    {
      id: 'enable',
      label: { zh: '启用', en: 'Enable' },
      permission,
      when: (row) => Number(row.status) !== 2,
      call: {
        path: `${service}/enable`,
        params: one,
        confirm: {
          zh: `确定启用该${what.zh}？同一租户只能启用一个${what.zh}，其他${what.zh}将被停用。`,
          en: `Enable this ${what.en}? A tenant has one enabled ${what.en}; the others are turned off.`,
        },
        done: { zh: '启用成功', en: 'Enabled' },
      },
    },
    {
      id: 'disable',
      label: { zh: '停用', en: 'Disable' },
      permission,
      color: 'orange',
      when: (row) => Number(row.status) === 2,
      call: {
        path: `${service}/disable`,
        params: one,
        confirm: {
          zh: `确定停用该${what.zh}？`,
          en: `Turn this ${what.en} off?`,
        },
        done: { zh: '停用成功', en: 'Disabled' },
      },
    },
  ];
}

export default defineResource<SmsSetting>({
  service: 'blade-resource/sms',
  route: '/system/sms',
  title: { zh: '短信配置', en: 'SMS setting' },
  permissions: { add: 'sms_add', edit: 'sms_edit', remove: 'sms_delete', view: 'sms_view' },
  paging: 'generic',
  columns: [
    {
      field: 'category',
      label: { zh: '服务商', en: 'Provider' },
      kind: 'tag',
      options: SMS_CATEGORIES,
      width: 120,
      sortable: true,
    },
    { field: 'smsCode', label: { zh: '资源编号', en: 'Code' }, sortable: true, width: 160 },
    { field: 'templateId', label: { zh: '模板ID', en: 'Template ID' }, width: 180 },
    { field: 'accessKey', label: { zh: 'accessKey', en: 'Access key' }, width: 200 },
    { field: 'signName', label: { zh: '短信签名', en: 'Signature' }, width: 140 },
    {
      field: 'status',
      label: { zh: '是否启用', en: 'Enabled' },
      kind: 'status',
      options: ENABLED_STATUS,
      width: 110,
      sortable: true,
    },
    { field: 'remark', label: { zh: '备注', en: 'Remark' }, width: 200, hiddenByDefault: true },
  ],
  filters: [
    {
      name: 'category',
      kind: 'select',
      options: SMS_CATEGORIES,
      label: { zh: '服务商', en: 'Provider' },
    },
    { name: 'smsCode', kind: 'input', label: { zh: '资源编号', en: 'Code' } },
    { name: 'templateId', kind: 'input', label: { zh: '模板ID', en: 'Template ID' } },
  ],
  form: [
    {
      name: 'category',
      kind: 'select',
      options: SMS_CATEGORIES,
      label: { zh: '服务商', en: 'Provider' },
      required: { zh: '请选择服务商', en: 'Please choose a provider' },
    },
    {
      name: 'smsCode',
      kind: 'text',
      label: { zh: '资源编号', en: 'Code' },
      required: { zh: '请输入资源编号', en: 'Please enter the code' },
      maxLength: 32,
    },
    {
      name: 'templateId',
      kind: 'text',
      label: { zh: '模板ID', en: 'Template ID' },
      required: { zh: '请输入模板ID', en: 'Please enter the template ID' },
      maxLength: 64,
    },
    {
      name: 'signName',
      kind: 'text',
      label: { zh: '短信签名', en: 'Signature' },
      maxLength: 64,
    },
    {
      name: 'accessKey',
      kind: 'text',
      label: { zh: 'accessKey', en: 'Access key' },
      required: { zh: '请输入accessKey', en: 'Please enter the access key' },
      maxLength: 255,
    },
    {
      // Edit shows the mask: saved unchanged it keeps the stored key, anything else replaces it.
      name: 'secretKey',
      kind: 'password',
      label: { zh: 'secretKey', en: 'Secret key' },
      required: { zh: '请输入secretKey', en: 'Please enter the secret key' },
      maxLength: 255,
    },
    { name: 'regionId', kind: 'text', label: { zh: '地域ID', en: 'Region ID' }, maxLength: 64 },
    {
      name: 'remark',
      kind: 'textarea',
      label: { zh: '备注', en: 'Remark' },
      maxLength: 255,
      wide: true,
    },
  ],
  rowActions: [
    ...enableActions<SmsSetting>('blade-resource/sms', 'sms_enable', {
      zh: '短信配置',
      en: 'SMS setting',
    }),
    {
      id: 'send',
      label: { zh: '发送短信', en: 'Send message' },
      permission: 'sms_edit',
      dialog: sendDialog,
    },
  ],
  toolbarActions: [
    {
      id: 'send',
      label: { zh: '发送短信', en: 'Send message' },
      permission: 'sms_edit',
      selection: 'none',
      dialog: sendDialog,
    },
  ],
  recordLabel: (sms) => sms.smsCode,
});
