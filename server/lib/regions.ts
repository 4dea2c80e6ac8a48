import type { Kysely } from 'kysely';
import { REGION_REFUSALS, type RegionRow } from '../../src/contracts/regions.js';
import type { DB } from '../db/schema.js';
import { chunks } from './chunks.js';
import { badRequest } from './errors.js';

/**
 * Regions of records in any service (contracts/regions.ts): the three codes checked as a path
 * of blade_region and resolved from the deepest level alone, and the names joined for lists.
 * Lives outside every business service so each one reads it the same way.
 */

/** The region refused, answered at the province (the form's one picker shows it). */
export const BAD_REGION = `provinceCode:${REGION_REFUSALS.missing.zh}`;

export interface RegionCodes {
  provinceCode?: string | null | undefined;
  cityCode?: string | null | undefined;
  districtCode?: string | null | undefined;
}

type Resolved = Pick<RegionRow, 'provinceCode' | 'cityCode' | 'districtCode'>;

/** Region names by code. */
export async function regionNames(
  db: Kysely<DB>,
  codes: readonly (string | null | undefined)[],
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

/** '北京市 / 市辖区 / 朝阳区' from a row's codes and the names read for them. */
export function regionNameOf(row: RegionCodes, names: ReadonlyMap<string, string>): string {
  return [row.provinceCode, row.cityCode, row.districtCode]
    .flatMap((c) => (c && names.has(c) ? [names.get(c)!] : []))
    .join(' / ');
}

/** Rows with `regionName` added (one read of blade_region for them all). */
export async function withRegionNames<R extends RegionCodes>(
  db: Kysely<DB>,
  rows: readonly R[],
): Promise<(R & { regionName: string })[]> {
  const names = await regionNames(
    db,
    rows.flatMap((r) => [r.provinceCode, r.cityCode, r.districtCode]),
  );
  return rows.map((r) => ({ ...r, regionName: regionNameOf(r, names) }));
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

/**
 * The region a record is written with: the three codes as a checked path, or, when only the
 * deepest level is sent (a form's one region picker), that region with its province and city
 * filled in from the regions tree. A region that is not a province, city or district: 400.
 */
export async function resolveRegion(db: Kysely<DB>, codes: RegionCodes): Promise<Resolved> {
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
