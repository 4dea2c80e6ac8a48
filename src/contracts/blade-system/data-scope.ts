import { defineContract } from '../resource-contract';

/**
 * A data scope (contract.md 4.12): which rows of a resource a role sees, hanging under a menu.
 * Granted in the role grant dialog; the server narrows lists of declarations that name the
 * resource code (e.g. posts: 'post'). Global rows: only the super administrator writes them.
 */
export interface DataScope {
  id: string;
  menuId: string;
  menuName: string;
  resourceCode: string;
  scopeName: string;
  scopeColumn: string;
  scopeType: number;
  scopeTypeName: string;
  scopeValue: string;
  remark: string;
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  createTime: string;
}

const MENU = { zh: '所属菜单', en: 'Menu' };

/** What data and API scopes share: the menu they hang under, their resource code and name. */
export const SCOPE_FIELDS = {
  menuId: {
    label: MENU,
    required: { zh: '请选择所属菜单', en: 'Please choose the menu' },
    filter: 'equal',
  },
  menuName: { label: MENU, readOnly: true },
  resourceCode: {
    label: { zh: '权限编号', en: 'Resource code' },
    required: { zh: '请输入权限编号', en: 'Please enter the resource code' },
    maxLength: 100,
    pattern: {
      regex: /^[A-Za-z0-9_.:-]+$/,
      message: {
        zh: '权限编号只能包含字母、数字、下划线、点、冒号和中划线',
        en: 'Letters, digits, _ . : and - only',
      },
    },
    filter: 'like',
    sortable: true,
  },
  scopeName: {
    label: { zh: '权限名称', en: 'Name' },
    required: { zh: '请输入权限名称', en: 'Please enter the name' },
    maxLength: 100,
    filter: 'like',
    sortable: true,
  },
} as const;

const RULE = { zh: '请选择规则类型', en: 'Please choose the rule' };

export const dataScopeContract = defineContract<DataScope>()({
  service: 'blade-system/data-scope',
  route: '/system/data-scope',
  title: { zh: '数据权限', en: 'Data scope' },
  menu: 'data_scope',
  buttons: ['add', 'edit', 'delete', 'view'],
  fields: {
    ...SCOPE_FIELDS,
    // Empty: the column the rule's type compares (create_user for 'own', else create_dept).
    scopeColumn: {
      label: { zh: '权限字段', en: 'Column' },
      pattern: {
        regex: /^[a-z][a-z0-9_]{0,99}$/,
        message: {
          zh: '权限字段只能是小写字母、数字和下划线',
          en: 'Lower-case letters, digits and _ only',
        },
      },
    },
    scopeType: {
      label: { zh: '规则类型', en: 'Rule' },
      kind: 'integer',
      dict: 'data_scope_type',
      required: RULE,
      range: { min: 1, max: 5, message: RULE },
      filter: 'equal',
      sortable: true,
    },
    scopeTypeName: { label: { zh: '规则类型', en: 'Rule' }, readOnly: true },
    // Type 5 (custom): the departments whose rows are visible, comma-separated.
    scopeValue: { label: { zh: '规则值', en: 'Rule value' }, maxLength: 2000 },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 255 },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});
