import { defineResource } from '../types';

/** A system parameter of the caller's tenant: blade-system/param (spec section 5). */
export interface Param {
  id: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string | null;
  version: number;
  createTime: string;
}

export default defineResource<Param>({
  service: 'blade-system/param',
  route: '/system/param',
  title: { zh: '参数', en: 'Parameter' },
  permissions: {
    add: 'param_add',
    edit: 'param_edit',
    remove: 'param_delete',
    view: 'param_view',
    export: 'param_export',
  },
  export: { excelType: 'param' },
  paging: 'generic',
  columns: [
    { field: 'paramName', label: { zh: '参数名称', en: 'Name' }, sortable: true, width: 200 },
    { field: 'paramKey', label: { zh: '参数键名', en: 'Key' }, sortable: true, width: 220 },
    {
      field: 'paramValue',
      label: { zh: '参数键值', en: 'Value' },
      width: 260,
      // The submit validates a whole parameter; `version` makes a stale edit a 409.
      edit: { kind: 'text', extraFields: ['id', 'version', 'paramName', 'paramKey', 'remark'] },
    },
    { field: 'remark', label: { zh: '备注', en: 'Remark' }, width: 200 },
    {
      field: 'createTime',
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      width: 180,
      hiddenByDefault: true,
    },
  ],
  filters: [
    { name: 'paramName', kind: 'input', label: { zh: '参数名称', en: 'Name' } },
    { name: 'paramKey', kind: 'input', label: { zh: '参数键名', en: 'Key' } },
    { name: 'paramValue', kind: 'input', label: { zh: '参数键值', en: 'Value' } },
  ],
  form: [
    {
      name: 'paramName',
      kind: 'text',
      label: { zh: '参数名称', en: 'Name' },
      required: { zh: '请输入参数名称', en: 'Please enter the parameter name' },
      maxLength: 255,
    },
    {
      name: 'paramKey',
      kind: 'text',
      label: { zh: '参数键名', en: 'Key' },
      required: { zh: '请输入参数键名', en: 'Please enter the parameter key' },
      maxLength: 255,
    },
    {
      name: 'paramValue',
      kind: 'textarea',
      label: { zh: '参数键值', en: 'Value' },
      required: { zh: '请输入参数键值', en: 'Please enter the parameter value' },
      maxLength: 2000,
      wide: true,
    },
    {
      name: 'remark',
      kind: 'textarea',
      label: { zh: '备注', en: 'Remark' },
      maxLength: 255,
      wide: true,
    },
  ],
  recordLabel: (param) => param.paramName,
});
