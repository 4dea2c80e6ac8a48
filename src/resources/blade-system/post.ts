import { defineResource } from '../types';

/** A post (job title) of the caller's tenant: blade-system/post (contract.md 4.6). */
export interface Post {
  id: string;
  category: number;
  categoryName: string;
  postCode: string;
  postName: string;
  sort: number;
  remark: string | null;
  createTime: string;
}

export default defineResource<Post>({
  service: 'blade-system/post',
  route: '/system/post',
  title: { zh: '岗位', en: 'Post' },
  permissions: {
    add: 'post_add',
    edit: 'post_edit',
    remove: 'post_delete',
    view: 'post_view',
    export: 'post_export',
  },
  export: { excelType: 'post' },
  paging: 'generic',
  columns: [
    { field: 'categoryName', label: { zh: '岗位类型', en: 'Category' }, width: 120 },
    { field: 'postCode', label: { zh: '岗位编号', en: 'Code' }, sortable: true },
    { field: 'postName', label: { zh: '岗位名称', en: 'Name' }, sortable: true },
    {
      field: 'sort',
      label: { zh: '排序', en: 'Order' },
      kind: 'number',
      width: 120,
      sortable: true,
      // The submit validates a whole post (category, code and name are required).
      edit: { kind: 'text', extraFields: ['id', 'category', 'postCode', 'postName', 'remark'] },
    },
    { field: 'remark', label: { zh: '备注', en: 'Remark' }, width: 220 },
  ],
  filters: [
    {
      name: 'category',
      kind: 'select',
      dict: 'post_category',
      label: { zh: '岗位类型', en: 'Category' },
    },
    { name: 'postCode', kind: 'input', label: { zh: '岗位编号', en: 'Code' } },
    { name: 'postName', kind: 'input', label: { zh: '岗位名称', en: 'Name' } },
  ],
  form: [
    {
      name: 'category',
      kind: 'select',
      dict: 'post_category',
      label: { zh: '岗位类型', en: 'Category' },
      required: { zh: '请选择岗位类型', en: 'Please choose a category' },
    },
    {
      name: 'postCode',
      kind: 'text',
      label: { zh: '岗位编号', en: 'Code' },
      required: { zh: '请输入岗位编号', en: 'Please enter the code' },
      maxLength: 32,
    },
    {
      name: 'postName',
      kind: 'text',
      label: { zh: '岗位名称', en: 'Name' },
      required: { zh: '请输入岗位名称', en: 'Please enter the name' },
      maxLength: 64,
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
  recordLabel: (post) => post.postName,
});
