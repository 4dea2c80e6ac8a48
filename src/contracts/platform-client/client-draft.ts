import { clientDraftLifecycle } from '../../../machines/lifecycles/client-draft-machine';
import { CLIENT_SERVICE } from '../business-services';
import { lifecycleChoices } from '../lifecycle-choices';
import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';
import { ARTICLE_FIELDS, PINNED, type LinkType } from './client-content';

/**
 * A manuscript draft (issue 27 item 9): content an operator writes for an access party before it
 * is committed for publishing, `${CLIENT_SERVICE}/drafts`, through its lifecycle
 * (machines/lifecycles/client-draft-machine.ts). Fields as a content's; `state`, `pinned`
 * (drafts/top) and the thumbnails (their own calls, blade_client_draft_thumbnail) are written by
 * the draft's own calls, never by a submit. Plain text, shown as text.
 */
export interface ClientDraft {
  id: string;
  title: string;
  summary: string | null;
  body: string | null;
  linkType: LinkType;
  linkUrl: string | null;
  clientId: string | null;
  clientName: string;
  productId: string | null;
  productName: string;
  sort: number;
  /** Picture ids of the thumbnails in their order, comma-joined ('' when none). */
  thumbnails: string;
  /** The thumbnails with their addresses (`id`: the thumbnail's, for its calls). */
  thumbnailList: DraftThumbnail[];
  /** The first thumbnail's address ('' when none). */
  cover: string;
  pinned: number;
  state: string;
  /** 'manual' (drafts/add) or 'link' (import/one/of/link). */
  source: 'manual' | 'link';
  commitTime: string | null;
  version: number;
  createTime: string;
  updateTime: string | null;
}

export interface DraftThumbnail {
  id: string;
  picId: string;
  name: string;
  link: string;
  sort: number;
}

/** drafts/status/list: every state with its count of the tenant's live drafts. */
export interface DraftStatusCount {
  state: string;
  label: string;
  labelEn: string;
  count: number;
}

export const DRAFT_SERVICE = `${CLIENT_SERVICE}/drafts`;

/** update/of/field changes one of these, nothing else. */
export const DRAFT_FIELDS_EDITABLE = ['title', 'summary', 'body', 'linkUrl', 'sort'] as const;

/** cutting/breakthrough: the summary takes at most this many characters (default, bounds). */
export const CUT_DEFAULT = 200;
export const CUT_MIN = 20;
export const CUT_MAX = 500;

/** The largest thumbnail upload. */
export const THUMBNAIL_MAX_MB = 2;

export const DRAFT_REFUSALS = {
  field: {
    zh: `只能修改以下字段：${DRAFT_FIELDS_EDITABLE.join('、')}`,
    en: `Only these fields can be changed: ${DRAFT_FIELDS_EDITABLE.join(', ')}`,
  },
  cutLength: {
    zh: `拆分长度须为${CUT_MIN}到${CUT_MAX}的整数`,
    en: `The cut length is a whole number from ${CUT_MIN} to ${CUT_MAX}`,
  },
  tooShort: { zh: '正文不够长，无需拆分', en: 'The body is too short to cut' },
  pinned: { zh: '置顶只能是0或1', en: 'Pinned must be 0 or 1' },
  thumbnailMissing: { zh: '缩略图不存在', en: 'The thumbnail does not exist' },
  tooLarge: {
    zh: `缩略图大小不能超过${THUMBNAIL_MAX_MB}M`,
    en: `A thumbnail is at most ${THUMBNAIL_MAX_MB} MB`,
  },
  picture: { zh: '请选择图片或上传图片', en: 'Choose a picture or upload one' },
  linkUrl: { zh: '请输入链接地址', en: 'Please enter the link URL' },
  place: { zh: '位置须为0到999的整数', en: 'The place is a whole number from 0 to 999' },
  busy: {
    zh: '稿件正在被其他操作处理，请稍后重试',
    en: 'The draft is being changed by another action: try again shortly',
  },
} as const;
knownMessages(...Object.values(DRAFT_REFUSALS));

export const DRAFT_STATES = lifecycleChoices(clientDraftLifecycle, {
  draft: 'gray',
  submitted: 'blue',
  published: 'green',
  rejected: 'red',
});

const text = (zh: string, en: string) => ({ zh, en });

export const clientDraftContract = defineContract<ClientDraft>()({
  service: DRAFT_SERVICE,
  route: '/access/content-drafts',
  title: text('稿件', 'Draft'),
  menu: 'client_draft',
  buttons: ['add', 'edit', 'delete', 'view'],
  calls: { list: 'query', submit: 'add', remove: 'delete' },
  fields: {
    ...ARTICLE_FIELDS,
    thumbnails: { label: text('缩略图', 'Thumbnails'), readOnly: true },
    cover: { label: text('封面', 'Cover'), readOnly: true },
    pinned: {
      label: text('置顶', 'Pinned'),
      kind: 'integer',
      choices: PINNED,
      readOnly: true,
      filter: 'equal',
    },
    state: {
      label: text('状态', 'Status'),
      choices: DRAFT_STATES,
      readOnly: true,
      filter: 'equal',
    },
    source: {
      label: text('来源', 'Source'),
      choices: {
        manual: { zh: '手动新增', en: 'Written', color: 'gray' },
        link: { zh: '链接导入', en: 'From a link', color: 'cyan' },
      },
      readOnly: true,
    },
    commitTime: { label: text('提交时间', 'Committed'), kind: 'dateTime', readOnly: true },
    createTime: {
      label: text('创建时间', 'Created'),
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
    updateTime: { label: text('修改时间', 'Updated'), kind: 'dateTime', readOnly: true },
  },
});
