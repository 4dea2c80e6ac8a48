/** Deterministic synthetic palette commands for the benchmarks (realistic zh/en menu words). */
import type { Searchable } from '../../src/palette/ranking';

type Pair = readonly [zh: string, en: string];

const MODULES: readonly Pair[] = [
  ['系统管理', 'System'],
  ['供应商管理', 'Suppliers'],
  ['商品管理', 'Goods'],
  ['订单管理', 'Orders'],
  ['财务管理', 'Finance'],
  ['门店管理', 'Stores'],
  ['券码管理', 'Coupon codes'],
  ['用户管理', 'Users'],
  ['营销管理', 'Marketing'],
  ['报表中心', 'Reports'],
  ['停车管理', 'Parking'],
  ['广告管理', 'Advertising'],
  ['流程管理', 'Workflow'],
  ['客户管理', 'Clients'],
  ['额度管理', 'Quotas'],
];
const ENTITIES: readonly Pair[] = [
  ['供应商', 'supplier'],
  ['商品', 'goods'],
  ['订单', 'order'],
  ['退款订单', 'refund order'],
  ['券码', 'coupon code'],
  ['门店', 'store'],
  ['用户', 'user'],
  ['角色', 'role'],
  ['菜单', 'menu'],
  ['部门', 'department'],
  ['字典', 'dictionary'],
  ['参数', 'parameter'],
  ['对账单', 'statement'],
  ['发票', 'invoice'],
  ['结算单', 'settlement'],
  ['额度', 'quota'],
  ['预存记录', 'prepay record'],
  ['车牌', 'plate'],
  ['广告位', 'ad slot'],
  ['素材', 'material'],
  ['租户', 'tenant'],
  ['套餐', 'package'],
  ['短信模板', 'SMS template'],
  ['审批流程', 'approval flow'],
  ['库存', 'stock'],
  ['价格', 'price'],
  ['合同', 'contract'],
  ['账户', 'account'],
  ['渠道', 'channel'],
  ['品牌', 'brand'],
];
const ACTIONS: readonly Pair[] = [
  ['新增', 'New'],
  ['编辑', 'Edit'],
  ['删除', 'Delete'],
  ['导出', 'Export'],
  ['导入', 'Import'],
  ['查看', 'View'],
  ['审核', 'Review'],
  ['启用', 'Enable'],
  ['停用', 'Disable'],
  ['批量导出', 'Batch export'],
  ['同步', 'Sync'],
  ['打印', 'Print'],
  ['复制', 'Copy'],
  ['归档', 'Archive'],
  ['重置', 'Reset'],
];
const QUALIFIERS: readonly Pair[] = [
  ['', ''],
  ['', ''],
  ['华东区', 'East China'],
  ['华南区', 'South China'],
  ['华北区', 'North China'],
  ['西南区', 'Southwest'],
  ['线上', 'online'],
  ['线下', 'offline'],
  ['本月', 'this month'],
  ['历史', 'history'],
  ['待审核', 'pending'],
  ['已完成', 'completed'],
];
const CITIES: readonly Pair[] = [
  ['杭州', 'Hangzhou'],
  ['上海', 'Shanghai'],
  ['北京', 'Beijing'],
  ['深圳', 'Shenzhen'],
  ['广州', 'Guangzhou'],
  ['成都', 'Chengdu'],
  ['武汉', 'Wuhan'],
  ['南京', 'Nanjing'],
  ['苏州', 'Suzhou'],
  ['西安', "Xi'an"],
  ['重庆', 'Chongqing'],
  ['天津', 'Tianjin'],
];

/** mulberry32: small deterministic PRNG so every run ranks the same data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

export function syntheticCommands(count: number): Searchable[] {
  const random = prng(20240611);
  const out: Searchable[] = [];
  for (let i = 0; i < count; i++) {
    const [moduleZh] = pick(random, MODULES);
    const [entityZh, entityEn] = pick(random, ENTITIES);
    const [actionZh, actionEn] = pick(random, ACTIONS);
    const [qualZh, qualEn] = pick(random, QUALIFIERS);
    const city = random() < 0.5 ? pick(random, CITIES) : (['', ''] as const);
    const zh = `${actionZh}${city[0]}${qualZh}${entityZh}`;
    const en = [actionEn, city[1], qualEn, entityEn].filter(Boolean).join(' ');
    out.push({
      id: `cmd-${String(i)}`,
      label: { zh, en },
      keywords: [`${moduleZh} / ${entityZh}管理`],
    });
  }
  return out;
}
