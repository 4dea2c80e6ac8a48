import type { Insertable, Kysely } from 'kysely';
import type { DB, SupStoreGroupTable, SupStoreTable } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { nowText } from '../../lib/time.js';
import { demoScale } from './demo-supplier.js';

/** Stores of the operator's tenant per DEMO_SCALE, and groups. */
export const DEMO_STORES = 300;
export const DEMO_GROUPS = 10;
/** The demo tenant (100001) gets a few of its own, so its screens are not empty either. */
const DEMO_TENANT_STORES = 40;

const STREETS = ['人民路', '解放路', '中山路', '建设路', '和平路', '新华路', '长安街', '滨江路'];
const KINDS = ['旗舰店', '体验店', '社区店', '商场店', '直营店'];
const GROUPS = [
  '华北门店',
  '华东门店',
  '华南门店',
  '旗舰店',
  '社区店',
  '商场店',
  '新开门店',
  '重点门店',
  '夜间营业',
  '停车便利',
];

/**
 * Demo stores and store groups (issue 17 item 8): about 300 stores of tenant 000000's
 * suppliers (and 40 of tenant 100001's) spread over the districts of the regions seed (real
 * province, city and district codes), every tenth disabled; 10 groups holding some of them.
 * DEMO_SCALE multiplies the stores. Call after the regions and the suppliers are seeded.
 */
export async function seedDemoSupplierStores(db: Kysely<DB>): Promise<void> {
  const scale = demoScale();
  const districts = await db
    .selectFrom('bladeRegion')
    .select(['code', 'name', 'provinceCode', 'cityCode', 'cityName'])
    .where('level', '=', 3)
    .orderBy('code')
    .execute();
  const now = nowText();
  for (const [tenantId, count] of [
    ['000000', DEMO_STORES * scale],
    ['100001', DEMO_TENANT_STORES * scale],
  ] as const) {
    const sups = await db
      .selectFrom('bladeSup')
      .select(['id', 'supCode', 'shortName'])
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .orderBy('supCode')
      .execute();
    if (sups.length === 0) continue;
    const stores: Insertable<SupStoreTable>[] = [];
    for (let i = 0; i < count; i++) {
      const sup = sups[i % sups.length]!;
      const place = districts.length > 0 ? districts[i % districts.length] : undefined;
      const street = STREETS[Math.floor(i / 7) % STREETS.length]!;
      const kind = KINDS[i % KINDS.length]!;
      const seq = String(Math.floor(i / sups.length) + 1).padStart(4, '0');
      stores.push({
        id: nextId(),
        tenantId,
        supId: sup.id,
        storeCode: `${sup.supCode.replace(/^SUP-/, '')}-${seq}`,
        storeName: `${sup.shortName ?? sup.supCode}${place?.name ?? ''}${street}${kind}`,
        provinceCode: place?.provinceCode ?? null,
        cityCode: place?.cityCode ?? null,
        districtCode: place?.code ?? null,
        address: place ? `${place.cityName ?? ''}${place.name}${street}${(i % 300) + 1}号` : null,
        phone: `0${String(10 + (i % 80))}-${String(60000000 + i * 37).slice(-8)}`,
        goodIds: null,
        repeatFlag: 0,
        remark: null,
        createUser: null,
        createDept: null,
        createTime: now,
        updateUser: null,
        updateTime: now,
        status: i % 10 === 9 ? 0 : 1,
        isDeleted: 0,
        version: 1,
      });
    }
    for (let i = 0; i < stores.length; i += 200)
      await db
        .insertInto('bladeSupStore')
        .values(stores.slice(i, i + 200))
        .execute();
    if (tenantId !== '000000') continue;

    const groups: Insertable<SupStoreGroupTable>[] = GROUPS.slice(0, DEMO_GROUPS).map(
      (groupName) => ({
        id: nextId(),
        tenantId,
        groupName,
        remark: null,
        createUser: null,
        createDept: null,
        createTime: now,
        updateUser: null,
        updateTime: now,
        status: 1,
        isDeleted: 0,
        version: 1,
      }),
    );
    await db.insertInto('bladeSupStoreGroup').values(groups).execute();
    // Group g holds every 7th store from g, up to 30 of them: overlapping, different sizes.
    const rels = groups.flatMap((group, g) =>
      stores
        .filter((_, i) => i % 7 === g % 7)
        .slice(0, 10 + g * 2)
        .map((store) => ({ id: nextId(), tenantId, groupId: group.id, storeId: store.id })),
    );
    for (let i = 0; i < rels.length; i += 200)
      await db
        .insertInto('bladeSupStoreGroupRel')
        .values(rels.slice(i, i + 200))
        .execute();
  }
}
