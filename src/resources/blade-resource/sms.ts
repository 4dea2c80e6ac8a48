import { smsContract, type SmsSetting } from '../../contracts/blade-resource/sms';
import { defineContractResource } from '../contract-resource';
import type { ActionDef, ValueOption } from '../types';

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

/** SMS settings of the caller's tenant; the fields are the contract's. */
export default defineContractResource({
  contract: smsContract,
  paging: 'generic',
  columns: [
    { field: 'category', kind: 'tag', options: SMS_CATEGORIES, width: 120 },
    { field: 'smsCode', width: 160 },
    { field: 'templateId', width: 180 },
    { field: 'accessKey', width: 200 },
    { field: 'signName', width: 140 },
    { field: 'status', kind: 'status', options: ENABLED_STATUS, width: 110 },
    { field: 'remark', width: 200, hiddenByDefault: true },
  ],
  filters: [{ name: 'category', kind: 'select', options: SMS_CATEGORIES }, 'smsCode', 'templateId'],
  form: {
    category: { kind: 'select', options: SMS_CATEGORIES },
    // Edit shows the mask: saved unchanged it keeps the stored key, anything else replaces it.
    secretKey: { kind: 'password' },
    remark: { kind: 'textarea', wide: true },
  },
  formOrder: [
    'category',
    'smsCode',
    'templateId',
    'signName',
    'accessKey',
    'secretKey',
    'regionId',
    'remark',
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
