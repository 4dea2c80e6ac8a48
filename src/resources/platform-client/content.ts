import type { ComponentType } from 'react';
import {
  CONTENT_SERVICE,
  clientContentContract,
  type ClientContent,
} from '../../contracts/platform-client/client-content';
import { defineContractResource } from '../contract-resource';
import type { ActionDialogProps } from '../types';
import { ArticleText } from './content-parts';

type Dialog = ComponentType<ActionDialogProps<ClientContent>>;
const code = (alias: string) => `${clientContentContract.menu}_${alias}`;
const dialogs = () => import('./content-dialogs');
const named = (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => () =>
  dialogs().then((m) => ({ default: pick(m) }));

/**
 * 内容管理 (/access/content, issue 27 item 9): an access party's articles and links. The contract
 * gives the fields and calls (add and update are separate calls); the screen adds the import, its
 * template and the whole text in the detail drawer, shown as text.
 */
export default defineContractResource({
  contract: clientContentContract,
  paging: 'generic',
  paths: { update: 'update' },
  columns: [
    { field: 'cover', kind: 'image', width: 70 },
    { field: 'title', width: 220 },
    { field: 'linkType', width: 100 },
    { field: 'linkUrl', width: 200, hiddenByDefault: true },
    { field: 'clientName', width: 140 },
    { field: 'productName', width: 140 },
    { field: 'pinned', width: 80 },
    { field: 'state', width: 80 },
    { field: 'sort', kind: 'number', width: 70 },
    { field: 'createTime', width: 170 },
  ],
  filters: ['title', 'linkType', 'state', 'clientId', 'pinned'],
  form: {
    linkType: { initial: 'none' },
    linkUrl: { wide: true },
    summary: { kind: 'textarea', wide: true },
    body: { kind: 'textarea', wide: true },
    thumbnails: {
      kind: 'multiSelect',
      source: { path: `${CONTENT_SERVICE}/picture-options`, label: 'name', value: 'id' },
      wide: true,
    },
    pinned: { initial: '0' },
    state: { initial: 'online' },
  },
  toolbarActions: [
    {
      id: 'import',
      label: { zh: '导入', en: 'Import' },
      permission: code('import'),
      selection: 'none',
      dialog: named((m) => m.ContentImportDialog),
    },
    {
      id: 'template',
      label: { zh: '下载模板', en: 'Download template' },
      permission: code('template'),
      selection: 'none',
      readsOnly: true,
      dialog: named((m) => m.ContentTemplateDialog),
    },
  ],
  recordLabel: (c) => c.title,
  detailSection: ArticleText,
});
