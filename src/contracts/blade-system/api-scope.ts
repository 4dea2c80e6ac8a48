import { defineContract } from '../resource-contract';
import { SCOPE_FIELDS } from './data-scope';

/**
 * An API scope (contract.md 4.12): an API path (Ant-style `*` and `**`) hanging under a menu.
 * Once any scope covers a path, only roles granted a covering scope may call it (the server
 * answers 403 to everyone else). Global rows: only the super administrator writes them.
 */
export interface ApiScope {
  id: string;
  menuId: string;
  menuName: string;
  resourceCode: string;
  scopeName: string;
  scopePath: string;
  scopeType: number;
  scopeTypeName: string;
  remark: string;
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  createTime: string;
}

const TYPE = { zh: '请选择接口类型', en: 'Please choose the type' };

export const apiScopeContract = defineContract<ApiScope>()({
  service: 'blade-system/api-scope',
  route: '/system/api-scope',
  title: { zh: '接口权限', en: 'API scope' },
  menu: 'api_scope',
  buttons: ['add', 'edit', 'delete', 'view'],
  fields: {
    ...SCOPE_FIELDS,
    scopePath: {
      label: { zh: '权限路径', en: 'Path' },
      required: { zh: '请输入权限路径', en: 'Please enter the path' },
      maxLength: 500,
      pattern: {
        regex: /^\/?[A-Za-z0-9_.\-/*]+$/,
        message: {
          zh: '权限路径只能包含字母、数字、/、_、-、. 和 *',
          en: 'Letters, digits, / _ - . and * only',
        },
      },
      filter: 'like',
      sortable: true,
    },
    scopeType: {
      label: { zh: '接口类型', en: 'Type' },
      kind: 'integer',
      dict: 'api_scope_type',
      required: TYPE,
      range: { min: 1, max: 2, message: TYPE },
      filter: 'equal',
    },
    scopeTypeName: { label: { zh: '接口类型', en: 'Type' }, readOnly: true },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 255 },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});
