import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { OutboundAllowlist } from '../../../lib/outbound.js';
import { outboundRequest, type Lookup } from '../../../lib/outbound-request.js';
import { PARKING_DRIVER_TEXTS as T } from '../../../../src/contracts/platform-parking/park-bill.js';
import {
  driverErrorOf,
  signRequest,
  type DriverTexts,
} from '../../platform-supplier/driver/http.js';
import { DriverError, type ParkingDriver } from './types.js';

/**
 * The `http` driver: the operator's interface, JSON over HTTPS, signed like the supplier drivers
 * (X-App-Key, X-Timestamp, X-Nonce, X-Sign = hex HMAC-SHA256(secret, `ts\nnonce\nbody`)):
 * POST `${endpoint}/list-lots` {} -> {lots}, `list-bills` {lotCode, from, to} -> {bills},
 * `refund` {billNo, lotCode, amount (fen), outRefundNo (ours, refunded once)} -> {refundNo}. The call (host checks, pinned address,
 * deadline, size bound) is lib/outbound-request.ts. The secret is never answered or logged.
 */
export interface OperatorSettings {
  endpoint: string | undefined;
  key: string | undefined;
  secret: string | undefined;
}

const TEXTS: DriverTexts = {
  notConfigured: T.notConfigured.zh,
  httpsOnly: T.httpsOnly.zh,
  address: '停车场接口地址',
  timeout: T.timeout.zh,
  unavailable: T.unavailable.zh,
  badAnswer: T.badAnswer.zh,
};
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
const TIME = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
const fen = z.number().int().min(0).max(999_999_999_999);
const text = (max: number) => z.string().min(1).max(max);
const ANSWERS = {
  'list-lots': z.object({
    lots: z.array(
      z.object({
        lotCode: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
        lotName: text(100),
        spaces: z.number().int().min(0).max(100000),
        address: z.string().max(255).optional(),
      }),
    ),
  }),
  'list-bills': z.object({
    bills: z.array(
      z.object({
        billNo: text(40),
        billType: z.enum(['temporary', 'monthTicket']),
        plateNo: text(16),
        enterTime: TIME.nullish(),
        leaveTime: TIME.nullish(),
        ticketStart: TIME.nullish(),
        ticketEnd: TIME.nullish(),
        amountDue: fen,
        discountAmount: fen,
        rightDeduction: fen,
        paidAmount: fen,
        payChannel: z.enum(['wechat', 'alipay', 'unionpay', 'etc', 'right']).nullish(),
        payTime: TIME.nullish(),
        rightCode: z.string().max(64).nullish(),
        providerCode: z.string().max(32).nullish(),
        providerName: z.string().max(100).nullish(),
        state: z.enum(['unpaid', 'paid']),
        billTime: TIME,
        smartPay: z.boolean().optional(),
      }),
    ),
  }),
  refund: z.object({ refundNo: text(64) }),
} as const;
type Operation = keyof typeof ANSWERS;

export function httpParkingDriver(options: {
  timeoutMs: number;
  allow: OutboundAllowlist;
  settings: OperatorSettings;
  lookup?: Lookup;
}): ParkingDriver {
  async function call<O extends Operation>(operation: O, payload: object) {
    const { endpoint, key, secret } = options.settings;
    if (!endpoint?.trim() || !key?.trim() || !secret)
      throw new DriverError('not-configured', T.notConfigured.zh);
    const body = JSON.stringify(payload);
    const { status, raw } = await outboundRequest({
      url: `${endpoint.trim().replace(/\/+$/, '')}/${operation}`,
      method: 'POST',
      body,
      headers: () => {
        const timestamp = String(Math.floor(Date.now() / 1000));
        const nonce = randomBytes(16).toString('hex');
        return {
          'Content-Type': 'application/json',
          'X-App-Key': key.trim(),
          'X-Timestamp': timestamp,
          'X-Nonce': nonce,
          'X-Sign': signRequest(secret, timestamp, nonce, body),
        };
      },
      timeoutMs: options.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      allow: options.allow,
      ...(options.lookup ? { lookup: options.lookup } : {}),
    }).catch((error: unknown) => {
      throw driverErrorOf(error, TEXTS);
    });
    if (status >= 400 && status < 500) throw new DriverError('refused', T.refused.zh);
    if (status < 200 || status >= 300) throw new DriverError('unavailable', T.unavailable.zh);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new DriverError('bad-answer', T.badAnswer.zh);
    }
    const parsed = ANSWERS[operation].safeParse(json);
    if (!parsed.success) throw new DriverError('bad-answer', T.badAnswer.zh);
    return parsed.data as z.output<(typeof ANSWERS)[O]>;
  }
  return {
    name: 'http',
    listLots: async () => (await call('list-lots', {})).lots,
    listBills: async (lotCode, from, to) => (await call('list-bills', { lotCode, from, to })).bills,
    refund: async (bill, amount, outRefundNo) =>
      call('refund', { billNo: bill.billNo, lotCode: bill.lotCode, amount, outRefundNo }),
  };
}
