import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { DATE_FORMATS } from '../../../../src/contracts/date-formats.js';
import {
  CODE_MAX_LENGTH,
  CODE_SERVICE,
  IMPORT_MAX_ROWS,
  type BatchSource,
} from '../../../../src/contracts/platform-supplier/coupon-code.js';
import { endOfDay } from '../../../../src/contracts/platform-supplier/sup-good.js';
import type { AuthUser } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import {
  defineImport,
  type ImportColumn,
  type ImportDefinition,
  type ImportRow,
  type RowError,
} from '../../../lib/import/define.js';
import { insertAudit } from '../../../lib/records.js';
import { nowText, parseDateTime } from '../../../lib/time.js';
import { codeDigest, codeDigests, maskCode, normaliseCode, sealedCode } from './code-crypto.js';
import { chunks } from '../../../lib/chunks.js';
import { COUPON_CODE_GOOD } from './repository.js';
import { batchNoOf } from '../numbers.js';

/** The import record's type: one per good, so the same file may stock two goods. */
export const importType = (goodId: string) => `sup-coupon-code:${goodId}`;
export const IMPORT_TYPE_PREFIX = 'sup-coupon-code:';

/**
 * The columns of a code import. Codes and pins are secrets (domain.md "No plain codes at rest"):
 * a result file shows a code masked as lists do (`maskCode`) and a pin only as stars, under
 * headers that an upload does not take, so a result file can never stock masked codes.
 */
export const CODE_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'code',
    header: '券码',
    aliases: ['券码号'],
    required: true,
    example: 'ABCD1234EFGH5678',
    width: 30,
    secret: { header: '券码（已脱敏）', mask: (value) => maskCode(normaliseCode(value)) },
  },
  {
    key: 'pin',
    header: '卡密',
    aliases: ['密码'],
    example: '',
    note: '可选',
    width: 20,
    secret: { header: '卡密（已隐藏）', mask: (value) => (value.trim() ? '******' : '') },
  },
  {
    key: 'validStart',
    header: '有效期开始',
    example: '2026-01-01',
    note: 'yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss，可选',
    width: 20,
  },
  {
    key: 'validEnd',
    header: '有效期结束',
    example: '2027-12-31',
    note: 'yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss，可选（默认商品的有效期）',
    width: 20,
  },
];

const dateCell = (what: string) =>
  z
    .string()
    .trim()
    // Both forms are read (parseDateTime): the message names both (issue 25 item 18).
    .refine((v) => v === '' || parseDateTime(v) !== undefined, `${what}格式应为${DATE_FORMATS.zh}`);

/** One row's texts, checked (the same rules for a file, a pasted list and the interface). */
export const codeRow = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, '请填写券码')
      .max(CODE_MAX_LENGTH, `券码长度不能超过${CODE_MAX_LENGTH}个字符`),
    pin: z
      .string()
      .trim()
      .max(CODE_MAX_LENGTH, `卡密长度不能超过${CODE_MAX_LENGTH}个字符`)
      .optional()
      .default(''),
    validStart: dateCell('有效期开始').optional().default(''),
    validEnd: dateCell('有效期结束').optional().default(''),
  })
  .transform((r) => ({
    code: r.code,
    pin: r.pin || null,
    validStart: r.validStart ? parseDateTime(r.validStart)! : null,
    // A day means through its end ('2027-12-31' is valid until 2027-12-31 23:59:59).
    validEnd: r.validEnd
      ? r.validEnd.length === 10
        ? endOfDay(r.validEnd)
        : parseDateTime(r.validEnd)!
      : null,
  }));
export type CodeInput = z.output<typeof codeRow>;

/** The good codes are stocked for: a live coupon-code good of the tenant (else 404 / 400). */
export async function stockGood(db: Kysely<DB>, tenantId: string, goodId: unknown) {
  if (typeof goodId !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(goodId))
    throw badRequest('goodId:请选择商品');
  const good = await db
    .selectFrom('bladeSupGood as g')
    .innerJoin('bladeSup as s', 's.id', 'g.supId')
    .select([
      'g.id',
      'g.supId',
      'g.goodCode',
      'g.goodName',
      'g.goodType',
      'g.validDays',
      'g.validEnd',
      'g.interfaceGoodCode',
    ])
    .where('g.id', '=', goodId)
    .where('g.tenantId', '=', tenantId)
    .where('g.isDeleted', '=', 0)
    .where('s.isDeleted', '=', 0)
    .executeTakeFirst();
  if (!good) throw notFound();
  if (Number(good.goodType) !== COUPON_CODE_GOOD) throw badRequest('该商品不是券码类商品');
  return good;
}
export type StockGood = Awaited<ReturnType<typeof stockGood>>;

/** A code's validEnd when its row names none: the good's validEnd, or validDays from today. */
function defaultValidEnd(good: StockGood): string | null {
  if (good.validEnd) return good.validEnd.length === 10 ? endOfDay(good.validEnd) : good.validEnd;
  if (good.validDays && Number(good.validDays) > 0) {
    const d = new Date(Date.now() + Number(good.validDays) * 86_400_000);
    return endOfDay(nowTextOf(d));
  }
  return null;
}
const nowTextOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export interface CodePlan {
  good: StockGood;
  rows: (CodeInput & { digest: string })[];
}

/**
 * Checks parsed rows against the rules that need the database or the whole list: a validEnd in
 * the past, a start after the end, the same code twice (by digest: case ignored), a code the
 * supplier already has in stock (by digest, the unique index's key, or a pre-issue-25 digest).
 */
export async function checkCodes(
  ctx: Pick<AppContext, 'db' | 'jwtSecret'>,
  tenantId: string,
  good: StockGood,
  rows: ImportRow<CodeInput>[],
): Promise<{ errors: RowError[]; plan: CodePlan }> {
  const errors: RowError[] = [];
  const now = nowText();
  const fallbackEnd = defaultValidEnd(good);
  const planned: CodePlan['rows'] = [];
  /** digest -> the row that has it first (the key's digest: case ignored). */
  const first = new Map<string, number>();
  /** The row number of each planned code. */
  const firstRows: number[] = [];
  for (const { row, data } of rows) {
    const validEnd = data.validEnd ?? fallbackEnd;
    if (validEnd && validEnd < now) {
      errors.push({ row, column: 'validEnd', message: '有效期结束已过期' });
      continue;
    }
    if (validEnd && data.validStart && data.validStart > validEnd) {
      errors.push({ row, column: 'validStart', message: '有效期开始不能晚于有效期结束' });
      continue;
    }
    const digest = codeDigest(ctx, data.code);
    const earlier = first.get(digest);
    if (earlier !== undefined) {
      errors.push({ row, column: 'code', message: `与第${earlier}行重复` });
      continue;
    }
    first.set(digest, row);
    firstRows.push(row);
    planned.push({ ...data, validEnd, digest });
  }
  // In stock under any digest the code may carry (codes stored before keys ignored case).
  const rowOf = new Map<string, number>();
  for (const [i, p] of planned.entries())
    for (const d of codeDigests(ctx, p.code)) rowOf.set(d, firstRows[i]!);
  const taken = new Set<number>();
  for (const part of chunks([...rowOf.keys()], 500)) {
    const found = await ctx.db
      .selectFrom('bladeSupCouponCode')
      .select('codeDigest')
      .where('tenantId', '=', tenantId)
      .where('supId', '=', good.supId)
      .where('codeDigest', 'in', part)
      .execute();
    for (const t of found) taken.add(rowOf.get(t.codeDigest)!);
  }
  for (const row of [...taken].sort((a, b) => a - b))
    errors.push({ row, column: 'code', message: '券码已存在于库存中' });
  return { errors, plan: { good, rows: planned } };
}

/** A unique violation of the codes' (tenant, supplier, digest) index. */
export function isDigestClash(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e?.code === '23505') return e.constraint === 'blade_sup_code_digest_unique';
  return (
    typeof e?.message === 'string' &&
    e.message.includes('UNIQUE constraint failed: blade_sup_coupon_code.tenant_id')
  );
}

/**
 * Writes one batch and its unused codes inside `trx` (codes sealed, digests for look-up), in
 * chunks. A code that another request stocked meanwhile meets the unique index: 409.
 */
export async function writeBatch(
  trx: Transaction<DB> | Kysely<DB>,
  ctx: Pick<AppContext, 'jwtSecret'>,
  user: AuthUser,
  batch: {
    good: StockGood;
    source: BatchSource;
    fileName: string | null;
    importId: string | null;
    rows: CodePlan['rows'];
  },
): Promise<{ batchId: string; batchNo: string }> {
  const now = nowText();
  const batchId = nextId();
  const batchNo = batchNoOf(batchId);
  const ends = batch.rows.map((r) => r.validEnd).filter((v): v is string => !!v);
  const starts = batch.rows.map((r) => r.validStart).filter((v): v is string => !!v);
  const audit = insertAudit(user, now);
  await trx
    .insertInto('bladeSupBatchCouponCode')
    .values({
      id: batchId,
      tenantId: user.tenantId,
      batchNo,
      supId: batch.good.supId,
      goodId: batch.good.id,
      source: batch.source,
      totalCount: batch.rows.length,
      validStart: starts.length ? starts.reduce((a, b) => (a < b ? a : b)) : null,
      validEnd: ends.length ? ends.reduce((a, b) => (a > b ? a : b)) : null,
      importId: batch.importId,
      fileName: batch.fileName,
      remark: null,
      ...audit,
    })
    .execute();
  try {
    // 23 columns a row: 400 rows stay well under SQLite's 32766 bound parameters.
    for (const part of chunks(batch.rows, 400)) {
      await trx
        .insertInto('bladeSupCouponCode')
        .values(
          part.map((r) => {
            const sealed = sealedCode(ctx, r.code, r.pin);
            return {
              id: nextId(),
              tenantId: user.tenantId,
              batchId,
              supId: batch.good.supId,
              goodId: batch.good.id,
              ...sealed,
              validStart: r.validStart,
              validEnd: r.validEnd,
              state: 'unused',
              orderId: null,
              issueTime: null,
              usedTime: null,
              invalidTime: null,
              ...audit,
            };
          }),
        )
        .execute();
    }
  } catch (error) {
    if (isDigestClash(error)) throw conflict('券码已存在于库存中');
    throw error;
  }
  return { batchId, batchNo };
}

/**
 * import-batch-coupon through the import engine (lib/import: size, type, zip-bomb checks, every
 * row checked, all or nothing with a result file). The good comes with the upload, so the
 * definition is made per request; `written` receives the batch.
 */
export function codeImport(
  good: StockGood,
  written: (batch: { batchId: string; batchNo: string }) => void,
): ImportDefinition<CodeInput, CodePlan> {
  return defineImport<CodeInput, CodePlan>({
    type: importType(good.id),
    paths: {
      upload: `${CODE_SERVICE}/import-batch-coupon`,
      template: `${CODE_SERVICE}/export-template`,
      result: `${CODE_SERVICE}/import/result`,
    },
    access: ['code_batch_import'],
    templateFileName: '券码导入模板.xlsx',
    sheetName: '券码',
    columns: CODE_COLUMNS,
    schema: codeRow as unknown as z.ZodType<CodeInput, Record<string, string>>,
    uniqueKey: 'code',
    maxRows: IMPORT_MAX_ROWS,
    coverable: false,
    check: (call, rows) => checkCodes(call.ctx, call.caller.tenantId, good, rows),
    async write(call, plan) {
      const batch = await writeBatch(call.ctx.db as Transaction<DB>, call.ctx, call.caller, {
        good,
        source: 'import',
        fileName: null,
        importId: null,
        rows: plan.rows,
      });
      written(batch);
      return { created: plan.rows.length, updated: 0 };
    },
  });
}
