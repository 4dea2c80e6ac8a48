import type { Kysely } from 'kysely';
import { STORE_REFUSALS } from '../../../../src/contracts/platform-supplier/sup-store.js';
import type { DB } from '../../../db/schema.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { TableCall } from '../../../lib/table/index.js';
import { chunks } from '../../../lib/chunks.js';
import { regionNameOf, regionNames } from '../../../lib/regions.js';
import { supplierNames } from '../names.js';

/**
 * Reads and checks shared by the store routes, the store import and the groups: names for the
 * answers (supplier, region), the references a store holds (supplier, region, goods) and the
 * store code's uniqueness.
 */

export const DUPLICATE_CODE = `storeCode:${STORE_REFUSALS.codeTaken.zh}`;
export const NO_SUPPLIER = `supId:${STORE_REFUSALS.noSupplier.zh}`;
export const BAD_GOODS = `goodIds:${STORE_REFUSALS.goods.zh}`;

interface StoreNames {
  supId: string;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
}

/** Adds `supName` and `regionName` ('北京市 / 市辖区 / 朝阳区') to stores. */
export async function withNames<R extends StoreNames>(
  db: Kysely<DB>,
  tenantId: string,
  rows: readonly R[],
): Promise<(R & { supName: string; regionName: string })[]> {
  const sups = await supplierNames(
    db,
    tenantId,
    rows.map((r) => r.supId),
  );
  const regions = await regionNames(
    db,
    rows.flatMap((r) => [r.provinceCode, r.cityCode, r.districtCode]),
  );
  return rows.map((r) => ({
    ...r,
    supName: sups.get(r.supId) ?? '',
    regionName: regionNameOf(r, regions),
  }));
}

/** A live supplier of the tenant, or the field's 400. */
export async function assertSupplier(db: Kysely<DB>, tenantId: string, supId: string) {
  const found = await db
    .selectFrom('bladeSup')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('id', '=', supId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!found) throw badRequest(NO_SUPPLIER);
}

/** `goodIds` (comma-joined): every one a live good of the supplier. */
export async function assertGoods(
  db: Kysely<DB>,
  tenantId: string,
  supId: string,
  goodIds: string | null | undefined,
): Promise<void> {
  const ids = splitIds(goodIds);
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('bladeSupGood')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('supId', '=', supId)
    .where('isDeleted', '=', 0)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== new Set(ids).size) throw badRequest(BAD_GOODS);
}

export const splitIds = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * A store code is unique per supplier among live stores that are not marked repeats: 409 naming
 * the field when another store (not `id`) holds it.
 */
export async function assertCodeFree(
  db: Kysely<DB>,
  tenantId: string,
  supId: string,
  storeCode: string,
  id?: string,
): Promise<void> {
  let q = db
    .selectFrom('bladeSupStore')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .where('supId', '=', supId)
    .where('storeCode', '=', storeCode)
    .where('repeatFlag', '=', 0);
  if (id) q = q.where('id', '<>', id);
  if (await q.executeTakeFirst()) throw conflict(DUPLICATE_CODE);
}

/** Live stores of the caller's tenant by id; 404 when any is missing (all or nothing). */
export async function visibleStores(call: TableCall, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = [];
  for (const part of chunks(unique))
    rows.push(
      ...(await call.db
        .selectFrom('bladeSupStore')
        .selectAll()
        .where('tenantId', '=', call.user.tenantId)
        .where('isDeleted', '=', 0)
        .where('id', 'in', part)
        .execute()),
    );
  if (rows.length !== unique.length) throw notFound();
  return rows;
}
