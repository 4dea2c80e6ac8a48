import { z } from 'zod';
import {
  discountOf,
  endOfDay,
  SUP_GOOD_REFUSALS,
  supGoodContract,
} from '../../../../src/contracts/platform-supplier/sup-good.js';
import { optionalText } from '../../../../src/contracts/resource-contract.js';
import { parseDateTime } from '../../../lib/time.js';
import type { AppContext } from '../../../context.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { defineContractTable, dictNames } from '../../../lib/table/index.js';
import type { TableCall } from '../../../lib/table/define.js';
import { PICKER_SCREENS } from '../picker-readers.js';
import { supplierNames } from '../names.js';

export const GOOD_CODE_TAKEN = `goodCode:${SUP_GOOD_REFUSALS.codeTaken.zh}`;
export const COST_ABOVE_FACE = `costPrice:${SUP_GOOD_REFUSALS.costAboveFace.zh}`;
export const NO_SUPPLIER = `supId:${SUP_GOOD_REFUSALS.noSupplier.zh}`;
export const ON_SHELF_DELETE = SUP_GOOD_REFUSALS.onShelfDelete.zh;
const { validEnd } = supGoodContract.fields;

/** validEnd: a real calendar day (with or without a time), stored as the end of that day. */
export const validEndInput = optionalText(validEnd.maxLength, (t) =>
  t.regex(validEnd.pattern.regex, validEnd.pattern.message.zh),
).pipe(
  z
    .string()
    .optional()
    .refine((v) => v === undefined || parseDateTime(v) !== undefined, validEnd.pattern.message.zh)
    .transform((v) => (v === undefined ? undefined : endOfDay(v))),
);

/** Whether another live good of the supplier has the code. */
export async function goodCodeTaken(
  db: TableCall['db'],
  tenantId: string,
  supId: string,
  goodCode: string,
  exceptId?: string,
): Promise<boolean> {
  let q = db
    .selectFrom('bladeSupGood')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('supId', '=', supId)
    .where('goodCode', '=', goodCode)
    .where('isDeleted', '=', 0);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

interface FenRow {
  supId: string;
  goodType: number;
  marketAmount: number;
  costPrice: number;
}

/**
 * What every answer adds to a good: its supplier's name, its type's name and the discount
 * (from the fen amounts, before the money fields become yuan).
 */
export async function decorateGoods<R extends FenRow>(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
  rows: R[],
  grantsVersion?: number,
) {
  const [names, types] = await Promise.all([
    supplierNames(
      ctx.db,
      tenantId,
      rows.map((r) => r.supId),
      { live: true },
    ),
    dictNames(ctx, 'sup_good_type', grantsVersion),
  ]);
  return rows.map((r) => ({
    ...r,
    supName: names.get(r.supId) ?? '',
    goodTypeName: types.get(String(r.goodType)) ?? '',
    discount: discountOf(Number(r.costPrice), Number(r.marketAmount)),
  }));
}

/**
 * `${SUPPLIER_SERVICE}/sup-good`: the goods of the caller's tenant's suppliers. The supplier must
 * be the tenant's; a code is unique per supplier (409 naming goodCode); the cost price may not be
 * above the face value. New goods are enabled and off the shelf; a good on the shelf cannot be
 * removed.
 */
const declared = defineContractTable({
  contract: supGoodContract,
  table: 'bladeSupGood',
  versioned: true,
  scope: 'tenant',
  readers: PICKER_SCREENS,
  fieldInputs: { validEnd: validEndInput },
  defaultOrder: { createTime: 'desc', id: 'desc' },
  answerCache: ['blade_sup_good', 'blade_sup'],
  decorate: (call, rows) =>
    decorateGoods(call.ctx, call.user.tenantId, rows as FenRow[], call.user.grantsVersion),
  beforeSave: async (call, input, id) => {
    const names = await supplierNames(call.ctx.db, call.user.tenantId, [input.supId], {
      live: true,
    });
    if (!names.has(input.supId)) throw badRequest(NO_SUPPLIER);
    if (input.costPrice > input.marketAmount) throw badRequest(COST_ABOVE_FACE);
    if (await goodCodeTaken(call.db, call.user.tenantId, input.supId, input.goodCode, id))
      throw conflict(GOOD_CODE_TAKEN);
  },
  beforeRemove: async (call, ids) => {
    const onShelf = await call.db
      .selectFrom('bladeSupGood')
      .select('id')
      .where('tenantId', '=', call.user.tenantId)
      .where('id', 'in', ids)
      .where('onShelf', '=', 1)
      .executeTakeFirst();
    if (onShelf) throw badRequest(ON_SHELF_DELETE);
  },
});

/**
 * The columns the list, detail and export answer: the submit fields, plus those that change
 * through their own calls (shelf, warnings, interface code), which the contract marks read-only.
 */
export default {
  ...declared,
  columns: [
    ...declared.columns,
    'onShelf',
    'stockWarn',
    'validTimeWarn',
    'interfaceGoodCode',
  ] as typeof declared.columns,
};
