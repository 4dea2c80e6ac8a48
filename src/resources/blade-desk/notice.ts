import { defineResource } from '../types';

/** A notice of the caller's tenant: blade-desk/notice (contract.md 4.11). */
export interface Notice {
  id: string;
  title: string;
  /** Dictionary `notice`: 1 发布通知 … 6 事务通知. */
  category: number;
  categoryName: string;
  releaseTime: string;
  content: string | null;
  createTime: string;
}

export default defineResource<Notice>({
  service: 'blade-desk/notice',
  route: '/system/notice',
  title: { zh: '通知公告', en: 'Notice' },
  permissions: {
    add: 'notice_add',
    edit: 'notice_edit',
    remove: 'notice_delete',
    view: 'notice_view',
  },
  paging: 'generic',
  columns: [
    { field: 'title', label: { zh: '通知标题', en: 'Title' }, sortable: true, width: 260 },
    {
      field: 'category',
      label: { zh: '通知类型', en: 'Category' },
      kind: 'tag',
      dict: 'notice',
      width: 120,
      sortable: true,
    },
    {
      field: 'releaseTime',
      label: { zh: '通知日期', en: 'Release date' },
      kind: 'dateTime',
      sortable: true,
      width: 180,
    },
    { field: 'content', label: { zh: '通知内容', en: 'Content' }, width: 320 },
  ],
  filters: [
    { name: 'title', kind: 'input', label: { zh: '通知标题', en: 'Title' } },
    { name: 'category', kind: 'select', dict: 'notice', label: { zh: '通知类型', en: 'Category' } },
    {
      name: 'releaseTime',
      kind: 'dateRange',
      label: { zh: '通知日期', en: 'Release date' },
      // A notice may be dated ahead of its release.
      allowFuture: true,
    },
  ],
  form: [
    {
      name: 'title',
      kind: 'text',
      label: { zh: '通知标题', en: 'Title' },
      required: { zh: '请输入通知标题', en: 'Please enter the title' },
      maxLength: 255,
      wide: true,
    },
    {
      name: 'category',
      kind: 'select',
      dict: 'notice',
      label: { zh: '通知类型', en: 'Category' },
      required: { zh: '请选择通知类型', en: 'Please choose a category' },
    },
    {
      name: 'releaseTime',
      kind: 'date',
      label: { zh: '通知日期', en: 'Release date' },
      required: { zh: '请选择通知日期', en: 'Please choose the release date' },
    },
    {
      name: 'content',
      kind: 'textarea',
      label: { zh: '通知内容', en: 'Content' },
      maxLength: 2000,
      wide: true,
    },
  ],
  recordLabel: (notice) => notice.title,
});
