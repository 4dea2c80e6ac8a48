import { defineContract, type Text } from '../resource-contract';

/** A code generator configuration: blade-develop/code (contract.md 4.14; global). */
export interface CodeConfig {
  id: string;
  datasourceId: string;
  /** Added by the server from the data source. */
  datasourceName: string;
  serviceName: string;
  codeName: string;
  tableName: string;
  tablePrefix: string | null;
  pkName: string;
  packageName: string | null;
  /** 1 no, 2 yes. */
  baseMode: number;
  /** 1 no, 2 yes. */
  wrapMode: number;
  apiPath: string | null;
  webPath: string | null;
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  createTime: string;
}

/** A column name (as the server's code/columns.ts IDENTIFIER). */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const BASE_MODE = { zh: '请选择基础业务模式', en: 'Please choose the base mode' };
const WRAP_MODE = { zh: '请选择包装器模式', en: 'Please choose the wrapper mode' };
const yesNo = (message: Text) => ({ min: 1, max: 2, message });

/**
 * Every part that becomes a path of a generated file (service, table, prefix, key) has a
 * pattern, so the generator never builds a path from free text. Only the super administrator
 * writes configurations; a list row carries its data source's name.
 */
export const codeContract = defineContract<CodeConfig>()({
  service: 'blade-develop/code',
  route: '/system/code',
  title: { zh: '代码生成', en: 'Code generator' },
  menu: 'code_generator',
  buttons: ['add', 'edit', 'delete', 'view'],
  fields: {
    datasourceId: {
      label: { zh: '数据源', en: 'Data source' },
      required: { zh: '请选择数据源', en: 'Please choose a data source' },
      filter: 'equal',
    },
    datasourceName: { label: { zh: '数据源', en: 'Data source' }, readOnly: true },
    serviceName: {
      label: { zh: '服务名称', en: 'Service' },
      required: { zh: '请输入服务名称', en: 'Please enter the service' },
      maxLength: 64,
      pattern: {
        regex: /^[A-Za-z][A-Za-z0-9_-]*$/,
        message: {
          zh: '服务名称只能包含字母、数字、_和-，且以字母开头',
          en: 'Letters, digits, _ and - only, starting with a letter',
        },
      },
      filter: 'like',
      sortable: true,
    },
    codeName: {
      label: { zh: '模块名称', en: 'Module' },
      required: { zh: '请输入模块名称', en: 'Please enter the module' },
      maxLength: 64,
      filter: 'like',
      sortable: true,
    },
    tableName: {
      label: { zh: '表名', en: 'Table' },
      required: { zh: '请输入表名', en: 'Please enter the table' },
      maxLength: 64,
      pattern: {
        regex: IDENTIFIER,
        message: {
          zh: '表名只能包含字母、数字和_，且不能以数字开头',
          en: 'Letters, digits and _ only, not starting with a digit',
        },
      },
      filter: 'like',
      sortable: true,
    },
    tablePrefix: {
      label: { zh: '表前缀', en: 'Table prefix' },
      maxLength: 64,
      pattern: {
        regex: /^[A-Za-z0-9_]*$/,
        message: { zh: '表前缀只能包含字母、数字和_', en: 'Letters, digits and _ only' },
      },
    },
    // Empty means 'id'.
    pkName: {
      label: { zh: '主键名', en: 'Key column' },
      maxLength: 32,
      pattern: {
        regex: IDENTIFIER,
        message: {
          zh: '主键名只能包含字母、数字和_，且不能以数字开头',
          en: 'Letters, digits and _ only, not starting with a digit',
        },
      },
    },
    packageName: {
      label: { zh: '包名', en: 'Package' },
      maxLength: 500,
      pattern: {
        regex: /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/,
        message: {
          zh: '包名格式不正确，例如 org.springblade.desk',
          en: 'Not a package name, e.g. org.springblade.desk',
        },
      },
    },
    baseMode: {
      label: { zh: '基础业务', en: 'Base mode' },
      kind: 'integer',
      required: BASE_MODE,
      range: yesNo(BASE_MODE),
    },
    wrapMode: {
      label: { zh: '包装器', en: 'Wrapper' },
      kind: 'integer',
      required: WRAP_MODE,
      range: yesNo(WRAP_MODE),
    },
    apiPath: { label: { zh: '后端生成路径', en: 'Server path' }, maxLength: 2000 },
    webPath: { label: { zh: '前端生成路径', en: 'Console path' }, maxLength: 2000 },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
  // The model is the table without its prefix: a part of the table name.
  filterAliases: {
    modelName: { label: { zh: '模型名称', en: 'Model' }, field: 'tableName', filter: 'like' },
  },
});
