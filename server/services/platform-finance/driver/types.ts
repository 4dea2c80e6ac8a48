import { knownMessages } from '../../../../src/contracts/server-messages.js';

/**
 * The WeChat pay driver (issue 28 item 4, domain.md "External systems are drivers"): a merchant
 * setting's `driver` picks `sandbox` (embedded default: deterministic answers, failures on
 * request) or `http` (WeChat pay API v3 behind WECHAT_PAY_BASE_URL, outbound host checked).
 * Callers get answers or a PayDriverError with a zh message carrying no credentials.
 */

/** A merchant as the drivers take it: secrets decrypted (plain here only, never answered). */
export interface PayMerchant {
  id: string;
  tenantId: string;
  driver: string;
  mchId: string;
  appId: string;
  serialNo: string;
  apiV3Key: string | null;
  privateKey: string | null;
  platformCert: string | null;
}

export interface PaymentRequest {
  outTradeNo: string;
  amountFen: number;
  subject: string;
  channel: string;
  notifyUrl: string;
}

export interface RefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  amountFen: number;
  totalFen: number;
}

/** A payment the driver confirmed (from a signed notice). */
export interface PaidNotice {
  outTradeNo: string;
  transactionId: string;
  amountFen: number;
  payerOpenId: string;
  /** 'yyyy-MM-dd HH:mm:ss' */
  paidTime: string;
}

/** A notice as it arrived: lower-case header names, the raw body. */
export interface NoticeIn {
  headers: Readonly<Record<string, string | undefined>>;
  body: string;
  /** Epoch seconds now (the server clock). */
  now: number;
}

export interface PayDriver {
  readonly name: 'sandbox' | 'http';
  /** Places the payment with WeChat pay; the payer pays on the prepay id. */
  createPayment(merchant: PayMerchant, request: PaymentRequest): Promise<{ prepayId: string }>;
  /** Money back to the payer (same outRefundNo: the same refund). */
  refund(merchant: PayMerchant, request: RefundRequest): Promise<{ refundId: string }>;
  /** Closes an unpaid payment. */
  close(merchant: PayMerchant, outTradeNo: string): Promise<void>;
  /** A harmless call that needs the credentials (the settings screen's test connection). */
  testConnection(merchant: PayMerchant): Promise<void>;
  /** Reads a payment notice: throws PayDriverError `refused` unless it is signed and fresh. */
  readNotice(merchant: PayMerchant, notice: NoticeIn): PaidNotice;
}

export const PAY_FAILURES = {
  timeout: { zh: '微信支付接口超时', en: 'WeChat pay timed out' },
  unavailable: {
    zh: '微信支付接口暂不可用，请稍后重试',
    en: 'WeChat pay is unavailable, please try again later',
  },
  refused: { zh: '微信支付拒绝请求', en: 'WeChat pay refused the request' },
  notConfigured: { zh: '微信支付商户未配置完整', en: 'The WeChat pay merchant is not set up' },
  badAnswer: { zh: '微信支付返回格式错误', en: 'WeChat pay answered in an unknown format' },
  badNotice: { zh: '支付通知签名无效或已过期', en: 'The payment notice is unsigned or stale' },
} as const;
knownMessages(...Object.values(PAY_FAILURES));

export type PayFailure = keyof typeof PAY_FAILURES;

export class PayDriverError extends Error {
  constructor(readonly kind: PayFailure) {
    super(PAY_FAILURES[kind].zh);
    this.name = 'PayDriverError';
  }
}

/** How old a notice may be (seconds) before it is refused as a replay. */
export const NOTICE_MAX_AGE = 300;
