import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { outboundRefusal, type OutboundAllowlist } from '../../../lib/outbound.js';
import { OutboundError, outboundRequest, type Lookup } from '../../../lib/outbound-request.js';
import { parseYuan } from '../../../../src/contracts/money.js';
import { FAILURE_REASONS } from '../../../../src/contracts/server-texts.js';
import { MAX_CARDS, REFUSED, TIMEOUT, UNAVAILABLE } from './sandbox.js';
import { DriverError, type DriverSupplier, type SupplierDriver } from './types.js';

/**
 * The `http` driver: the supplier's own interface, JSON over HTTPS (README "Supplier interface
 * drivers" documents the wire):
 * - POST `${interfaceEndpoint}/<operation>` (query-balance, query-stock, fetch-cards,
 *   query-code-status, load-stores), body JSON, `Content-Type: application/json`;
 * - headers X-App-Key (interface_key), X-Timestamp (epoch seconds), X-Nonce (32 hex),
 *   X-Sign = hex HMAC-SHA256(interface_secret, `${timestamp}\n${nonce}\n${body}`);
 * - a 2xx answer is JSON checked against the operation's shape; anything else is a DriverError
 *   with a zh message that carries neither credentials nor the answer's body.
 * The call itself (host checks, pinned address, deadline, size bound) is lib/outbound-request.ts.
 */

export const NOT_CONFIGURED = FAILURE_REASONS.notConfigured.zh;
export const BAD_ANSWER = FAILURE_REASONS.badAnswer.zh;
export const HTTPS_ONLY = FAILURE_REASONS.httpsOnly.zh;
/** Largest answer read (a store list of a big supplier fits). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export interface HttpDriverOptions {
  /** Milliseconds from the start of a call (DNS included) to its whole answer. */
  timeoutMs: number;
  allow: OutboundAllowlist;
  /** Name resolution (tests); the system's by default. */
  lookup?: Lookup;
}

const text = (max: number) => z.string().min(1).max(max);
const yuan = z.union([z.number(), z.string()]).transform((v, c) => {
  const fen = parseYuan(v);
  if (fen === undefined || fen < 0) {
    c.addIssue({ code: z.ZodIssueCode.custom, message: 'amount' });
    return z.NEVER;
  }
  return fen;
});
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const ANSWERS = {
  'query-balance': z.object({ balance: yuan }),
  'query-stock': z.object({ stock: z.number().int().min(0) }),
  'fetch-cards': z.object({
    cards: z
      .array(
        z.object({
          code: text(128),
          pin: text(128).optional(),
          validEnd: z.string().regex(DATE_TIME).optional(),
        }),
      )
      .max(MAX_CARDS),
  }),
  'query-code-status': z.object({
    codes: z.array(
      z.object({
        code: text(128),
        state: z.enum(['unused', 'used', 'invalid']),
        usedTime: z.string().regex(DATE_TIME).optional(),
      }),
    ),
  }),
  'load-stores': z.object({
    stores: z.array(
      z.object({
        storeCode: text(64),
        storeName: text(200),
        provinceCode: text(12),
        cityCode: text(12),
        districtCode: text(12).optional(),
        address: z.string().max(500).optional(),
        phone: z.string().max(50).optional(),
      }),
    ),
  }),
} as const;
type Operation = keyof typeof ANSWERS;

/** The zh texts a driver answers its failures with (`address` names the endpoint's field). */
export interface DriverTexts {
  notConfigured: string;
  httpsOnly: string;
  address: string;
  timeout: string;
  unavailable: string;
  badAnswer: string;
}

const SUPPLIER_TEXTS: DriverTexts = {
  notConfigured: NOT_CONFIGURED,
  httpsOnly: HTTPS_ONLY,
  address: '供应商接口地址',
  timeout: TIMEOUT,
  unavailable: UNAVAILABLE,
  badAnswer: BAD_ANSWER,
};

/** A failed outbound call (lib/outbound-request.ts) as a driver's error. */
export function driverErrorOf(error: unknown, t: DriverTexts): DriverError {
  if (!(error instanceof OutboundError)) return new DriverError('unavailable', t.unavailable);
  switch (error.kind) {
    case 'bad-url':
      return new DriverError('not-configured', t.notConfigured);
    case 'https-only':
      return new DriverError('not-configured', t.httpsOnly);
    case 'host-refused':
      return new DriverError('not-configured', outboundRefusal(t.address));
    case 'timeout':
      return new DriverError('timeout', t.timeout);
    case 'too-large':
      return new DriverError('bad-answer', t.badAnswer);
    default:
      return new DriverError('unavailable', t.unavailable);
  }
}

/** The signature of a request body (also what a supplier checks; the test server does). */
export function signRequest(
  secret: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${body}`).digest('hex');
}

export function httpDriver(options: HttpDriverOptions): SupplierDriver {
  async function call<O extends Operation>(
    supplier: DriverSupplier,
    operation: O,
    payload: Record<string, unknown>,
  ): Promise<z.output<(typeof ANSWERS)[O]>> {
    const endpoint = supplier.interfaceEndpoint?.trim();
    const key = supplier.interfaceKey?.trim();
    const secret = supplier.interfaceSecret;
    if (!endpoint || !key || !secret) throw new DriverError('not-configured', NOT_CONFIGURED);
    const body = JSON.stringify(payload);
    const { status, raw } = await outboundRequest({
      url: `${endpoint.replace(/\/+$/, '')}/${operation}`,
      method: 'POST',
      body,
      headers: () => {
        const timestamp = String(Math.floor(Date.now() / 1000));
        const nonce = randomBytes(16).toString('hex');
        return {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-App-Key': key,
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
      throw driverErrorOf(error, SUPPLIER_TEXTS);
    });
    if (status >= 400 && status < 500) throw new DriverError('refused', REFUSED);
    if (status >= 500) throw new DriverError('unavailable', UNAVAILABLE);
    if (status < 200 || status >= 300) throw new DriverError('bad-answer', BAD_ANSWER);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new DriverError('bad-answer', BAD_ANSWER);
    }
    const parsed = ANSWERS[operation].safeParse(json);
    if (!parsed.success) throw new DriverError('bad-answer', BAD_ANSWER);
    return parsed.data as z.output<(typeof ANSWERS)[O]>;
  }

  return {
    name: 'http',

    async queryBalance(supplier) {
      const { balance } = await call(supplier, 'query-balance', {});
      return { balanceFen: balance };
    },

    async queryStock(supplier, good) {
      const goodCode = good.interfaceGoodCode || good.goodCode;
      return call(supplier, 'query-stock', { goodCode });
    },

    async fetchCards(supplier, good, { quantity, orderNo }) {
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_CARDS || !orderNo)
        throw new DriverError('refused', REFUSED);
      const goodCode = good.interfaceGoodCode || good.goodCode;
      const { cards } = await call(supplier, 'fetch-cards', { goodCode, quantity, orderNo });
      // Exactly what was asked for, each code once.
      if (cards.length !== quantity || new Set(cards.map((c) => c.code)).size !== quantity)
        throw new DriverError('bad-answer', BAD_ANSWER);
      return cards;
    },

    async queryCodeStatus(supplier, codes) {
      if (codes.length === 0) return [];
      const answer = await call(supplier, 'query-code-status', { codes });
      const asked = new Set(codes);
      if (answer.codes.some((c) => !asked.has(c.code)))
        throw new DriverError('bad-answer', BAD_ANSWER);
      return answer.codes;
    },

    async loadStores(supplier) {
      const { stores } = await call(supplier, 'load-stores', {});
      return stores;
    },
  };
}
