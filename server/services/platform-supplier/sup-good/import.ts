import { z } from 'zod';
import {
  AMOUNT_MAX_FEN,
  amountTooLargeFor,
  parseYuanOrOver,
} from '../../../../src/contracts/money.js';
import {
  endOfDay,
  SUP_GOOD,
  supGoodContract,
  VALID_END,
} from '../../../../src/contracts/platform-supplier/sup-good.js';
import {
  defineImport,
  type ImportCall,
  type ImportRow,
  type RowError,
} from '../../../lib/import/index.js';
import { DATE_FORMATS } from '../../../../src/contracts/date-formats.js';
import { nextId } from '../../../lib/ids.js';
import { insertAudit } from '../../../lib/records.js';
import { nowText, parseDateTime } from '../../../lib/time.js';
import { COST_ABOVE_FACE, GOOD_CODE_TAKEN } from './table.js';

const MENU = supGoodContract.codes.menu;
const TYPES: Record<string, number> = { '1': 1, '2': 2, '3': 3, 券码: 1, 直充: 2, 接口卡密: 3 };
const text = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`);
/** A price in yuan: as the form's money fields, at most one amount's bound (money.ts). */
const money = (label: string) =>
  z.string().transform((v, c) => {
    const fen = v.trim() === '' ? undefined : parseYuanOrOver(v);
    if (fen === undefined || fen < 0 || fen > AMOUNT_MAX_FEN) {
      const message =
        fen !== undefined && fen > AMOUNT_MAX_FEN
          ? amountTooLargeFor(label)
          : `${label}须为不超过两位小数的非负金额`;
      c.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return fen;
  });

const goodRow = z.object({
  supCode: text(32).min(1, '请输入供应商编码'),
  goodCode: text(64)
    .min(1, '请输入商品编码')
    .regex(/^[A-Za-z0-9_-]*$/, '商品编码只能包含字母、数字、_和-'),
  goodName: text(200).min(1, '请输入商品名称'),
  goodType: z.string().transform((v, c) => {
    const type = TYPES[v.trim()];
    if (!type) {
      c.addIssue({ code: 'custom', message: '商品类型只能是券码、直充或接口卡密' });
      return z.NEVER;
    }
    return type;
  }),
  marketAmount: money('面值'),
  costPrice: money('成本价'),
  validDays: z.string().transform((v, c) => {
    if (v.trim() === '') return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 3650) {
      c.addIssue({ code: 'custom', message: '有效天数须为1到3650的整数' });
      return z.NEVER;
    }
    return n;
  }),
  validEnd: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (VALID_END.test(v) && parseDateTime(v)),
      supGoodContract.fields.validEnd.pattern.message.zh,
    )
    .transform((v) => (v === '' ? '' : endOfDay(v))),
  remark: text(500),
});

export type GoodImportRow = z.infer<typeof goodRow>;

type NewGood = GoodImportRow & { supId: string };

/** Each row: its supplier (by code, in the caller's tenant), a code free at that supplier. */
async function checkGoods(call: ImportCall, rows: ImportRow<GoodImportRow>[]) {
  const { ctx, caller } = call;
  const errors: RowError[] = [];
  const plan: NewGood[] = [];
  const suppliers = new Map(
    (
      await ctx.db
        .selectFrom('bladeSup')
        .select(['id', 'supCode'])
        .where('tenantId', '=', caller.tenantId)
        .where('isDeleted', '=', 0)
        .execute()
    ).map((s) => [s.supCode, s.id]),
  );
  const existing = new Set(
    (
      await ctx.db
        .selectFrom('bladeSupGood')
        .select(['supId', 'goodCode'])
        .where('tenantId', '=', caller.tenantId)
        .where('isDeleted', '=', 0)
        .execute()
    ).map((g) => `${g.supId}\n${g.goodCode}`),
  );
  const inFile = new Map<string, number>();
  for (const { row, data } of rows) {
    const supId = suppliers.get(data.supCode);
    if (!supId) {
      errors.push({ row, column: 'supCode', message: `供应商不存在：${data.supCode}` });
      continue;
    }
    if (data.costPrice > data.marketAmount)
      errors.push({ row, column: 'costPrice', message: COST_ABOVE_FACE.split(':')[1]! });
    const key = `${supId}\n${data.goodCode}`;
    if (existing.has(key))
      errors.push({ row, column: 'goodCode', message: GOOD_CODE_TAKEN.split(':')[1]! });
    const first = inFile.get(key);
    if (first !== undefined)
      errors.push({ row, column: 'goodCode', message: `与第${first}行重复` });
    else inFile.set(key, row);
    plan.push({ ...data, supId });
  }
  return { errors, plan };
}

async function writeGoods(call: ImportCall, plan: NewGood[]) {
  const { ctx, caller } = call;
  const now = nowText();
  const values = plan.map((g) => ({
    id: nextId(),
    tenantId: caller.tenantId,
    supId: g.supId,
    goodCode: g.goodCode,
    goodName: g.goodName,
    goodType: g.goodType,
    marketAmount: g.marketAmount,
    costPrice: g.costPrice,
    validDays: g.validDays,
    validEnd: g.validEnd || null,
    onShelf: 0,
    stockWarn: null,
    validTimeWarn: null,
    interfaceGoodCode: null,
    signMethod: null,
    remark: g.remark || null,
    ...insertAudit(caller, now),
    version: 1,
  }));
  for (let i = 0; i < values.length; i += 200)
    await ctx.db
      .insertInto('bladeSupGood')
      .values(values.slice(i, i + 200))
      .execute();
  return { created: values.length, updated: 0 };
}

/**
 * `sup-good/import-spu-good` (the import engine): new goods of the caller's tenant's suppliers,
 * named by supplier code. Any wrong row and nothing is written; the result file names the rows.
 * New goods are enabled and off the shelf.
 */
export const supGoodImport = defineImport<GoodImportRow, NewGood[]>({
  type: 'sup-good',
  paths: {
    upload: `${SUP_GOOD}/import-spu-good`,
    template: `${SUP_GOOD}/export-template`,
    result: `${SUP_GOOD}/import-result`,
  },
  access: [`${MENU}_import`],
  templateFileName: '供应商商品导入模板.xlsx',
  sheetName: '供应商商品',
  columns: [
    { key: 'supCode', header: '供应商编码', required: true, example: 'SUP001', width: 16 },
    { key: 'goodCode', header: '商品编码', required: true, example: 'G-100', width: 18 },
    { key: 'goodName', header: '商品名称', required: true, example: '星巴克中杯券', width: 24 },
    {
      key: 'goodType',
      header: '商品类型',
      required: true,
      example: '券码',
      note: '券码、直充或接口卡密（或 1、2、3）',
      width: 12,
    },
    {
      key: 'marketAmount',
      header: '面值',
      required: true,
      example: '30.00',
      note: '元，最多两位小数',
      width: 10,
    },
    {
      key: 'costPrice',
      header: '成本价',
      required: true,
      example: '27.50',
      note: '元，最多两位小数，不高于面值',
      width: 10,
    },
    { key: 'validDays', header: '有效天数', example: '365', width: 10 },
    {
      key: 'validEnd',
      header: '有效期至',
      example: '2027-12-31',
      note: DATE_FORMATS.zh,
      width: 20,
    },
    { key: 'remark', header: '备注', example: '', width: 24 },
  ],
  schema: goodRow as unknown as z.ZodType<GoodImportRow, Record<string, string>>,
  maxRows: 5000,
  coverable: false,
  check: checkGoods,
  write: writeGoods,
});
