import { defineContract } from '../resource-contract';

/** A notice of the caller's tenant: blade-desk/notice (contract.md 4.11). */
export interface Notice {
  id: string;
  title: string;
  /** Dictionary `notice`: 1 发布通知 … 6 事务通知. */
  category: number;
  categoryName: string;
  releaseTime: string;
  content: string | null;
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  createTime: string;
}

/** Read by the notice screen and by the dashboard (`wel`), which every role holds. */
export const noticeContract = defineContract<Notice>()({
  service: 'blade-desk/notice',
  route: '/system/notice',
  title: { zh: '通知公告', en: 'Notice' },
  menu: 'notice',
  buttons: ['add', 'edit', 'delete', 'view'],
  fields: {
    title: {
      label: { zh: '通知标题', en: 'Title' },
      required: { zh: '请输入通知标题', en: 'Please enter the title' },
      maxLength: 255,
      filter: 'like',
      sortable: true,
    },
    category: {
      label: { zh: '通知类型', en: 'Category' },
      kind: 'integer',
      dict: 'notice',
      required: { zh: '请选择通知类型', en: 'Please choose a category' },
      range: { min: 1, max: 6, message: { zh: '请选择通知类型', en: 'Please choose a category' } },
      filter: 'equal',
      sortable: true,
    },
    categoryName: { label: { zh: '通知类型', en: 'Category' }, readOnly: true },
    // The server stores it as 'yyyy-MM-dd HH:mm:ss' whatever date form is sent.
    releaseTime: {
      label: { zh: '通知日期', en: 'Release date' },
      kind: 'dateTime',
      required: { zh: '请选择通知日期', en: 'Please choose the release date' },
      filter: 'like',
      sortable: true,
    },
    content: { label: { zh: '通知内容', en: 'Content' }, maxLength: 2000 },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});
