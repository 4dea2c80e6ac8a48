import { patterns } from '../../lib/patterns';
import { defineResource } from '../types';

/**
 * A region (contract.md 4.10), keyed by its code: `id` is the code and `parentId` the parent's
 * code, so the lazy tree works as for departments (the root 00 hangs under '0'). One global
 * table, written by the super administrator.
 */
export interface Region {
  id: string;
  parentId: string;
  code: string;
  parentCode: string;
  parentName: string;
  name: string;
  /** Dictionary `region`: 0 country … 5 village. */
  level: number;
  sort: number;
  remark: string | null;
  provinceName: string | null;
  cityName: string | null;
  districtName: string | null;
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  hasChildren?: boolean;
}

export default defineResource<Region>({
  service: 'blade-system/region',
  route: '/system/region',
  title: { zh: '行政区划', en: 'Region' },
  permissions: {
    add: 'region_add',
    edit: 'region_edit',
    remove: 'region_delete',
    view: 'region_view',
  },
  writes: 'superAdmin',
  paths: { list: 'lazy-list' },
  tree: { lazy: true },
  columns: [
    { field: 'name', label: { zh: '区划名称', en: 'Name' }, width: 260 },
    { field: 'code', label: { zh: '区划编号', en: 'Code' }, width: 160 },
    {
      field: 'level',
      label: { zh: '区划层级', en: 'Level' },
      kind: 'tag',
      dict: 'region',
      width: 140,
    },
    { field: 'sort', label: { zh: '排序', en: 'Order' }, kind: 'number', width: 100 },
    { field: 'remark', label: { zh: '备注', en: 'Remark' }, width: 220 },
  ],
  filters: [
    { name: 'name', kind: 'input', label: { zh: '区划名称', en: 'Name' } },
    { name: 'code', kind: 'input', label: { zh: '区划编号', en: 'Code' } },
  ],
  form: [
    {
      // The level and the province/city/... columns follow from the parent; neither the parent
      // nor the code changes later.
      name: 'parentCode',
      kind: 'treeSelect',
      label: { zh: '上级区划', en: 'Parent' },
      source: { path: 'blade-system/region/tree' },
      required: { zh: '请选择上级区划', en: 'Please choose the parent region' },
      createOnly: true,
    },
    {
      name: 'code',
      kind: 'text',
      label: { zh: '区划编号', en: 'Code' },
      required: { zh: '请输入区划编号', en: 'Please enter the code' },
      rules: [patterns.code],
      maxLength: 12,
      createOnly: true,
    },
    {
      name: 'name',
      kind: 'text',
      label: { zh: '区划名称', en: 'Name' },
      required: { zh: '请输入区划名称', en: 'Please enter the name' },
      maxLength: 32,
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
  recordLabel: (region) => region.name,
});
