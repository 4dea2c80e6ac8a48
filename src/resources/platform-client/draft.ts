import type { ComponentType } from 'react';
import { allows } from '../../../machines/lifecycles/lifecycle';
import { clientDraftLifecycle } from '../../../machines/lifecycles/client-draft-machine';
import {
  DRAFT_SERVICE,
  clientDraftContract,
  type ClientDraft,
} from '../../contracts/platform-client/client-draft';
import { defineContractResource } from '../contract-resource';
import type { ActionDef, ActionDialogProps } from '../types';
import { ArticleText, DraftStatusBanner } from './content-parts';

type Dialog = ComponentType<ActionDialogProps<ClientDraft>>;
const code = (alias: string) => `${clientDraftContract.menu}_${alias}`;
const dialogs = () => import('./content-dialogs');
const named = (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => () =>
  dialogs().then((m) => ({ default: pick(m) }));
const editable = (row: ClientDraft) => allows(clientDraftLifecycle, row.state, 'edit');
const byId = (rows: readonly ClientDraft[]) => ({ id: rows[0]!.id });

/** 置顶 / 取消置顶 of a row. */
const pin = (pinned: 0 | 1): ActionDef<ClientDraft> => ({
  id: pinned ? 'pin' : 'unpin',
  label: pinned ? { zh: '置顶', en: 'Pin' } : { zh: '取消置顶', en: 'Unpin' },
  permission: code('top'),
  when: (row) => Number(row.pinned) !== pinned,
  call: {
    path: `${DRAFT_SERVICE}/top`,
    params: (rows) => ({ ...byId(rows), pinned: String(pinned) }),
    confirm: pinned
      ? { zh: '确定置顶该稿件？', en: 'Pin this draft?' }
      : { zh: '确定取消置顶？', en: 'Unpin this draft?' },
    done: pinned ? { zh: '置顶成功', en: 'Pinned' } : { zh: '已取消置顶', en: 'Unpinned' },
  },
});

/**
 * 稿件草稿 (/access/content-drafts, issue 27 item 9): drafts through their lifecycle. Edit, cut and
 * thumbnails are offered while the machine allows `edit`, 提交 while it allows `commit`; the
 * counts per state sit above the list, the whole text in the detail drawer, shown as text.
 */
export default defineContractResource({
  contract: clientDraftContract,
  paging: 'generic',
  columns: [
    { field: 'cover', kind: 'image', width: 70 },
    { field: 'title', width: 220 },
    { field: 'state', width: 90 },
    { field: 'linkType', width: 100 },
    { field: 'clientName', width: 140 },
    { field: 'productName', width: 140, hiddenByDefault: true },
    { field: 'pinned', width: 80 },
    { field: 'source', width: 90 },
    { field: 'sort', kind: 'number', width: 70, hiddenByDefault: true },
    { field: 'commitTime', width: 170 },
    { field: 'createTime', width: 170 },
  ],
  filters: ['title', 'state', 'linkType', 'clientId', 'pinned'],
  form: {
    linkType: { initial: 'article' },
    linkUrl: { wide: true },
    summary: { kind: 'textarea', wide: true },
    body: { kind: 'textarea', wide: true },
  },
  editableWhen: editable,
  rowActions: [
    {
      id: 'commit',
      label: { zh: '提交', en: 'Commit' },
      permission: code('commit'),
      when: (row) => allows(clientDraftLifecycle, row.state, 'commit'),
      call: {
        path: `${DRAFT_SERVICE}/commit`,
        params: byId,
        confirm: {
          zh: '确定提交该稿件？提交后不能再修改。',
          en: 'Commit this draft? It can no longer be changed.',
        },
        done: { zh: '提交成功', en: 'Committed' },
      },
    },
    pin(1),
    pin(0),
    {
      id: 'thumbnails',
      label: { zh: '缩略图', en: 'Thumbnails' },
      permission: code('edit'),
      when: editable,
      dialog: named((m) => m.DraftThumbnailsDialog),
    },
    {
      id: 'cut',
      label: { zh: '拆分摘要', en: 'Cut a summary' },
      permission: code('edit'),
      when: (row) => editable(row) && Boolean(row.body),
      call: {
        path: `${DRAFT_SERVICE}/cutting/breakthrough`,
        params: byId,
        confirm: {
          zh: '将正文开头（200字以内，止于段落或句末）移作摘要，原摘要将被替换。确定？',
          en: 'Move the start of the body (up to 200 characters, to a paragraph or sentence end) into the summary, replacing it?',
        },
        done: { zh: '拆分成功', en: 'Summary cut' },
      },
    },
  ],
  toolbarActions: [
    {
      id: 'fromLink',
      label: { zh: '链接导入', en: 'From a link' },
      permission: code('import'),
      selection: 'none',
      dialog: named((m) => m.DraftLinkDialog),
    },
  ],
  recordLabel: (d) => d.title,
  banner: DraftStatusBanner,
  detailSection: ArticleText,
});
