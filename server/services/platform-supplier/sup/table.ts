import { z } from 'zod';
import {
  SUP_DRIVERS,
  SUP_ENABLED,
  SUP_REFUSALS,
  SUP_STATUS_NAMES,
  supContract,
  type Supplier,
} from '../../../../src/contracts/platform-supplier/sup.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { isRefusedHost, outboundRefusal } from '../../../lib/outbound.js';
import { blank, defineContractTable, dictNames, type TableCall } from '../../../lib/table/index.js';
import { maskSecret, secretField } from '../../blade-resource/settings.js';
import { encryptInterfaceSecret } from '../driver/index.js';
import { answerContactPhone, sealContactPhone } from './contact-phone.js';
import { followSettlement } from '../balance/settlement.js';
import type { SupTable } from '../../../db/schema.js';
import type { Kysely } from 'kysely';
import { PICKER_SCREENS } from '../picker-readers.js';
import type { DB } from '../../../db/schema.js';

const { fields } = supContract;

/** The answer to a code another live supplier of the tenant has. */
export const SUP_CODE_TAKEN = `supCode:${SUP_REFUSALS.codeTaken.zh}`;

/** Screens that pick suppliers (goods, stores, and the order, code and quota screens) read the list too. */
export const SUP_READERS = ['supplier_goods', 'store', 'store_group', ...PICKER_SCREENS] as const;

/**
 * Refuses to remove suppliers that have goods on shelf (409 naming the first such supplier):
 * nothing is removed. Runs inside the remove transaction.
 */
export async function assertNoGoodsOnShelf(db: Kysely<DB>, tenantId: string, ids: string[]) {
  const held = await db
    .selectFrom('bladeSupGood as g')
    .innerJoin('bladeSup as s', 's.id', 'g.supId')
    .select('s.supName')
    .where('g.tenantId', '=', tenantId)
    .where('g.supId', 'in', ids)
    .where('g.onShelf', '=', 1)
    .where('g.isDeleted', '=', 0)
    .orderBy('s.supCode')
    .executeTakeFirst();
  if (held) throw conflict(`供应商「${held.supName}」存在已上架商品，不能删除`);
}

type Row = Pick<
  SupTable,
  'contactPhone' | 'interfaceSecret' | 'settlementType' | 'supplyType' | 'status'
>;

/**
 * Answers: dictionary names, the enable flag's name (the export's 状态), the phone encrypted for
 * the session, the secret masked.
 */
export async function presentSuppliers<R extends Row>(call: TableCall, rows: R[]) {
  const [settlement, supply] = await Promise.all([
    dictNames(call.ctx, 'sup_settlement_type', call.user.grantsVersion),
    dictNames(call.ctx, 'sup_supply_type', call.user.grantsVersion),
  ]);
  return rows.map((r) => ({
    ...r,
    contactPhone: answerContactPhone(call.ctx, call.user, r.contactPhone),
    interfaceSecret: maskSecret(r.interfaceSecret),
    settlementTypeName: settlement.get(String(r.settlementType)) ?? '',
    supplyTypeName: supply.get(String(r.supplyType)) ?? '',
    statusName: SUP_STATUS_NAMES[Number(r.status) === SUP_ENABLED ? 1 : 0].zh,
  })) as unknown as Supplier[];
}

/**
 * `${SUPPLIER_SERVICE}/sup` (issue 17 item 1): the suppliers of the caller's tenant. The engine
 * serves list, detail, select, submit and remove; routes.ts adds the spec's own calls (get,
 * list-not-page, enable, DELETE delete, export-supplier, files, belonging tenants).
 */
export default defineContractTable({
  contract: supContract,
  table: 'bladeSup',
  versioned: true,
  scope: 'tenant',
  readers: SUP_READERS,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  fieldInputs: {
    // Blank is the embedded default, the sandbox.
    driver: z.preprocess(
      (v) => (blank(v) ? 'sandbox' : v),
      z.enum(SUP_DRIVERS, { error: SUP_REFUSALS.driver.zh }),
    ),
    interfaceSecret: secretField(fields.interfaceSecret.maxLength),
  },
  toRow: ({ interfaceSecret, contactPhone, ...rest }, call) => ({
    ...rest,
    contactPhone: sealContactPhone(call.ctx, contactPhone),
    // Absent (blank or the mask): the column is not written, so an update keeps the stored one.
    ...(interfaceSecret === undefined
      ? {}
      : { interfaceSecret: encryptInterfaceSecret(call.ctx, interfaceSecret) }),
  }),
  beforeSave: async (call, input, id) => {
    if (input.driver === 'http' && !input.interfaceEndpoint)
      throw badRequest(`interfaceEndpoint:${SUP_REFUSALS.endpointRequired.zh}`);
    // The http driver calls it: not this machine, a private network or a metadata service
    // (lib/outbound.ts; the driver checks again at call time, after name resolution).
    if (input.interfaceEndpoint) {
      const host = new URL(input.interfaceEndpoint).hostname;
      if (isRefusedHost(host, call.ctx.config.outboundAllowlist))
        throw badRequest(`interfaceEndpoint:${outboundRefusal('接口地址')}`);
    }
    let q = call.db
      .selectFrom('bladeSup')
      .select('id')
      .where('tenantId', '=', call.user.tenantId)
      .where('supCode', '=', input.supCode)
      .where('isDeleted', '=', 0);
    if (id) q = q.where('id', '<>', id);
    if (await q.executeTakeFirst()) throw conflict(SUP_CODE_TAKEN);
    // Its balance's type follows the settlement type; credit left keeps it postpaid (409).
    if (id) await followSettlement(call.db, call.user.tenantId, id, input.settlementType);
  },
  beforeRemove: async (call, ids) => assertNoGoodsOnShelf(call.db, call.user.tenantId, ids),
  decorate: presentSuppliers,
});
