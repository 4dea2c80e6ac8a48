import type { Insertable, Kysely } from 'kysely';
import type { DB, ParkLotTable } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { audit } from './system.js';

/** Demo parking lots per tenant (the lot screen's first page and a second). */
export const DEMO_PARK_LOTS = { '000000': 24, '100001': 6 } as const;

const PLACES = [
  '万达广场',
  '火车站南',
  '市民中心',
  '体育馆',
  '人民医院',
  '科技园',
  '滨江公园',
  '机场T2',
];

/**
 * Parking lots of both demo tenants over the districts of the regions seed: every third on the
 * operator's HTTP interface (the rest on the sandbox), every seventh disabled, most offering the
 * first supplier's parking rights. Call after the regions and the suppliers are seeded.
 */
export async function seedDemoParkLots(db: Kysely<DB>): Promise<void> {
  const districts = await db
    .selectFrom('bladeRegion')
    .select(['code', 'provinceCode', 'cityCode', 'cityName'])
    .where('level', '=', 3)
    .orderBy('code')
    .execute();
  for (const [tenantId, count] of Object.entries(DEMO_PARK_LOTS)) {
    const sup = await db
      .selectFrom('bladeSup')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .orderBy('supCode')
      .executeTakeFirst();
    const lots: Insertable<ParkLotTable>[] = [];
    for (let i = 0; i < count; i++) {
      const place = districts[i % Math.max(1, districts.length)];
      const name = `${place?.cityName ?? ''}${PLACES[i % PLACES.length]}停车场${i >= PLACES.length ? Math.floor(i / PLACES.length) + 1 : ''}`;
      lots.push({
        id: nextId(),
        tenantId,
        lotCode: `P${String(i + 1).padStart(4, '0')}`,
        lotName: name,
        provinceCode: place?.provinceCode ?? null,
        cityCode: place?.cityCode ?? null,
        districtCode: place?.code ?? null,
        address: `${PLACES[i % PLACES.length]}地下${(i % 3) + 1}层`,
        spaces: 120 + ((i * 37) % 880),
        operator: i % 3 === 2 ? 'http' : 'sandbox',
        supId: i % 4 === 3 ? null : (sup?.id ?? null),
        enabled: i % 7 === 6 ? 0 : 1,
        ...audit(),
      });
    }
    if (lots.length > 0) await db.insertInto('bladeParkLot').values(lots).execute();
  }
}
