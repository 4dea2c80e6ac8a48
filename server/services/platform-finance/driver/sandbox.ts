import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  NOTICE_MAX_AGE,
  PayDriverError,
  type NoticeIn,
  type PaidNotice,
  type PayDriver,
  type PayMerchant,
} from './types.js';

/**
 * The embedded WeChat pay (driver `sandbox`, the default). Deterministic: the prepay id, the
 * transaction id and the refund id are drawn from the merchant and the order's numbers. Failures
 * on request: a merchant whose mchId starts with `FAIL` is refused every call (test connection
 * answers fail). A payment notice is the JSON of a PaidNotice, signed with the merchant's API v3
 * key: header `wechatpay-signature` = hex HMAC-SHA256(key, `${timestamp}\n${nonce}\n${body}\n`)
 * with `wechatpay-timestamp` (epoch seconds, at most NOTICE_MAX_AGE old) and `wechatpay-nonce`.
 */
const draw = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 28);

const failing = (m: PayMerchant) => /^FAIL/i.test(m.mchId);

function keyOf(m: PayMerchant): string {
  if (!m.apiV3Key) throw new PayDriverError('notConfigured');
  return m.apiV3Key;
}

const signature = (key: string, timestamp: string, nonce: string, body: string) =>
  createHmac('sha256', key).update(`${timestamp}\n${nonce}\n${body}\n`).digest('hex');

/** A signed sandbox notice of a payment (what the sandbox "pays" with: the demo, the tests). */
export function sandboxNotice(
  merchant: PayMerchant,
  paid: PaidNotice,
  timestamp: number,
  nonce = draw(paid.outTradeNo, String(timestamp)),
): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify(paid);
  const ts = String(timestamp);
  return {
    headers: {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature(keyOf(merchant), ts, nonce, body),
    },
    body,
  };
}

/** The transaction id the sandbox gives a payment. */
export const sandboxTransactionId = (m: PayMerchant, outTradeNo: string) =>
  `42${draw(m.mchId, outTradeNo, 'pay').replace(/[a-f]/g, (c) => String(c.charCodeAt(0) % 10))}`;

function check(m: PayMerchant) {
  if (!m.apiV3Key || !m.privateKey) throw new PayDriverError('notConfigured');
  if (failing(m)) throw new PayDriverError('unavailable');
}

export const sandboxPayDriver: PayDriver = {
  name: 'sandbox',
  async createPayment(m, request) {
    check(m);
    if (!Number.isInteger(request.amountFen) || request.amountFen < 1)
      throw new PayDriverError('refused');
    return { prepayId: `wx${draw(m.mchId, request.outTradeNo, 'prepay')}` };
  },
  async refund(m, request) {
    check(m);
    if (request.amountFen < 1 || request.amountFen > request.totalFen)
      throw new PayDriverError('refused');
    return { refundId: `50${draw(m.mchId, request.outRefundNo, 'refund')}` };
  },
  async close(m) {
    check(m);
  },
  async testConnection(m) {
    check(m);
  },
  readNotice(m, notice: NoticeIn) {
    const ts = notice.headers['wechatpay-timestamp'] ?? '';
    const nonce = notice.headers['wechatpay-nonce'] ?? '';
    const given = notice.headers['wechatpay-signature'] ?? '';
    if (!/^\d{1,12}$/.test(ts) || !nonce || !/^[0-9a-f]{64}$/.test(given))
      throw new PayDriverError('badNotice');
    if (Math.abs(notice.now - Number(ts)) > NOTICE_MAX_AGE) throw new PayDriverError('badNotice');
    const want = Buffer.from(signature(keyOf(m), ts, nonce, notice.body), 'hex');
    if (!timingSafeEqual(want, Buffer.from(given, 'hex'))) throw new PayDriverError('badNotice');
    let paid: PaidNotice;
    try {
      paid = JSON.parse(notice.body) as PaidNotice;
    } catch {
      throw new PayDriverError('badNotice');
    }
    if (
      typeof paid.outTradeNo !== 'string' ||
      typeof paid.transactionId !== 'string' ||
      !Number.isInteger(paid.amountFen) ||
      typeof paid.paidTime !== 'string' ||
      typeof paid.payerOpenId !== 'string'
    )
      throw new PayDriverError('badNotice');
    return paid;
  },
};
