import { defineContract } from '../resource-contract';

/** A post (job title) of the caller's tenant: blade-system/post (contract.md 4.6). */
export interface Post {
  id: string;
  category: number;
  categoryName: string;
  postCode: string;
  postName: string;
  sort: number;
  remark: string | null;
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  createTime: string;
}

export const postContract = defineContract<Post>()({
  service: 'blade-system/post',
  route: '/system/post',
  title: { zh: '岗位', en: 'Post' },
  menu: 'post',
  buttons: ['add', 'edit', 'delete', 'view', 'export'],
  export: { excelType: 'post', fileName: '岗位列表' },
  fields: {
    category: {
      label: { zh: '岗位类型', en: 'Category' },
      kind: 'integer',
      dict: 'post_category',
      required: { zh: '请选择岗位类型', en: 'Please choose a category' },
      range: { min: 1, max: 4, message: { zh: '请选择岗位类型', en: 'Please choose a category' } },
      filter: 'equal',
      sortable: true,
    },
    categoryName: {
      label: { zh: '岗位类型', en: 'Category' },
      readOnly: true,
      export: { width: 12 },
    },
    postCode: {
      label: { zh: '岗位编号', en: 'Code' },
      required: { zh: '请输入岗位编号', en: 'Please enter the code' },
      maxLength: 32,
      filter: 'like',
      sortable: true,
      export: { width: 20 },
    },
    postName: {
      label: { zh: '岗位名称', en: 'Name' },
      required: { zh: '请输入岗位名称', en: 'Please enter the name' },
      maxLength: 64,
      filter: 'like',
      sortable: true,
      export: { width: 24 },
    },
    sort: {
      label: { zh: '排序', en: 'Order' },
      kind: 'integer',
      emptyAs: 0,
      range: {
        min: -999999,
        max: 999999,
        message: { zh: '排序必须是整数', en: 'The order must be a whole number' },
      },
      sortable: true,
      export: { width: 8 },
    },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 255, export: { width: 32 } },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
      export: { width: 20 },
    },
  },
});
