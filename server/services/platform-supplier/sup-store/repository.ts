import type { Kysely } from 'kysely';
import { STORE_REFUSALS } from '../../../../src/contracts/platform-supplier/sup-store.js';
import type { DB } from '../../../db/schema.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { TableCall } from '../../../lib/table/index.js';
import { chunks } from '../../../lib/chunks.js';
import { supplierNames } from '../names.js';

/**
 * Reads and checks shared by the store routes, the store import and the groups: names for the
 * answers (supplier, region), the references a store holds (supplier, region, goods) and the
 * store code's uniqueness.
 */

export const DUPLICATE_CODE = `storeCode:${STORE_REFUSALS.codeTaken.zh}`;
export const NO_SUPPLIER = `supId:${STORE_REFUSALS.noSupplier.zh}`;
export const BAD_REGION = `provinceCode:${STORE_REFUSALS.region.zh}`;
export const BAD_GOODS = `goodIds:${STORE_REFUSALS.goods.zh}`;

/** Region names by code. */
export async function regionNames(
  db: Kysely<DB>,
  codes: readonly (string | null)[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const wanted = [...new Set(codes.filter((c): c is string => !!c))];
  for (const part of chunks(wanted))
    for (const r of await db
      .selectFrom('bladeRegion')
      .select(['code', 'name'])
      .where('code', 'in', part)
      .execute())
      out.set(r.code, r.name);
  return out;
}

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
    regionName: [r.provinceCode, r.cityCode, r.districtCode]
      .flatMap((c) => (c && regions.has(c) ? [regions.get(c)!] : []))
      .join(' / '),
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

export interface RegionCodes {
  provinceCode?: string | null | undefined;
  cityCode?: string | null | undefined;
  districtCode?: string | null | undefined;
}

/**
 * The region is a path of blade_region: a city only under its province, a district only under
 * its city; a level may be left empty only when the levels below it are. Answers the problem's
 * text, or undefined when the codes hold.
 */
export async function regionProblem(
  db: Kysely<DB>,
  codes: RegionCodes,
): Promise<string | undefined> {
  const path = [codes.provinceCode, codes.cityCode, codes.districtCode].map((c) => c || null);
  if (path.every((c) => c === null)) return undefined;
  const last = path.findLastIndex((c) => c !== null);
  if (path.slice(0, last).some((c) => c === null)) return BAD_REGION;
  const given = path.filter((c): c is string => c !== null);
  const rows = await db
    .selectFrom('bladeRegion')
    .select(['code', 'parentCode'])
    .where('code', 'in', given)
    .execute();
  const parent = new Map(rows.map((r) => [r.code, r.parentCode]));
  for (let i = 0; i < given.length; i++) {
    if (!parent.has(given[i]!)) return BAD_REGION;
    if (i > 0 && parent.get(given[i]!) !== given[i - 1]) return BAD_REGION;
  }
  return undefined;
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

/**
 * The region a store is written with: the three codes as a checked path, or, when only the
 * deepest level is sent (a form's one region picker), that region with its province and city
 * filled in from the regions tree. A region that is not a province, city or district: 400.
 */
export async function resolveRegion(
  db: Kysely<DB>,
  codes: RegionCodes,
): Promise<{ provinceCode: string | null; cityCode: string | null; districtCode: string | null }> {
  const path = [codes.provinceCode, codes.cityCode, codes.districtCode].map((c) => c || null);
  const given = path.filter((c): c is string => c !== null);
  if (given.length === 1 && path[0] === null) {
    const region = await db
      .selectFrom('bladeRegion')
      .select(['level', 'provinceCode', 'cityCode', 'districtCode'])
      .where('code', '=', given[0]!)
      .executeTakeFirst();
    if (!region || region.level < 1 || region.level > 3) throw badRequest(BAD_REGION);
    return {
      provinceCode: region.provinceCode,
      cityCode: region.level >= 2 ? region.cityCode : null,
      districtCode: region.level >= 3 ? region.districtCode : null,
    };
  }
  const problem = await regionProblem(db, codes);
  if (problem) throw badRequest(problem);
  return { provinceCode: path[0]!, cityCode: path[1]!, districtCode: path[2]! };
}
