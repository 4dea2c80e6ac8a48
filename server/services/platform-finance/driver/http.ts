import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import type { OutboundAllowlist } from '../../../lib/outbound.js';
import { OutboundError, outboundRequest, type Lookup } from '../../../lib/outbound-request.js';
import {
  NOTICE_MAX_AGE,
  PayDriverError,
  type NoticeIn,
  type PaidNotice,
  type PayDriver,
  type PayMerchant,
} from './types.js';

/**
 * The `http` driver: WeChat pay API v3 (https://pay.weixin.qq.com/docs/merchant/) at
 * WECHAT_PAY_BASE_URL (default https://api.mch.weixin.qq.com). Requests carry the v3
 * `Authorization: WECHATPAY2-SHA256-RSA2048 ...` signature made with the merchant's private key;
 * notices are checked against the platform certificate and their resource decrypted with the
 * API v3 key (AEAD_AES_256_GCM). The call (host checks, pinned address, deadline, size bound)
 * is lib/outbound-request.ts.
 */
export const WECHAT_PAY_BASE_URL = 'https://api.mch.weixin.qq.com';
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface HttpPayOptions {
  baseUrl: string;
  timeoutMs: number;
  allow: OutboundAllowlist;
  lookup?: Lookup;
}

/** A failed outbound call (lib/outbound-request.ts) as the pay driver's error. */
function payErrorOf(error: unknown): PayDriverError {
  if (error instanceof PayDriverError) return error;
  if (!(error instanceof OutboundError)) return new PayDriverError('unavailable');
  if (error.kind === 'bad-url' || error.kind === 'https-only' || error.kind === 'host-refused')
    return new PayDriverError('notConfigured');
  if (error.kind === 'timeout') return new PayDriverError('timeout');
  if (error.kind === 'too-large') return new PayDriverError('badAnswer');
  return new PayDriverError('unavailable');
}

/** The v3 request signature (also what a test server checks). */
export function authorization(
  m: Pick<PayMerchant, 'mchId' | 'serialNo'>,
  privateKey: string,
  request: { method: string; path: string; body: string; timestamp: string; nonce: string },
): string {
  const message = `${request.method}\n${request.path}\n${request.timestamp}\n${request.nonce}\n${request.body}\n`;
  let signature: string;
  try {
    signature = createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
  } catch {
    throw new PayDriverError('notConfigured');
  }
  return `WECHATPAY2-SHA256-RSA2048 mchid="${m.mchId}",nonce_str="${request.nonce}",signature="${signature}",timestamp="${request.timestamp}",serial_no="${m.serialNo}"`;
}

export function httpPayDriver(options: HttpPayOptions): PayDriver {
  async function call(
    m: PayMerchant,
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
  ): Promise<Record<string, unknown>> {
    const privateKey = m.privateKey;
    if (!privateKey || !m.apiV3Key) throw new PayDriverError('notConfigured');
    let href: string;
    try {
      href = new URL(path, options.baseUrl).href;
    } catch {
      throw new PayDriverError('notConfigured');
    }
    const body = payload ? JSON.stringify(payload) : '';
    const { status, raw } = await outboundRequest({
      url: href,
      method,
      body,
      headers: (url) => ({
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: authorization(m, privateKey, {
          method,
          path: `${url.pathname}${url.search}`,
          body,
          timestamp: String(Math.floor(Date.now() / 1000)),
          nonce: randomBytes(16).toString('hex'),
        }),
      }),
      timeoutMs: options.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      allow: options.allow,
      ...(options.lookup ? { lookup: options.lookup } : {}),
    }).catch((error: unknown) => {
      throw payErrorOf(error);
    });
    if (status >= 400 && status < 500) throw new PayDriverError('refused');
    if (status >= 500) throw new PayDriverError('unavailable');
    if (status === 204) return {};
    if (status < 200 || status >= 300) throw new PayDriverError('badAnswer');
    try {
      const json: unknown = JSON.parse(raw.toString('utf8'));
      if (json && typeof json === 'object' && !Array.isArray(json))
        return json as Record<string, unknown>;
    } catch {
      // below
    }
    throw new PayDriverError('badAnswer');
  }

  const text = (answer: Record<string, unknown>, ...keys: string[]) => {
    for (const key of keys) {
      const value = answer[key];
      if (typeof value === 'string' && value.length > 0 && value.length <= 512) return value;
    }
    throw new PayDriverError('badAnswer');
  };

  return {
    name: 'http',
    async createPayment(m, r) {
      const kind = r.channel === 'native' ? 'native' : r.channel === 'h5' ? 'h5' : 'jsapi';
      const answer = await call(m, 'POST', `/v3/pay/transactions/${kind}`, {
        appid: m.appId,
        mchid: m.mchId,
        description: r.subject,
        out_trade_no: r.outTradeNo,
        notify_url: r.notifyUrl,
        amount: { total: r.amountFen, currency: 'CNY' },
      });
      return { prepayId: text(answer, 'prepay_id', 'code_url', 'h5_url') };
    },
    async refund(m, r) {
      const answer = await call(m, 'POST', '/v3/refund/domestic/refunds', {
        out_trade_no: r.outTradeNo,
        out_refund_no: r.outRefundNo,
        amount: { refund: r.amountFen, total: r.totalFen, currency: 'CNY' },
      });
      return { refundId: text(answer, 'refund_id') };
    },
    async close(m, outTradeNo) {
      await call(
        m,
        'POST',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`,
        { mchid: m.mchId },
      );
    },
    async testConnection(m) {
      await call(m, 'GET', '/v3/certificates');
    },
    readNotice(m, notice: NoticeIn): PaidNotice {
      return readHttpNotice(m, notice);
    },
  };
}

/** A v3 notice: signed by the platform certificate, its resource sealed with the API v3 key. */
export function readHttpNotice(m: PayMerchant, notice: NoticeIn): PaidNotice {
  if (!m.platformCert || !m.apiV3Key) throw new PayDriverError('notConfigured');
  const ts = notice.headers['wechatpay-timestamp'] ?? '';
  const nonce = notice.headers['wechatpay-nonce'] ?? '';
  const signature = notice.headers['wechatpay-signature'] ?? '';
  if (!/^\d{1,12}$/.test(ts) || !nonce || !signature) throw new PayDriverError('badNotice');
  if (Math.abs(notice.now - Number(ts)) > NOTICE_MAX_AGE) throw new PayDriverError('badNotice');
  let valid = false;
  try {
    valid = createVerify('RSA-SHA256')
      .update(`${ts}\n${nonce}\n${notice.body}\n`)
      .verify(m.platformCert, signature, 'base64');
  } catch {
    valid = false;
  }
  if (!valid) throw new PayDriverError('badNotice');
  try {
    const outer = JSON.parse(notice.body) as {
      resource: { ciphertext: string; nonce: string; associated_data?: string };
    };
    const raw = Buffer.from(outer.resource.ciphertext, 'base64');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(m.apiV3Key, 'utf8'),
      Buffer.from(outer.resource.nonce, 'utf8'),
    );
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    decipher.setAAD(Buffer.from(outer.resource.associated_data ?? '', 'utf8'));
    const plain = Buffer.concat([
      decipher.update(raw.subarray(0, raw.length - 16)),
      decipher.final(),
    ]).toString('utf8');
    const r = JSON.parse(plain) as {
      out_trade_no: string;
      transaction_id: string;
      trade_state: string;
      success_time: string;
      amount: { total: number };
      payer?: { openid?: string };
    };
    if (r.trade_state !== 'SUCCESS' || !Number.isInteger(r.amount.total))
      throw new PayDriverError('badNotice');
    // 2026-11-28T10:00:00+08:00 -> 2026-11-28 10:00:00 (the server's stored form)
    const paidTime = r.success_time.slice(0, 19).replace('T', ' ');
    return {
      outTradeNo: r.out_trade_no,
      transactionId: r.transaction_id,
      amountFen: r.amount.total,
      payerOpenId: r.payer?.openid ?? '',
      paidTime,
    };
  } catch (error) {
    if (error instanceof PayDriverError) throw error;
    throw new PayDriverError('badNotice');
  }
}
