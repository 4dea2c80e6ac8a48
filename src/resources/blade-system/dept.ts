import { defineResource } from '../types';

/**
 * A department of the caller's tenant: blade-system/dept (contract.md 4.5), shown as a lazy
 * tree. `lazy-list` answers one level with `hasChildren` (without `parentId` the top level, or
 * with a name filter the matches of every level).
 */
export interface Dept {
  id: string;
  parentId: string;
  parentName: string;
  ancestors: string;
  deptName: string;
  fullName: string | null;
  /** Dictionary org_category: 1 company, 2 department, 3 group. */
  deptCategory: number;
  sort: number;
  remark: string | null;
  version: number;
  hasChildren?: boolean;
}

export default defineResource<Dept>({
  service: 'blade-system/dept',
  route: '/system/dept',
  title: { zh: '部门', en: 'Department' },
  permissions: { add: 'dept_add', edit: 'dept_edit', remove: 'dept_delete', view: 'dept_view' },
  paths: { list: 'lazy-list' },
  tree: { lazy: true },
  columns: [
    { field: 'deptName', label: { zh: '机构名称', en: 'Name' }, width: 240 },
    { field: 'fullName', label: { zh: '机构全称', en: 'Full name' }, width: 260 },
    {
      field: 'deptCategory',
      label: { zh: '机构类型', en: 'Category' },
      kind: 'tag',
      dict: 'org_category',
      width: 120,
    },
    { field: 'sort', label: { zh: '排序', en: 'Order' }, kind: 'number', width: 100 },
    { field: 'remark', label: { zh: '备注', en: 'Remark' }, width: 220 },
  ],
  filters: [
    { name: 'deptName', kind: 'input', label: { zh: '机构名称', en: 'Name' } },
    { name: 'fullName', kind: 'input', label: { zh: '机构全称', en: 'Full name' } },
  ],
  form: [
    {
      name: 'parentId',
      kind: 'treeSelect',
      label: { zh: '上级机构', en: 'Parent' },
      source: { path: 'blade-system/dept/tree' },
    },
    {
      name: 'deptName',
      kind: 'text',
      label: { zh: '机构名称', en: 'Name' },
      required: { zh: '请输入机构名称', en: 'Please enter the name' },
      maxLength: 64,
    },
    {
      name: 'fullName',
      kind: 'text',
      label: { zh: '机构全称', en: 'Full name' },
      maxLength: 128,
    },
    {
      name: 'deptCategory',
      kind: 'select',
      dict: 'org_category',
      label: { zh: '机构类型', en: 'Category' },
      required: { zh: '请选择机构类型', en: 'Please choose a category' },
    },
    { name: 'sort', kind: 'integer', label: { zh: '排序', en: 'Order' } },
    {
      name: 'remark',
      kind: 'textarea',
      label: { zh: '备注', en: 'Remark' },
      maxLength: 255,
      wide: true,
    },
  ],
  recordLabel: (dept) => dept.deptName,
});
