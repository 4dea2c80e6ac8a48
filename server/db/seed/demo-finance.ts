import { createHash } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DB, PayOrderTable, PayRefundTable } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { chunks } from '../../lib/chunks.js';
import { formatDateTime } from '../../lib/time.js';
import { sealSecret } from '../../services/platform-finance/driver/secret.js';
import { demoScale } from './demo-supplier.js';
import { audit } from './system.js';

const FULL_PAY_ORDERS = 3_000;
const FULL_ORDERS = 20_000;

/**
 * Demo pay orders per tenant over the last 90 days, for a demo volume of `orders` (the money
 * core's, config demoOrders): 3,000 at the full 20,000, at least 120 (a test app's 200 orders),
 * times DEMO_SCALE; the demo tenant a tenth (at least 20).
 */
export function demoPayOrderCounts(orders = FULL_ORDERS, scale = demoScale()) {
  const platform = Math.max(120, Math.round((FULL_PAY_ORDERS * orders) / FULL_ORDERS)) * scale;
  return { '000000': platform, '100001': Math.max(20, Math.round(platform / 10)) } as const;
}
export const DEMO_PAY_DAYS = 90;
/** The saved report definitions (blade-report), global. */
export const DEMO_REPORT_DEFS = [
  ['project-report', '项目报表（供应商）', 'finance', '/finance/project-reportList'],
  ['project-margin', '项目毛利（接入方）', 'finance', '/finance/project-reportList'],
  ['pay-order-day', '支付订单日报', 'finance', '/finance/pay-orderList'],
  ['ad-plan-report', '广告计划报表', 'ad', '/ad/advertisingStatus/planReport'],
  ['ad-master-report', '流量主报表', 'ad', '/ad/advertisingStatus/webmasterReport'],
  ['ad-realtime-report', '实时投放报表', 'ad', '/ad/adDropReport/realTimeReport'],
  ['ad-history-report', '历史投放报表', 'ad', '/ad/adDropReport/historyReport'],
] as const;

/** The demo merchants' sandbox credentials (the sandbox checks they are set, nothing more). */
export const DEMO_PAY_KEY = 'demo-sandbox-apiv3-key-0123456789';

const SUBJECTS = ['临时停车费', '月卡续费', '权益商品', '洗车券', '加油券', '视频会员'];
const CHANNELS = ['jsapi', 'mini', 'native', 'h5'] as const;

/** A number in [0, n) drawn from the parts (deterministic demo data). */
const pick = (n: number, ...parts: (string | number)[]) =>
  createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0) % n;

/**
 * Finance and service settings demo (issue 28 item 7): per tenant an enabled sandbox WeChat pay
 * merchant and a disabled second one, a sandbox Dingxin account; pay orders over 90 days in every
 * state (refunds recorded); the platform's report definitions. Without the server's secrets the
 * merchants' keys stay empty (the sandbox then answers "not configured").
 */
export async function seedDemoFinance(
  db: Kysely<DB>,
  secrets?: { jwtSecret: string },
  volume: { orders?: number } = {},
): Promise<void> {
  const seal = (plain: string) => (secrets ? sealSecret(secrets, plain) : null);
  const nowMs = Date.now();
  for (const [tenantId, count] of Object.entries(demoPayOrderCounts(volume.orders))) {
    const merchantId = nextId();
    await db
      .insertInto('bladeWechatPaySetting')
      .values(
        [
          [merchantId, '主商户（沙箱）', '1900000109', 1],
          [nextId(), '备用商户（沙箱）', '1900000110', 0],
        ].map(([id, name, mch, enabled]) => ({
          id: String(id),
          tenantId,
          settingName: String(name),
          driver: 'sandbox',
          mchId: String(mch),
          appId: 'wxd678efh567hg6787',
          apiV3Key: seal(DEMO_PAY_KEY),
          serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
          privateKey: seal('-----BEGIN PRIVATE KEY-----\ndemo\n-----END PRIVATE KEY-----'),
          platformCert: null,
          enabled: Number(enabled),
          remark: null,
          version: 1,
          ...audit(),
        })),
      )
      .execute();
    await db
      .insertInto('bladeDingxinSetting')
      .values({
        id: nextId(),
        tenantId,
        settingName: '鼎信认证（沙箱）',
        driver: 'sandbox',
        endpoint: 'sandbox://dingxin',
        appKey: 'demo-app-key',
        appSecret: seal('demo-app-secret'),
        enabled: 1,
        remark: null,
        version: 1,
        ...audit(),
      })
      .execute();

    const orders: Insertable<PayOrderTable>[] = [];
    const refunds: Insertable<PayRefundTable>[] = [];
    for (let i = 0; i < count; i++) {
      const id = nextId();
      const at = formatDateTime(
        new Date(nowMs - ((i * DEMO_PAY_DAYS * 86_400_000) / count + pick(3_600_000, tenantId, i))),
      );
      const amount = 100 + pick(30_000, 'amount', tenantId, i);
      const roll = pick(20, 'state', tenantId, i);
      // 2 in 20 unpaid, 1 closed, 2 part refunded, 1 refunded, the rest paid.
      const state =
        roll < 2
          ? 'created'
          : roll < 3
            ? 'closed'
            : roll < 5
              ? 'partRefunded'
              : roll < 6
                ? 'refunded'
                : 'paid';
      const refunded =
        state === 'refunded' ? amount : state === 'partRefunded' ? Math.floor(amount / 3) : 0;
      const paid = state !== 'created' && state !== 'closed';
      const parking = pick(2, 'source', tenantId, i) === 0;
      orders.push({
        id,
        tenantId,
        orderNo: `PO${at.slice(0, 10).replaceAll('-', '')}${id}`,
        outTradeNo: `WX${id}`,
        settingId: merchantId,
        transactionId: paid ? `4200${id}` : null,
        payerMask: paid ? `oUpF8u****${String(pick(10_000, 'payer', i)).padStart(4, '0')}` : null,
        subject: SUBJECTS[pick(SUBJECTS.length, 'subject', tenantId, i)]!,
        amount,
        refundedAmount: refunded,
        channel: CHANNELS[pick(CHANNELS.length, 'channel', tenantId, i)]!,
        state,
        payTime: paid ? at : null,
        closeTime: state === 'closed' ? at : null,
        sourceType: parking ? 'parkingBill' : 'clientOrder',
        sourceId: `${parking ? 'PB' : 'CO'}${id}`,
        version: 1,
        ...audit(),
        createTime: at,
        updateTime: at,
      });
      if (refunded > 0)
        refunds.push({
          id: nextId(),
          tenantId,
          payOrderId: id,
          refundNo: `RF${id}`,
          refundId: `50${id}`,
          amount: refunded,
          reason: '演示退款',
          createUser: null,
          createTime: at,
        });
    }
    for (const part of chunks(orders, 200))
      await db.insertInto('bladePayOrder').values(part).execute();
    for (const part of chunks(refunds, 200))
      await db.insertInto('bladePayRefund').values(part).execute();
  }
  const existing = await db.selectFrom('bladeReportDef').select('id').limit(1).executeTakeFirst();
  if (!existing)
    await db
      .insertInto('bladeReportDef')
      .values(
        DEMO_REPORT_DEFS.map(([reportCode, name, category, route]) => ({
          id: nextId(),
          name,
          reportCode,
          category,
          route,
          remark: null,
          ...audit(),
        })),
      )
      .execute();
}
