import type { Insertable, Kysely } from 'kysely';
import type { AdMaterialTable, AdProfitFlowTable, DB } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import {
  advertiserPhone,
  masterAccount,
  masterPhone,
  settingSecret,
} from '../../services/platform-supplier/advert/sealed.js';
import { audit } from './system.js';

/**
 * Demo advertising (issue 28 item 2): per tenant, advertisers (with a setting or two), media
 * stock pictures and the materials over them, positions, plans in every state of the
 * ad plan machine, flow masters on those positions and a week of their profit flow. Cheap: a few
 * hundred rows. Call after the parking lots (plans target some of them).
 */
export const DEMO_ADVERTISING = {
  '000000': { advertisers: 8, materials: 12, positions: 6, plans: 30, masters: 4 },
  '100001': { advertisers: 2, materials: 2, positions: 2, plans: 3, masters: 1 },
} as const;

/** The plans' states, in turn: every state of the machine present. */
const PLAN_STATES = ['running', 'draft', 'paused', 'running', 'ended'] as const;
const INDUSTRIES = ['retail', 'auto', 'finance', 'food', 'travel', 'other'];
const BRANDS = [
  '鲜果超市',
  '极速汽车',
  '安心保险',
  '老街火锅',
  '山海旅行',
  '城市影院',
  '悦动健身',
  '好邻居便利',
];
const COLOURS = ['#228be6', '#40c057', '#fab005', '#fa5252', '#7950f2', '#15aabf'];

/** A small picture the console can show without a file: an SVG banner as a data address. */
const banner = (label: string, colour: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="100"><rect width="320" height="100" fill="${colour}"/><text x="160" y="58" font-size="24" fill="#fff" text-anchor="middle">${label}</text></svg>`,
  )}`;

const day = (offset: number) =>
  formatDateTime(new Date(Date.now() + offset * 86_400_000)).slice(0, 10);

export async function seedDemoAdvertising(
  db: Kysely<DB>,
  secrets?: { jwtSecret: string },
): Promise<void> {
  const seal = (sealer: typeof advertiserPhone, plain: string) =>
    secrets ? sealer.seal(secrets, plain) : null;
  for (const [tenantId, n] of Object.entries(DEMO_ADVERTISING)) {
    const advertisers = Array.from({ length: n.advertisers }, (_, i) => ({
      id: nextId(),
      tenantId,
      advertiserCode: `ADV${String(i + 1).padStart(3, '0')}`,
      advertiserName: BRANDS[i % BRANDS.length]!,
      contactName: `联系人${i + 1}`,
      contactPhone: seal(advertiserPhone, `1391234${String(1000 + i).slice(-4)}`),
      industry: INDUSTRIES[i % INDUSTRIES.length]!,
      enabled: i === n.advertisers - 1 && i > 0 ? 0 : 1,
      ...audit(),
    }));
    await db.insertInto('bladeAdvertiser').values(advertisers).execute();
    await db
      .insertInto('bladeAdvertiserSetting')
      .values([
        {
          id: nextId(),
          tenantId,
          advertiserCode: advertisers[0]!.advertiserCode,
          settingKey: 'callback.url',
          settingValue: 'https://ads.example.com/callback',
          secret: 0,
          ...audit(),
        },
        {
          id: nextId(),
          tenantId,
          advertiserCode: advertisers[0]!.advertiserCode,
          settingKey: 'api.secret',
          settingValue: seal(settingSecret, 'demo-secret-not-real'),
          secret: 1,
          ...audit(),
        },
      ])
      .execute();

    const materials: Insertable<AdMaterialTable>[] = [];
    // Pictures only (inline SVG banners): a demo video entry would have no playable file.
    for (let i = 0; i < n.materials; i++) {
      const media = nextId();
      const brand = BRANDS[i % BRANDS.length]!;
      const name = `${brand}横幅`;
      await db
        .insertInto('bladePic')
        .values({
          id: media,
          tenantId,
          name,
          originalName: `${name}.svg`,
          objectKey: `${tenantId}/pic/${media}`,
          link: banner(brand, COLOURS[i % COLOURS.length]!),
          extension: 'svg',
          contentType: 'image/svg+xml',
          fileSize: 600,
          folderId: '0',
          width: 320,
          height: 100,
          ...audit(),
        })
        .execute();
      materials.push({
        id: nextId(),
        tenantId,
        materialName: `${name}素材`,
        materialType: 'image',
        mediaId: media,
        copyText: i % 3 === 2 ? null : `${brand}：停车即享优惠`,
        width: 320,
        height: 100,
        ...audit(),
      });
    }
    await db.insertInto('bladeAdMaterial').values(materials).execute();

    const positions = Array.from({ length: n.positions }, (_, i) => ({
      id: nextId(),
      tenantId,
      positionCode: `POS${String(i + 1).padStart(3, '0')}`,
      positionName: [
        '出口道闸屏',
        '缴费机横幅',
        '小程序首页',
        '支付完成页',
        '入口LED屏',
        '电梯厅海报',
      ][i % 6]!,
      width: 320,
      height: i % 3 === 0 ? 180 : 100,
      mediaTypes: i % 3 === 0 ? 'both' : 'image',
      priceMode: i % 2 === 0 ? 'CPM' : 'CPC',
      floorPrice: i % 2 === 0 ? 500 : 20,
      enabled: 1,
      ...audit(),
    }));
    await db.insertInto('bladeAdPosition').values(positions).execute();

    const lots = await db
      .selectFrom('bladeParkLot')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .orderBy('lotCode')
      .limit(8)
      .execute();
    const plans = Array.from({ length: n.plans }, (_, i) => {
      const state = PLAN_STATES[i % PLAN_STATES.length]!;
      const start =
        state === 'ended' ? -40 + (i % 7) : state === 'draft' ? 3 + (i % 5) : -10 + (i % 7);
      const daily = (5 + (i % 6) * 5) * 10_000;
      return {
        id: nextId(),
        tenantId,
        planName: `${BRANDS[i % BRANDS.length]}${['春季', '周末', '节日', '新店', '会员'][i % 5]}投放计划${Math.floor(i / 5) + 1}`,
        advertiserId: advertisers[i % advertisers.length]!.id,
        materialIds: [
          materials[i % materials.length]!.id,
          materials[(i + 1) % materials.length]!.id,
        ]
          .filter((m, k, all) => all.indexOf(m) === k)
          .join(','),
        positionIds: positions[i % positions.length]!.id,
        lotIds:
          i % 3 === 0 || lots.length === 0
            ? null
            : lots
                .slice(i % lots.length, (i % lots.length) + 2)
                .map((l) => l.id)
                .join(','),
        startDate: day(start),
        endDate: day(start + 30),
        dailyBudget: daily,
        totalBudget: daily * 30,
        bid: i % 2 === 0 ? 800 : 50,
        state,
        pauseFlag: state === 'paused' ? 1 : 0,
        remark: null,
        ...audit(),
      };
    });
    await db.insertInto('bladeAdPlan').values(plans).execute();

    const masters = Array.from({ length: n.masters }, (_, i) => ({
      id: nextId(),
      tenantId,
      masterName: ['城投停车', '便捷停车科技', '智泊运营', '华南车场联盟'][i % 4]!,
      contactName: `对接人${i + 1}`,
      contactPhone: seal(masterPhone, `1367788${String(2000 + i).slice(-4)}`),
      positionIds: positions
        .filter((_, k) => k % n.masters === i)
        .map((p) => p.id)
        .join(','),
      shareRate: [3000, 2500, 4050, 3500][i % 4]!,
      settleAccount: seal(masterAccount, `62220210010${String(10000 + i * 7919).slice(-5)}`),
      enabled: 1,
      ...audit(),
    }));
    await db.insertInto('bladeFlowMaster').values(masters).execute();

    // A week of profit flow for the plans that ran: one row per master, plan and day.
    const flows: Insertable<AdProfitFlowTable>[] = [];
    for (const plan of plans.filter((p) => p.state !== 'draft'))
      for (const master of masters.filter((m) =>
        m.positionIds.split(',').includes(plan.positionIds),
      ))
        for (let d = 1; d <= 7; d++) {
          const revenue = 1_000 + (((plan.dailyBudget / 100) * d) % 9_000);
          flows.push({
            id: nextId(),
            tenantId,
            flowMasterId: master.id,
            planId: plan.id,
            positionId: plan.positionIds,
            lotId: plan.lotIds?.split(',')[0] ?? null,
            flowDate: day(-d),
            revenue,
            shareRate: master.shareRate,
            shareAmount: Math.floor((revenue * master.shareRate) / 10_000),
            ...audit(),
          });
        }
    if (flows.length > 0) await db.insertInto('bladeAdProfitFlow').values(flows).execute();

    await db
      .insertInto('bladeAdBusiness')
      .values(
        plans.slice(0, Math.min(6, plans.length)).map((p, i) => ({
          id: nextId(),
          tenantId,
          adTitle: `${p.planName}（${i % 2 === 0 ? '道闸屏' : '缴费页'}）`,
          advertiserId: p.advertiserId,
          planId: p.id,
          lotId: lots[i % Math.max(1, lots.length)]?.id ?? null,
          startDate: p.startDate,
          endDate: p.endDate,
          enabled: i % 4 === 3 ? 0 : 1,
          remark: null,
          ...audit(),
        })),
      )
      .execute();
  }
}
