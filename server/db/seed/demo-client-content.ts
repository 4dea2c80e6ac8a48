import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { DEMO_TENANT } from './demo.js';

/**
 * Demo contents and drafts (issue 27 item 9): for tenant 000000 linked to the demo's access
 * parties and products (demo-client.ts, run after its parties exist), every link type, both
 * statuses, pinned ones, drafts in every state, some from links; a few in the demo tenant.
 * Written once (a tenant that has contents is left alone).
 */

const TOPICS = [
  ['春季咖啡节', '全场饮品第二杯半价', '活动时间：3月1日至3月31日。\n每位会员每日限用一次。'],
  ['话费充值立减', '满100减5，限时三天', '充值成功后立即到账。\n如遇高峰期，可能延迟5分钟。'],
  ['视频会员月卡', '腾讯视频、爱奇艺任选', '兑换码有效期30天，请在有效期内使用。'],
  ['加油优惠券', '中石化加油满200减10', '全国中石化加油站可用，不与其他优惠同享。'],
  ['电影票兑换', '周末观影9.9元', '支持全国3000余家影院，选座后兑换。'],
  ['外卖红包', '满30减8，每周三发放', '红包到账后7日内有效。'],
  ['积分兑换指南', '1000积分可换5元话费', '积分按月清零规则见《积分说明》，请留意<到期提醒>。'],
  ['洗车服务', '精洗一次仅需19元', '预约后到店出示券码即可。'],
] as const;
const LINKS = ['none', 'article', 'product', 'url'] as const;
const DRAFT_STATES = ['draft', 'draft', 'submitted', 'published', 'rejected'] as const;

/** Rows written per tenant. */
export const DEMO_CONTENTS = { '000000': 24, [DEMO_TENANT]: 3 } as const;
export const DEMO_DRAFTS = { '000000': 20, [DEMO_TENANT]: 3 } as const;

export async function seedDemoClientContent(db: Kysely<DB>): Promise<void> {
  for (const tenantId of ['000000', DEMO_TENANT] as const) {
    const has = await db
      .selectFrom('bladeClientContent')
      .select('id')
      .where('tenantId', '=', tenantId)
      .limit(1)
      .executeTakeFirst();
    if (has) continue;
    const parties = (
      await db
        .selectFrom('bladePsclient')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .orderBy('clientCode')
        .execute()
    ).map((r) => r.id);
    const products = (
      await db
        .selectFrom('bladePsclientProduct')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .orderBy('productCode')
        .limit(20)
        .execute()
    ).map((r) => r.id);
    const now = Date.now();
    const article = (i: number) => {
      const [title, summary, body] = TOPICS[i % TOPICS.length]!;
      const product = products.length > 0 ? products[i % products.length]! : null;
      // A product page needs a product; without demo products it is an article page.
      const linkType =
        LINKS[i % LINKS.length] === 'product' && !product ? 'article' : LINKS[i % LINKS.length]!;
      const time = formatDateTime(new Date(now - (i + 1) * 26 * 3_600_000));
      return {
        id: nextId(),
        tenantId,
        title: i < TOPICS.length ? title : `${title}（第${Math.floor(i / TOPICS.length) + 1}期）`,
        summary,
        body,
        linkType,
        linkUrl: linkType === 'url' ? `https://example.com/campaign/${i + 1}` : null,
        clientId: parties.length > 0 ? parties[i % parties.length]! : null,
        productId: linkType === 'product' || i % 3 === 0 ? product : null,
        sort: i % 5,
        pinned: i % 7 === 0 ? 1 : 0,
        version: 1,
        createUser: null,
        createDept: null,
        createTime: time,
        updateUser: null,
        updateTime: null,
        status: 1,
        isDeleted: 0,
      };
    };
    const contents = Array.from({ length: DEMO_CONTENTS[tenantId] }, (_, i) => ({
      ...article(i),
      thumbnails: null,
      state: i % 4 === 3 ? 'offline' : 'online',
    }));
    await db.insertInto('bladeClientContent').values(contents).execute();
    const drafts = Array.from({ length: DEMO_DRAFTS[tenantId] }, (_, i) => {
      const row = article(i + 3);
      const state = DRAFT_STATES[i % DRAFT_STATES.length]!;
      const fromLink = i % 6 === 5;
      return {
        ...row,
        ...(fromLink
          ? { linkType: 'url', linkUrl: `https://example.com/news/${i + 1}`, body: null }
          : {}),
        state,
        source: fromLink ? 'link' : 'manual',
        commitUser: null,
        commitTime: state === 'draft' ? null : row.createTime,
      };
    });
    await db.insertInto('bladeClientDraft').values(drafts).execute();
  }
}
