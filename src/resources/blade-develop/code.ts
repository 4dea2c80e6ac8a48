import { defineResource, type Bilingual, type ValueOption } from '../types';

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
  createTime: string;
}

/** BladeX's base_mode / wrap_mode: 1 no, 2 yes. */
const YES_NO: readonly ValueOption[] = [
  { value: '2', label: { zh: '是', en: 'Yes' }, color: 'green' },
  { value: '1', label: { zh: '否', en: 'No' }, color: 'gray' },
];

/** What the user is told once the zip is in the export centre (the server says 代码生成成功). */
export const GEN_DONE: Bilingual = {
  zh: '代码生成成功，请在数据导出中心下载',
  en: 'Code generated; download it from the export centre',
};

const GEN_CONFIRM: Bilingual = {
  zh: '确定为选中的配置生成代码？生成的文件打包后放入数据导出中心。',
  en: 'Generate code for the chosen configurations? The files are zipped into the export centre.',
};

const ids = (rows: readonly { id: string }[]) => ({
  ids: rows.map((r) => r.id).join(','),
  system: 'saber3',
});

export default defineResource<CodeConfig>({
  service: 'blade-develop/code',
  route: '/system/code',
  title: { zh: '代码生成', en: 'Code generator' },
  permissions: {
    add: 'code_generator_add',
    edit: 'code_generator_edit',
    remove: 'code_generator_delete',
    view: 'code_generator_view',
  },
  // The platform's code: the server refuses everyone's writes but the super administrator's.
  writes: 'superAdmin',
  paging: 'generic',
  columns: [
    { field: 'codeName', label: { zh: '模块名称', en: 'Module' }, sortable: true, width: 160 },
    { field: 'datasourceName', label: { zh: '数据源', en: 'Data source' }, width: 140 },
    { field: 'tableName', label: { zh: '表名', en: 'Table' }, sortable: true, width: 160 },
    { field: 'tablePrefix', label: { zh: '表前缀', en: 'Table prefix' }, width: 110 },
    { field: 'pkName', label: { zh: '主键名', en: 'Key column' }, width: 100 },
    { field: 'serviceName', label: { zh: '服务名称', en: 'Service' }, sortable: true, width: 150 },
    { field: 'packageName', label: { zh: '包名', en: 'Package' }, width: 200 },
    {
      field: 'baseMode',
      label: { zh: '基础业务', en: 'Base mode' },
      kind: 'status',
      options: YES_NO,
      width: 100,
    },
    {
      field: 'wrapMode',
      label: { zh: '包装器', en: 'Wrapper' },
      kind: 'status',
      options: YES_NO,
      width: 100,
    },
    {
      field: 'apiPath',
      label: { zh: '后端生成路径', en: 'Server path' },
      width: 220,
      hiddenByDefault: true,
    },
    {
      field: 'webPath',
      label: { zh: '前端生成路径', en: 'Console path' },
      width: 220,
      hiddenByDefault: true,
    },
  ],
  filters: [
    { name: 'codeName', kind: 'input', label: { zh: '模块名称', en: 'Module' } },
    { name: 'tableName', kind: 'input', label: { zh: '表名', en: 'Table' } },
    { name: 'modelName', kind: 'input', label: { zh: '模型名称', en: 'Model' } },
  ],
  form: [
    {
      name: 'datasourceId',
      kind: 'select',
      label: { zh: '数据源', en: 'Data source' },
      source: { path: 'blade-develop/datasource/select', label: 'name', value: 'id' },
      required: { zh: '请选择数据源', en: 'Please choose a data source' },
    },
    {
      name: 'serviceName',
      kind: 'text',
      label: { zh: '服务名称', en: 'Service' },
      required: { zh: '请输入服务名称', en: 'Please enter the service' },
      maxLength: 64,
    },
    {
      name: 'codeName',
      kind: 'text',
      label: { zh: '模块名称', en: 'Module' },
      required: { zh: '请输入模块名称', en: 'Please enter the module' },
      maxLength: 64,
    },
    {
      name: 'tableName',
      kind: 'text',
      label: { zh: '表名', en: 'Table' },
      required: { zh: '请输入表名', en: 'Please enter the table' },
      maxLength: 64,
    },
    {
      name: 'tablePrefix',
      kind: 'text',
      label: { zh: '表前缀', en: 'Table prefix' },
      maxLength: 64,
    },
    {
      name: 'pkName',
      kind: 'text',
      label: { zh: '主键名', en: 'Key column' },
      required: { zh: '请输入主键名', en: 'Please enter the key column' },
      maxLength: 32,
      initial: 'id',
    },
    {
      name: 'packageName',
      kind: 'text',
      label: { zh: '包名', en: 'Package' },
      maxLength: 500,
      wide: true,
    },
    {
      name: 'baseMode',
      kind: 'select',
      options: YES_NO,
      label: { zh: '基础业务', en: 'Base mode' },
      required: { zh: '请选择基础业务模式', en: 'Please choose the base mode' },
      initial: '2',
    },
    {
      name: 'wrapMode',
      kind: 'select',
      options: YES_NO,
      label: { zh: '包装器', en: 'Wrapper' },
      required: { zh: '请选择包装器模式', en: 'Please choose the wrapper mode' },
      initial: '2',
    },
    {
      name: 'apiPath',
      kind: 'text',
      label: { zh: '后端生成路径', en: 'Server path' },
      maxLength: 2000,
      wide: true,
    },
    {
      name: 'webPath',
      kind: 'text',
      label: { zh: '前端生成路径', en: 'Console path' },
      maxLength: 2000,
      wide: true,
    },
  ],
  rowActions: [
    {
      id: 'copy',
      label: { zh: '复制', en: 'Copy' },
      permission: 'code_generator_copy',
      call: {
        path: 'blade-develop/code/copy',
        params: (rows) => ({ id: rows[0]?.id ?? '' }),
        confirm: { zh: '确定复制该配置？', en: 'Copy this configuration?' },
        done: { zh: '复制成功', en: 'Copied' },
      },
    },
    {
      id: 'gen',
      label: { zh: '代码生成', en: 'Generate' },
      permission: 'code_generator_gen',
      call: {
        path: 'blade-develop/code/gen-code',
        params: ids,
        confirm: GEN_CONFIRM,
        done: GEN_DONE,
      },
    },
  ],
  toolbarActions: [
    {
      id: 'gen',
      label: { zh: '代码生成', en: 'Generate' },
      permission: 'code_generator_gen',
      selection: 'some',
      call: {
        path: 'blade-develop/code/gen-code',
        params: ids,
        confirm: GEN_CONFIRM,
        done: GEN_DONE,
      },
    },
  ],
  recordLabel: (code) => code.codeName,
});
