import { z } from 'zod';
import {
  BODY_MAX,
  clientContentContract,
  CONTENT_SERVICE,
  LINK_TYPES,
  LINK_URL,
  PINNED,
  type LinkType,
} from '../../../../src/contracts/platform-client/client-content.js';
import { chunks } from '../../../lib/chunks.js';
import { nextId } from '../../../lib/ids.js';
import { defineImport, type ImportColumn } from '../../../lib/import/index.js';
import { insertAudit } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';
import { linkRefusal } from './article.js';

/**
 * batch/import: contents from the template's columns, all or nothing (lib/import). The access
 * party and the product are named by their codes; the link type and status by their labels (or
 * keys). A refused row is named in the result file with why.
 */

const { fields, codes } = clientContentContract;
const tooLong = (max: number) => `长度不能超过${max}个字符`;
const text = (max: number) => z.string().trim().max(max, tooLong(max));

/** A cell that is a label (zh) or a key of `choices`, blank: `empty`. */
function choice<K extends string>(
  choices: Readonly<Record<K, { zh: string }>>,
  empty: K,
  message: string,
) {
  const byText = new Map<string, K>();
  for (const [key, c] of Object.entries(choices) as [K, { zh: string }][]) {
    byText.set(key, key);
    byText.set(c.zh, key);
  }
  return z.string().transform((v, c) => {
    const value = v.trim();
    if (value === '') return empty;
    const found = byText.get(value);
    if (found === undefined) {
      c.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return found;
  });
}

const choiceMessage = (label: string, choices: Readonly<Record<string, { zh: string }>>) =>
  `${label}须为${Object.values(choices)
    .map((c) => c.zh)
    .join('、')}之一`;

const contentRow = z.object({
  title: text(200).min(1, fields.title.required.zh),
  summary: text(500),
  body: z.string().max(BODY_MAX, tooLong(BODY_MAX)),
  linkType: choice(LINK_TYPES, 'none' as LinkType, choiceMessage('链接类型', LINK_TYPES)),
  linkUrl: text(1000).refine(
    (v) => v === '' || LINK_URL.test(v),
    fields.linkUrl.pattern.message.zh,
  ),
  clientCode: text(32),
  productCode: text(32),
  sort: z.string().transform((v, c) => {
    const n = v.trim() === '' ? 0 : Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 999_999) {
      c.addIssue({ code: 'custom', message: fields.sort.range.message.zh });
      return z.NEVER;
    }
    return n;
  }),
  pinned: z.string().transform((v, c) => {
    const value = v.trim();
    if (['', '0', '否', PINNED['0'].zh].includes(value)) return 0;
    if (['1', '是', PINNED['1'].zh].includes(value)) return 1;
    c.addIssue({ code: 'custom', message: '置顶须为是或否' });
    return z.NEVER;
  }),
  state: choice(fields.state.choices, 'online', choiceMessage('状态', fields.state.choices)),
});
type ContentImportRow = z.infer<typeof contentRow>;

export const CONTENT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'title', header: '标题', required: true, example: '春季咖啡节', width: 30 },
  { key: 'summary', header: '摘要', example: '全场饮品第二杯半价', width: 30 },
  { key: 'body', header: '正文', example: '活动时间：3月1日至3月31日', width: 40 },
  {
    key: 'linkType',
    header: '链接类型',
    example: '外部链接',
    note: Object.values(LINK_TYPES)
      .map((l) => l.zh)
      .join('、'),
    width: 12,
  },
  { key: 'linkUrl', header: '链接地址', example: 'https://example.com/spring', width: 36 },
  { key: 'clientCode', header: '接入方编码', example: 'C001', width: 14 },
  { key: 'productCode', header: '产品编码', example: '', width: 14 },
  { key: 'sort', header: '排序', example: '1', note: '0到999999的整数', width: 8 },
  { key: 'pinned', header: '置顶', example: '否', note: '是、否', width: 8 },
  { key: 'state', header: '状态', example: '上线', note: '上线、下线', width: 8 },
];

interface Plan {
  rows: (Omit<ContentImportRow, 'clientCode' | 'productCode'> & {
    clientId: string | null;
    productId: string | null;
  })[];
}

/** Most rows one file may hold. */
export const CONTENT_IMPORT_MAX_ROWS = 5_000;

export const contentImport = defineImport<ContentImportRow, Plan>({
  type: 'client-content',
  paths: {
    upload: `${CONTENT_SERVICE}/batch/import`,
    template: `${CONTENT_SERVICE}/download/template`,
    result: `${CONTENT_SERVICE}/import-result`,
  },
  access: [`${codes.menu}_import`],
  templateFileName: '内容导入模板.xlsx',
  sheetName: '内容',
  columns: CONTENT_IMPORT_COLUMNS,
  schema: contentRow,
  maxRows: CONTENT_IMPORT_MAX_ROWS,
  coverable: false,
  async check(call, rows) {
    const db = call.ctx.db;
    const tenantId = call.caller.tenantId;
    const idsOf = async (table: 'bladePsclient' | 'bladePsclientProduct', wanted: string[]) => {
      const found = new Map<string, string>();
      const column = table === 'bladePsclient' ? 'clientCode' : 'productCode';
      for (const part of chunks([...new Set(wanted.filter(Boolean))]))
        for (const r of (await db
          .selectFrom(table)
          .select(['id', column])
          .where('tenantId', '=', tenantId)
          .where('isDeleted', '=', 0)
          .where(column, 'in', part)
          .execute()) as Record<string, string>[])
          found.set(r[column]!, r.id!);
      return found;
    };
    const clients = await idsOf(
      'bladePsclient',
      rows.map((r) => r.data.clientCode),
    );
    const products = await idsOf(
      'bladePsclientProduct',
      rows.map((r) => r.data.productCode),
    );
    const errors = [];
    const plan: Plan = { rows: [] };
    for (const { row, data } of rows) {
      const { clientCode, productCode, ...rest } = data;
      const clientId = clientCode ? clients.get(clientCode) : null;
      const productId = productCode ? products.get(productCode) : null;
      const before = errors.length;
      if (clientId === undefined)
        errors.push({ row, column: 'clientCode', message: '接入方不存在' });
      if (productId === undefined)
        errors.push({ row, column: 'productCode', message: '产品不存在' });
      const link = linkRefusal({ ...rest, linkUrl: rest.linkUrl, productId: productCode });
      if (link) {
        const [field, message] = link.split(':') as [string, string];
        errors.push({ row, column: field === 'productId' ? 'productCode' : field, message });
      }
      if (errors.length === before)
        plan.rows.push({ ...rest, clientId: clientId ?? null, productId: productId ?? null });
    }
    return { errors, plan };
  },
  async write(call, plan) {
    const now = nowText();
    for (const part of chunks(plan.rows, 200))
      await call.ctx.db
        .insertInto('bladeClientContent')
        .values(
          part.map((r) => ({
            id: nextId(),
            tenantId: call.caller.tenantId,
            title: r.title,
            summary: r.summary || null,
            body: r.body || null,
            linkType: r.linkType,
            linkUrl: r.linkUrl || null,
            clientId: r.clientId,
            productId: r.productId,
            sort: r.sort,
            pinned: r.pinned,
            thumbnails: null,
            state: r.state,
            version: 1,
            ...insertAudit(call.caller, now),
          })),
        )
        .execute();
    return { created: plan.rows.length, updated: 0 };
  },
});
