import { CLIENT_SERVICE } from '../business-services';
import { defineContract } from '../resource-contract';
import { knownMessages } from '../server-messages';

/**
 * An access party's content (issue 27 item 9, domain.md "content and manuscript drafts"): the
 * articles and links a client shows on its pages, `${CLIENT_SERVICE}/content/management`. Every
 * text is plain text, shown as text, never as HTML. The link type says where a tap leads: nowhere,
 * the content's own article page, the product's page (`productId`) or an http(s) address
 * (`linkUrl`). `thumbnails` are picture ids of the tenant's media stock, comma-joined on the wire.
 */
export interface ClientContent {
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
  /** Picture ids of the media stock, comma-joined ('' when none). */
  thumbnails: string;
  /** The address of the first thumbnail ('' when none). */
  cover: string;
  /** 1 pinned (listed first), 0 not. */
  pinned: number;
  state: 'online' | 'offline';
  version: number;
  createTime: string;
  updateTime: string | null;
}

/** Where a tap on a content (or a draft) leads. */
export const LINK_TYPES = {
  none: { zh: '无跳转', en: 'None', color: 'gray' },
  article: { zh: '图文详情', en: 'Article page', color: 'blue' },
  product: { zh: '产品页', en: 'Product page', color: 'teal' },
  url: { zh: '外部链接', en: 'External URL', color: 'grape' },
} as const;
export type LinkType = keyof typeof LINK_TYPES;

/** link/types and link-type/list: the link types in their order. */
export interface LinkTypeOption {
  value: LinkType;
  label: string;
  labelEn: string;
}
export const LINK_TYPE_OPTIONS: readonly LinkTypeOption[] = (
  Object.entries(LINK_TYPES) as [LinkType, (typeof LINK_TYPES)[LinkType]][]
).map(([value, l]) => ({ value, label: l.zh, labelEn: l.en }));

/** The longest body: plain text of a long article. */
export const BODY_MAX = 20_000;
/** The most thumbnails a content or a draft shows. */
export const THUMBNAILS_MAX = 3;
/** An http(s) address, nothing else (no javascript:, data:, relative or blank-filled ones). */
export const LINK_URL = /^https?:\/\/[^\s<>"'`\\]+$/i;

export const CONTENT_SERVICE = `${CLIENT_SERVICE}/content/management`;

/** Refusals beyond the fields' own checks (the server answers the zh). */
export const CONTENT_REFUSALS = {
  linkUrlNeeded: { zh: '外部链接须填写链接地址', en: 'An external link needs its URL' },
  productNeeded: { zh: '产品页链接须选择产品', en: 'A product page link needs a product' },
  thumbnails: { zh: '缩略图不存在或已删除', en: 'A thumbnail does not exist or was removed' },
  thumbnailsMax: {
    zh: `最多${THUMBNAILS_MAX}张缩略图`,
    en: `At most ${THUMBNAILS_MAX} thumbnails`,
  },
  ids: { zh: '参数格式错误', en: 'Malformed parameter' },
  noId: { zh: '请选择要修改的内容', en: 'Choose the content to change' },
  addWithId: { zh: '新增不能指定id，修改请用update', en: 'An add takes no id: update changes one' },
} as const;
knownMessages(...Object.values(CONTENT_REFUSALS));

const text = (zh: string, en: string) => ({ zh, en });

/** The fields a content and a draft share, in the form's order. */
export const ARTICLE_FIELDS = {
  title: {
    label: text('标题', 'Title'),
    required: text('请输入标题', 'Please enter the title'),
    maxLength: 200,
    filter: 'like',
    sortable: true,
  },
  summary: { label: text('摘要', 'Summary'), maxLength: 500 },
  body: { label: text('正文', 'Body'), maxLength: BODY_MAX },
  linkType: {
    label: text('链接类型', 'Link type'),
    required: text('请选择链接类型', 'Please choose the link type'),
    choices: LINK_TYPES,
    filter: 'equal',
  },
  linkUrl: {
    label: text('链接地址', 'Link URL'),
    maxLength: 1000,
    pattern: {
      regex: LINK_URL,
      message: text(
        '链接地址须以http://或https://开头',
        'The URL must start with http:// or https://',
      ),
    },
  },
  clientId: { label: text('接入方', 'Access party'), ref: 'psclient', filter: 'equal' },
  clientName: { label: text('接入方', 'Access party'), readOnly: true, nameOf: 'clientId' },
  productId: { label: text('产品', 'Product'), ref: 'psclientProduct', filter: 'equal' },
  productName: { label: text('产品', 'Product'), readOnly: true, nameOf: 'productId' },
  sort: {
    label: text('排序', 'Sort order'),
    kind: 'integer',
    emptyAs: 0,
    range: { min: 0, max: 999_999, message: text('排序须为0到999999的整数', '0 to 999999') },
    sortable: true,
  },
} as const;

/** Pinned or not (integer choices: a select in forms and filters, a tag in the list). */
export const PINNED = {
  '1': { zh: '置顶', en: 'Pinned', color: 'orange' },
  '0': { zh: '未置顶', en: 'Not pinned', color: 'gray' },
} as const;

export const clientContentContract = defineContract<ClientContent>()({
  service: CONTENT_SERVICE,
  route: '/access/content',
  title: text('内容', 'Content'),
  menu: 'client_content',
  buttons: ['add', 'edit', 'delete', 'view'],
  calls: { list: 'query/list', submit: 'add', remove: { path: 'delete', method: 'GET' } },
  fields: {
    ...ARTICLE_FIELDS,
    thumbnails: { label: text('缩略图', 'Thumbnails'), maxLength: 2000 },
    cover: { label: text('封面', 'Cover'), readOnly: true },
    pinned: {
      label: text('置顶', 'Pinned'),
      kind: 'integer',
      emptyAs: 0,
      choices: PINNED,
      filter: 'equal',
    },
    state: {
      label: text('状态', 'Status'),
      required: text('请选择状态', 'Please choose the status'),
      choices: {
        online: { zh: '上线', en: 'Online', color: 'green' },
        offline: { zh: '下线', en: 'Offline', color: 'gray' },
      },
      filter: 'equal',
    },
    createTime: {
      label: text('创建时间', 'Created'),
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
    updateTime: { label: text('修改时间', 'Updated'), kind: 'dateTime', readOnly: true },
  },
});
