import { defineResource } from '../types';
import { type Attach, ATTACH_TYPES } from '../../contracts/blade-resource/attach';

export default defineResource<Attach>({
  service: 'blade-resource/attach',
  route: '/system/attach',
  title: { zh: '附件', en: 'Attachment' },
  permissions: { remove: 'attach_delete', view: 'attach_view' },
  paging: 'generic',
  columns: [
    { field: 'originalName', label: { zh: '附件名称', en: 'Name' }, sortable: true },
    {
      field: 'attachSize',
      label: { zh: '附件大小（字节）', en: 'Size (bytes)' },
      kind: 'number',
      width: 150,
      sortable: true,
    },
    { field: 'extension', label: { zh: '附件类型', en: 'Type' }, kind: 'tag', width: 110 },
    { field: 'createUserName', label: { zh: '上传人', en: 'Uploaded by' }, width: 140 },
    {
      field: 'createTime',
      label: { zh: '上传时间', en: 'Uploaded' },
      kind: 'dateTime',
      width: 180,
      sortable: true,
    },
  ],
  filters: [
    { name: 'originalName', kind: 'input', label: { zh: '附件名称', en: 'Name' } },
    {
      name: 'extension',
      kind: 'select',
      label: { zh: '附件类型', en: 'Type' },
      options: ATTACH_TYPES.map((t) => ({
        value: t.slice(1),
        label: { zh: t.slice(1), en: t.slice(1) },
      })),
    },
    { name: 'createTime', kind: 'dateRange', label: { zh: '上传时间', en: 'Uploaded' } },
  ],
  toolbarActions: [
    {
      id: 'upload',
      label: { zh: '上传', en: 'Upload' },
      permission: 'attach_upload',
      selection: 'none',
      dialog: () => import('./attach-upload-dialog'),
    },
  ],
  rowActions: [
    {
      id: 'download',
      label: { zh: '下载', en: 'Download' },
      permission: 'attach_download',
      dialog: () => import('./attach-download-dialog'),
    },
  ],
  recordLabel: (a) => a.originalName,
});
