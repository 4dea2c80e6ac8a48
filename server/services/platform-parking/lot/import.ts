import { z } from 'zod';
import {
  PARK_LOT_CALLS,
  parkLotContract,
} from '../../../../src/contracts/platform-parking/park-lot.js';
import { chunks } from '../../../lib/chunks.js';
import { nextId } from '../../../lib/ids.js';
import {
  defineImport,
  type ImportCall,
  type ImportRow,
  type RowError,
} from '../../../lib/import/index.js';
import { insertAudit } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';

const { fields } = parkLotContract;
const text = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`);
/** The interface by its value or its zh label (沙箱 / HTTP接口). */
const OPERATORS: Record<string, 'sandbox' | 'http'> = {
  sandbox: 'sandbox',
  http: 'http',
  沙箱: 'sandbox',
  HTTP接口: 'http',
};

const lotRow = z.object({
  lotCode: text(32)
    .min(1, fields.lotCode.required.zh)
    .regex(fields.lotCode.pattern.regex, fields.lotCode.pattern.message.zh),
  lotName: text(100).min(1, fields.lotName.required.zh),
  province: text(32),
  city: text(32),
  district: text(32),
  address: text(255),
  spaces: z.string().transform((v, c) => {
    if (v.trim() === '') return 0;
    const n = Number(v);
    const { min, max, message } = fields.spaces.range;
    if (!Number.isInteger(n) || n < min || n > max) {
      c.addIssue({ code: 'custom', message: message.zh });
      return z.NEVER;
    }
    return n;
  }),
  operator: z.string().transform((v, c) => {
    const op = OPERATORS[v.trim()];
    if (!op) {
      c.addIssue({ code: 'custom', message: '对接方式须为沙箱、HTTP接口之一' });
      return z.NEVER;
    }
    return op;
  }),
  supCode: text(32),
});
type LotImportRow = z.infer<typeof lotRow>;

interface NewLot {
  lotCode: string;
  lotName: string;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  address: string | null;
  spaces: number;
  operator: string;
  supId: string | null;
}

/** Rows: a code free in the tenant, a region by names or codes, a supplier by its code. */
async function checkLots(call: ImportCall, rows: ImportRow<LotImportRow>[]) {
  const { ctx, caller } = call;
  const errors: RowError[] = [];
  const plan: NewLot[] = [];
  const sups = new Map(
    (
      await ctx.db
        .selectFrom('bladeSup')
        .select(['id', 'supCode'])
        .where('tenantId', '=', caller.tenantId)
        .where('isDeleted', '=', 0)
        .execute()
    ).map((s) => [s.supCode, s.id]),
  );
  const taken = new Set<string>();
  for (const part of chunks([...new Set(rows.map((r) => r.data.lotCode))]))
    for (const l of await ctx.db
      .selectFrom('bladeParkLot')
      .select('lotCode')
      .where('tenantId', '=', caller.tenantId)
      .where('isDeleted', '=', 0)
      .where('lotCode', 'in', part)
      .execute())
      taken.add(l.lotCode);
  const regions = await ctx.db
    .selectFrom('bladeRegion')
    .select(['code', 'name', 'parentCode', 'level'])
    .where('level', '<=', 3)
    .execute();
  /** A region of `level` under `parent` (null: any province) by its code or its name. */
  const region = (value: string, level: number, parent: string | null) =>
    regions.find(
      (r) =>
        r.level === level &&
        (parent === null || r.parentCode === parent) &&
        (r.code === value || r.name === value),
    );
  for (const { row, data } of rows) {
    const before = errors.length;
    if (taken.has(data.lotCode))
      errors.push({ row, column: 'lotCode', message: fields.lotCode.unique.zh });
    const supId = data.supCode ? sups.get(data.supCode) : null;
    if (supId === undefined)
      errors.push({ row, column: 'supCode', message: `供应商不存在：${data.supCode}` });
    const codes: (string | null)[] = [null, null, null];
    let parent: string | null = null;
    for (const [i, column, label] of [
      [0, 'province', '省份'],
      [1, 'city', '城市'],
      [2, 'district', '区县'],
    ] as const) {
      const value = data[column];
      if (!value) break;
      const found = region(value, i + 1, parent);
      if (!found) {
        errors.push({ row, column, message: `${label}不存在：${value}` });
        break;
      }
      codes[i] = found.code;
      parent = found.code;
    }
    if (errors.length > before) continue;
    plan.push({
      lotCode: data.lotCode,
      lotName: data.lotName,
      provinceCode: codes[0]!,
      cityCode: codes[1]!,
      districtCode: codes[2]!,
      address: data.address || null,
      spaces: data.spaces,
      operator: data.operator,
      supId: supId ?? null,
    });
  }
  return { errors, plan };
}

/**
 * `parking/lot/importParkData` (the import engine, button parking_lot_import): new lots of the
 * caller's tenant from the template's columns. Any wrong row and nothing is written; the result
 * file names the rows and why. A code the tenant has is refused (no covering).
 */
export const parkLotImport = defineImport<LotImportRow, NewLot[]>({
  type: 'park-lot',
  paths: {
    upload: PARK_LOT_CALLS.importParkData,
    template: PARK_LOT_CALLS.importTemplate,
    result: PARK_LOT_CALLS.importResult,
  },
  access: ['parking_lot_import'],
  templateFileName: '停车场导入模板.xlsx',
  sheetName: '停车场',
  columns: [
    { key: 'lotCode', header: '车场编号', required: true, example: 'P1001', width: 14 },
    { key: 'lotName', header: '车场名称', required: true, example: '万达广场停车场', width: 24 },
    { key: 'province', header: '省份', example: '北京市', note: '名称或区划编号', width: 12 },
    { key: 'city', header: '城市', example: '市辖区', note: '名称或区划编号', width: 12 },
    { key: 'district', header: '区县', example: '朝阳区', note: '名称或区划编号', width: 12 },
    { key: 'address', header: '详细地址', example: '建国路1号地下1层', width: 28 },
    { key: 'spaces', header: '车位数', example: '300', note: '0到100000', width: 10 },
    {
      key: 'operator',
      header: '对接方式',
      required: true,
      example: '沙箱',
      note: '沙箱或HTTP接口',
      width: 12,
    },
    { key: 'supCode', header: '权益供应商编码', example: '', note: '可不填', width: 16 },
  ],
  schema: lotRow as unknown as z.ZodType<LotImportRow, Record<string, string>>,
  uniqueKey: 'lotCode',
  maxRows: 5000,
  coverable: false,
  check: checkLots,
  write: async ({ ctx, caller }, plan) => {
    const now = nowText();
    for (const part of chunks(plan, 200))
      await ctx.db
        .insertInto('bladeParkLot')
        .values(
          part.map((l) => ({
            id: nextId(),
            tenantId: caller.tenantId,
            ...l,
            enabled: 1,
            ...insertAudit(caller, now),
            version: 1,
          })),
        )
        .execute();
    return { created: plan.length, updated: 0 };
  },
});
