import { codeContract } from '../../contracts/blade-develop/code';
import { defineContractResource } from '../contract-resource';
import type { Bilingual, ValueOption } from '../types';

export type { CodeConfig } from '../../contracts/blade-develop/code';

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

/** Code generator configurations (global); the fields are the contract's. */
export default defineContractResource({
  contract: codeContract,
  // The platform's code: the server refuses everyone's writes but the super administrator's.
  writes: 'superAdmin',
  paging: 'generic',
  columns: [
    { field: 'codeName', width: 160 },
    { field: 'datasourceName', width: 140 },
    { field: 'tableName', width: 160 },
    { field: 'tablePrefix', width: 110 },
    { field: 'pkName', width: 100 },
    { field: 'serviceName', width: 150 },
    { field: 'packageName', width: 200 },
    { field: 'baseMode', kind: 'status', options: YES_NO, width: 100 },
    { field: 'wrapMode', kind: 'status', options: YES_NO, width: 100 },
    { field: 'apiPath', width: 220, hiddenByDefault: true },
    { field: 'webPath', width: 220, hiddenByDefault: true },
  ],
  filters: ['codeName', 'tableName', 'modelName'],
  form: {
    datasourceId: {
      kind: 'select',
      source: { path: 'blade-develop/datasource/select', label: 'name', value: 'id' },
    },
    // The server takes an empty key column as 'id'; the form asks for one.
    pkName: { required: { zh: '请输入主键名', en: 'Please enter the key column' }, initial: 'id' },
    packageName: { wide: true },
    baseMode: { kind: 'select', options: YES_NO, initial: '2' },
    wrapMode: { kind: 'select', options: YES_NO, initial: '2' },
    apiPath: { wide: true },
    webPath: { wide: true },
  },
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
