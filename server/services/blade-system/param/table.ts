import { z } from 'zod';
import { defineTable, optionalText } from '../../../lib/table/index.js';
import { requiredText } from '../../../lib/validation.js';

/**
 * blade-system/param (spec section 5: name, key and value required). Parameters are per tenant:
 * each tenant configures its own (e.g. account.registerUser; see paramValue in repository.ts).
 */
export default defineTable({
  path: 'blade-system/param',
  table: 'bladeParam',
  scope: 'tenant',
  versioned: true,
  access: {
    read: ['param', 'param_view'],
    add: 'param_add',
    edit: 'param_edit',
    remove: 'param_delete',
  },
  columns: ['paramName', 'paramKey', 'paramValue', 'remark'],
  list: {
    filters: {
      paramName: { column: 'paramName' },
      paramKey: { column: 'paramKey' },
      paramValue: { column: 'paramValue' },
      createTime: { column: 'createTime' },
    },
    sorts: {
      paramName: 'paramName',
      paramKey: 'paramKey',
      createTime: 'createTime',
      updateTime: 'updateTime',
    },
  },
  defaultOrder: { createTime: 'desc', id: 'desc' },
  export: {
    fileName: '参数列表',
    access: 'param_export',
    columns: [
      { field: 'paramName', header: '参数名称', width: 24 },
      { field: 'paramKey', header: '参数键名', width: 28 },
      { field: 'paramValue', header: '参数键值', width: 40 },
      { field: 'remark', header: '备注', width: 32 },
      { field: 'createTime', header: '创建时间', width: 20 },
    ],
  },
  input: z.object({
    paramName: requiredText(z, '请输入参数名称', 255),
    paramKey: requiredText(z, '请输入参数键名', 255),
    paramValue: requiredText(z, '请输入参数键值', 2000),
    remark: optionalText(255),
  }),
});
