import { defineContract } from '../resource-contract';

/** A system parameter of the caller's tenant: blade-system/param (spec section 5). */
export interface Param {
  id: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string | null;
  version: number;
  createTime: string;
  updateTime?: string;
}

/** Parameters are per tenant: each configures its own (e.g. account.registerUser). */
export const paramContract = defineContract<Param>()({
  service: 'blade-system/param',
  route: '/system/param',
  title: { zh: '参数', en: 'Parameter' },
  menu: 'param',
  buttons: ['add', 'edit', 'delete', 'view', 'export'],
  export: { excelType: 'param', fileName: '参数列表' },
  fields: {
    paramName: {
      label: { zh: '参数名称', en: 'Name' },
      required: { zh: '请输入参数名称', en: 'Please enter the parameter name' },
      maxLength: 255,
      filter: 'like',
      sortable: true,
      export: { width: 24 },
    },
    paramKey: {
      label: { zh: '参数键名', en: 'Key' },
      required: { zh: '请输入参数键名', en: 'Please enter the parameter key' },
      maxLength: 255,
      filter: 'like',
      sortable: true,
      export: { width: 28 },
    },
    paramValue: {
      label: { zh: '参数键值', en: 'Value' },
      required: { zh: '请输入参数键值', en: 'Please enter the parameter value' },
      maxLength: 2000,
      filter: 'like',
      export: { width: 40 },
    },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 255, export: { width: 32 } },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      filter: 'like',
      sortable: true,
      export: { width: 20 },
    },
    updateTime: {
      label: { zh: '修改时间', en: 'Updated' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});
