import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import {
  defineImport,
  type ImportCall,
  type ImportDefinition,
  type ImportRow,
  type RowError,
} from '../../../lib/import/define.js';
import { nextId } from '../../../lib/ids.js';
import { insertAudit } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';
import { STORE_SERVICE } from '../../../../src/contracts/platform-supplier/sup-store.js';
import { chunks } from '../../../lib/chunks.js';

/**
 * import-spu-store: stores from the template's columns. The supplier is named by its code, the
 * region by names or codes (province, then a city under it, then a district under that). A row
 * whose store code the supplier already has is not refused: it waits in blade_sup_store_repeat
 * for the user's choice (merge-mode-store / exclusive-mode-store, set-repeat-Store per row);
 * every other row is written. Any wrong row: nothing is written (the import engine).
 */

const text = (max: number, what: string, required = false) => {
  const base = z.string().trim().max(max, `长度不能超过${max}个字符`);
  return required ? base.min(1, `请填写${what}`) : base;
};

const storeRow = z.object({
  supCode: text(32, '供应商编码', true),
  storeCode: text(64, '门店编码', true).regex(
    /^[A-Za-z0-9_-]*$/,
    '门店编码只能包含字母、数字、下划线和短横线',
  ),
  storeName: text(100, '门店名称', true),
  province: text(32, '省份'),
  city: text(32, '城市'),
  district: text(32, '区县'),
  address: text(255, '详细地址'),
  phone: text(32, '联系电话').regex(/^([0-9+\-() ]{5,32})?$/, '联系电话格式不正确'),
  remark: text(500, '备注'),
});
export type StoreImportRow = z.infer<typeof storeRow>;

/** The columns a store row writes (the import's, merge's and exclusive's). */
export interface StoreValues {
  supId: string;
  storeCode: string;
  storeName: string;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  address: string | null;
  phone: string | null;
  remark: string | null;
}

export interface StorePlan {
  creates: StoreValues[];
  repeats: { row: number; storeId: string; values: StoreValues }[];
}

/** Most rows one file may hold (the bench imports 20,000). */
export const STORE_IMPORT_MAX_ROWS = 20_000;

interface RegionNode {
  code: string;
  name: string;
  parentCode: string;
}

/** Finds a region under `parent` by its code or its name. */
async function regionFinder(db: Kysely<DB>) {
  const rows: RegionNode[] = await db
    .selectFrom('bladeRegion')
    .select(['code', 'name', 'parentCode'])
    .execute();
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const byParentName = new Map<string, RegionNode>();
  for (const r of rows) byParentName.set(`${r.parentCode}\u0000${r.name}`, r);
  // Provinces sit under the country (the tree's root), whatever its code.
  const roots = new Set(rows.filter((r) => !byCode.has(r.parentCode)).map((r) => r.code));
  return (value: string, parent: string | null): RegionNode | undefined => {
    const parents = parent === null ? [...roots] : [parent];
    const coded = byCode.get(value);
    if (coded && parents.includes(coded.parentCode)) return coded;
    for (const p of parents) {
      const named = byParentName.get(`${p}\u0000${value}`);
      if (named) return named;
    }
    return undefined;
  };
}

async function checkStores(
  call: ImportCall,
  rows: ImportRow<StoreImportRow>[],
): Promise<{ errors: RowError[]; plan: StorePlan }> {
  const db = call.ctx.db;
  const tenantId = call.caller.tenantId;
  const errors: RowError[] = [];
  const plan: StorePlan = { creates: [], repeats: [] };

  const codes = [...new Set(rows.map((r) => r.data.supCode))];
  const sups = new Map<string, string>();
  for (const part of chunks(codes))
    for (const s of await db
      .selectFrom('bladeSup')
      .select(['id', 'supCode'])
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where('supCode', 'in', part)
      .execute())
      sups.set(s.supCode, s.id);

  const existing = new Map<string, string>();
  const storeCodes = [...new Set(rows.map((r) => r.data.storeCode))];
  for (const part of chunks(storeCodes))
    for (const s of await db
      .selectFrom('bladeSupStore')
      .select(['id', 'supId', 'storeCode'])
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where('repeatFlag', '=', 0)
      .where('storeCode', 'in', part)
      .execute())
      existing.set(`${s.supId}\u0000${s.storeCode}`, s.id);

  const region = await regionFinder(db);
  const firstRow = new Map<string, number>();
  for (const { row, data } of rows) {
    const before = errors.length;
    const supId = sups.get(data.supCode);
    if (!supId) errors.push({ row, column: 'supCode', message: '供应商不存在' });
    const path: (string | null)[] = [];
    let parent: string | null = null;
    for (const [column, label] of [
      ['province', '省份'],
      ['city', '城市'],
      ['district', '区县'],
    ] as const) {
      const value = data[column];
      if (!value) {
        path.push(null);
        continue;
      }
      if (path.length > 0 && path.at(-1) === null) {
        errors.push({ row, column, message: `请先填写上一级地区` });
        break;
      }
      const found = region(value, parent);
      if (!found) {
        errors.push({ row, column, message: `${label}不存在：${value}` });
        break;
      }
      path.push(found.code);
      parent = found.code;
    }
    const key = `${data.supCode}\u0000${data.storeCode}`;
    const first = firstRow.get(key);
    if (first !== undefined)
      errors.push({ row, column: 'storeCode', message: `与第${first}行重复` });
    else firstRow.set(key, row);
    if (errors.length > before || !supId) continue;
    const values: StoreValues = {
      supId,
      storeCode: data.storeCode,
      storeName: data.storeName,
      provinceCode: path[0] ?? null,
      cityCode: path[1] ?? null,
      districtCode: path[2] ?? null,
      address: data.address || null,
      phone: data.phone || null,
      remark: data.remark || null,
    };
    const storeId = existing.get(`${supId}\u0000${data.storeCode}`);
    if (storeId) plan.repeats.push({ row, storeId, values });
    else plan.creates.push(values);
  }
  return { errors, plan };
}

/** Inserts stores, 200 a statement. */
export async function insertStores(
  db: Kysely<DB>,
  caller: ImportCall['caller'],
  stores: readonly StoreValues[],
  repeatFlag = 0,
): Promise<string[]> {
  const now = nowText();
  const ids: string[] = [];
  for (const part of chunks(stores, 200)) {
    const values = part.map((s) => {
      const id = nextId();
      ids.push(id);
      return {
        id,
        tenantId: caller.tenantId,
        ...s,
        goodIds: null,
        repeatFlag,
        ...insertAudit(caller, now),
        version: 1,
      };
    });
    await db.insertInto('bladeSupStore').values(values).execute();
  }
  return ids;
}

/**
 * The import of one request: `onRepeats` receives the id under which the rows waiting for a
 * choice were kept (the route renames it to the import's id once the engine has answered).
 */
export function storeImport(batch: { id: string }): ImportDefinition<StoreImportRow, StorePlan> {
  return defineImport<StoreImportRow, StorePlan>({
    type: 'sup-store',
    paths: {
      upload: `${STORE_SERVICE}/import-spu-store`,
      template: `${STORE_SERVICE}/export-template`,
      result: `${STORE_SERVICE}/import-result`,
    },
    access: ['store_import'],
    templateFileName: '门店数据模板.xlsx',
    sheetName: '门店数据',
    columns: STORE_IMPORT_COLUMNS,
    schema: storeRow,
    maxRows: STORE_IMPORT_MAX_ROWS,
    coverable: false,
    check: checkStores,
    write: async (call, plan) => {
      const db = call.ctx.db;
      await insertStores(db, call.caller, plan.creates);
      const now = nowText();
      for (const part of chunks(plan.repeats, 200))
        await db
          .insertInto('bladeSupStoreRepeat')
          .values(
            part.map((r) => ({
              id: nextId(),
              tenantId: call.caller.tenantId,
              importId: batch.id,
              rowNo: r.row,
              storeId: r.storeId,
              storeCode: r.values.storeCode,
              data: JSON.stringify(r.values),
              choice: null,
              applied: 0,
              createUser: call.caller.userId,
              createTime: now,
            })),
          )
          .execute();
      return { created: plan.creates.length, updated: 0 };
    },
  });
}

export const STORE_IMPORT_COLUMNS = [
  {
    key: 'supCode',
    header: '供应商编码',
    required: true,
    example: 'SUP001',
    note: '本租户的供应商编码',
    width: 16,
  },
  {
    key: 'storeCode',
    header: '门店编码',
    required: true,
    example: 'BJ-0001',
    note: '字母、数字、_和-，最多64个字符；供应商已有的编码导入后选择合并或独立保存',
    width: 18,
  },
  { key: 'storeName', header: '门店名称', required: true, example: '朝阳门店', width: 24 },
  { key: 'province', header: '省份', example: '北京市', note: '名称或区划编号', width: 12 },
  { key: 'city', header: '城市', example: '市辖区', note: '名称或区划编号', width: 12 },
  { key: 'district', header: '区县', example: '朝阳区', note: '名称或区划编号', width: 12 },
  { key: 'address', header: '详细地址', example: '建国路1号', width: 30 },
  { key: 'phone', header: '联系电话', example: '010-88886666', width: 16 },
  { key: 'remark', header: '备注', example: '', width: 20 },
] as const;
