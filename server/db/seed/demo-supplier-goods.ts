import type { Insertable, Kysely } from 'kysely';
import type { DB, SupGoodTable } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { nowText } from '../../lib/time.js';

/** [name, face value in fen, cost in permille of face] per demo supplier code (demo-supplier.ts). */
const GOODS: Record<string, [string, number, number][]> = {
  XBK: [
    ['中杯拿铁券', 3000, 920],
    ['大杯美式券', 3300, 910],
    ['星冰乐券', 3800, 900],
    ['早餐套餐券', 4500, 880],
    ['50元储值卡', 5000, 950],
    ['100元储值卡', 10000, 950],
    ['月饼礼盒券', 29800, 850],
    ['双杯分享券', 5800, 890],
  ],
  RXKF: [
    ['生椰拿铁券', 1990, 780],
    ['瑞幸美式券', 1500, 800],
    ['厚乳拿铁券', 2200, 790],
    ['10元代金券', 1000, 900],
    ['20元代金券', 2000, 900],
    ['50元代金券', 5000, 900],
    ['双杯券', 3500, 820],
  ],
  YDHF: [
    ['移动话费10元', 1000, 985],
    ['移动话费30元', 3000, 982],
    ['移动话费50元', 5000, 980],
    ['移动话费100元', 10000, 978],
    ['移动话费200元', 20000, 976],
    ['移动话费300元', 30000, 975],
    ['移动话费500元', 50000, 975],
  ],
  AQY: [
    ['黄金会员月卡', 2500, 860],
    ['黄金会员季卡', 6800, 850],
    ['黄金会员年卡', 24800, 830],
    ['星钻会员月卡', 4000, 870],
    ['星钻会员年卡', 45800, 840],
    ['奇异果会员月卡', 3000, 860],
    ['体育会员月卡', 3900, 880],
  ],
  TXSP: [
    ['视频VIP月卡', 2500, 860],
    ['视频VIP季卡', 6800, 850],
    ['视频VIP年卡', 23800, 830],
    ['超级影视VIP月卡', 4000, 870],
    ['超级影视VIP年卡', 41800, 840],
    ['体育会员月卡', 3000, 880],
    ['音乐绿钻月卡', 1500, 880],
  ],
  JDEK: [
    ['京东E卡50元', 5000, 970],
    ['京东E卡100元', 10000, 968],
    ['京东E卡200元', 20000, 966],
    ['京东E卡300元', 30000, 965],
    ['京东E卡500元', 50000, 963],
    ['京东E卡1000元', 100000, 960],
    ['京东E卡2000元', 200000, 958],
  ],
  MTWM: [
    ['外卖红包5元', 500, 700],
    ['外卖红包10元', 1000, 720],
    ['外卖红包15元', 1500, 730],
    ['外卖红包20元', 2000, 740],
    ['外卖会员月卡', 1500, 800],
    ['霸王餐券', 3000, 650],
    ['闪购红包8元', 800, 700],
    ['买菜红包10元', 1000, 720],
  ],
  DDCX: [
    ['快车券5元', 500, 900],
    ['快车券10元', 1000, 900],
    ['快车券20元', 2000, 890],
    ['快车券30元', 3000, 880],
    ['代驾券20元', 2000, 850],
    ['青桔单车月卡', 1500, 800],
    ['出行礼包50元', 5000, 860],
    ['顺风车券10元', 1000, 880],
  ],
};

/** A demo supplier's base code: SUP-XBK-2 -> XBK. */
const baseCode = (supCode: string) => supCode.replace(/^SUP-/, '').replace(/-\d+$/, '');

/**
 * Demo supplier goods (issue 17 item 8): ~60 goods per demo tenant across the demo suppliers
 * (demo-supplier.ts, which DEMO_SCALE multiplies, so the goods scale with them), of the
 * supplier's supply type. Face values and cost prices in fen (cost = face x a per-good rate,
 * whole fen); most are enabled and on the shelf, the last of each supplier off the shelf and every
 * seventh disabled, so the filters show every state; coupon-code goods carry warning thresholds.
 */
export async function seedDemoSupplierGoods(db: Kysely<DB>): Promise<void> {
  const suppliers = await db
    .selectFrom('bladeSup')
    .select(['id', 'tenantId', 'supCode', 'supplyType'])
    .where('isDeleted', '=', 0)
    .orderBy('tenantId')
    .orderBy('supCode')
    .execute();
  const now = nowText();
  const rows: Insertable<SupGoodTable>[] = [];
  for (const sup of suppliers) {
    const base = baseCode(sup.supCode);
    const goods = GOODS[base];
    if (!goods) continue;
    const suffix = sup.supCode.slice(`SUP-${base}`.length);
    goods.forEach(([name, face, permille], i) => {
      const n = rows.length;
      const coupon = sup.supplyType === 1;
      rows.push({
        id: nextId(),
        tenantId: sup.tenantId,
        supId: sup.id,
        goodCode: `${base}${suffix}-${String(i + 1).padStart(2, '0')}`,
        goodName: name,
        goodType: sup.supplyType,
        marketAmount: face,
        costPrice: Math.floor((face * permille) / 1000),
        validDays: coupon ? 365 : null,
        validEnd: null,
        onShelf: i === goods.length - 1 ? 0 : 1,
        status: n % 7 === 6 ? 0 : 1,
        stockWarn: coupon ? 100 : null,
        validTimeWarn: coupon ? 30 : null,
        interfaceGoodCode: sup.supplyType === 3 ? `EXT-${base}-${i + 1}` : null,
        signMethod: sup.supplyType === 3 ? 'HMAC-SHA256' : null,
        remark: null,
        createUser: null,
        createDept: null,
        createTime: now,
        updateUser: null,
        updateTime: now,
        isDeleted: 0,
        version: 1,
      });
    });
  }
  // A disabled good is not on the shelf.
  for (const row of rows) if (row.status === 0) row.onShelf = 0;
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('bladeSupGood')
      .values(rows.slice(i, i + 200))
      .execute();
}
