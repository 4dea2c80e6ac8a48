import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { z } from 'zod';
import {
  assertOutboundResolved,
  normalHost,
  outboundRefusal,
  type OutboundAllowlist,
} from '../../../lib/outbound.js';
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
 * The host must be public (lib/outbound.ts: private, loopback and metadata addresses only when
 * OUTBOUND_ALLOWLIST names them), checked on the addresses it resolves to right now, and the
 * connection goes to the address that was checked. Plain http only to a loopback address (tests).
 */

export const NOT_CONFIGURED = FAILURE_REASONS.notConfigured.zh;
export const BAD_ANSWER = FAILURE_REASONS.badAnswer.zh;
export const HTTPS_ONLY = FAILURE_REASONS.httpsOnly.zh;
/** Largest answer read (a store list of a big supplier fits). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

type Lookup = (host: string) => Promise<{ address: string }[]>;
const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

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

const isLoopback = (address: string) =>
  net.isIP(address) === 4 ? address.startsWith('127.') : address === '::1';

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
  const lookup = options.lookup ?? systemLookup;

  async function call<O extends Operation>(
    supplier: DriverSupplier,
    operation: O,
    payload: Record<string, unknown>,
  ): Promise<z.output<(typeof ANSWERS)[O]>> {
    const endpoint = supplier.interfaceEndpoint?.trim();
    const key = supplier.interfaceKey?.trim();
    const secret = supplier.interfaceSecret;
    if (!endpoint || !key || !secret) throw new DriverError('not-configured', NOT_CONFIGURED);
    let url: URL;
    try {
      url = new URL(`${endpoint.replace(/\/+$/, '')}/${operation}`);
    } catch {
      throw new DriverError('not-configured', NOT_CONFIGURED);
    }
    if (url.username || url.password) throw new DriverError('not-configured', NOT_CONFIGURED);
    const host = normalHost(url.hostname);
    if (!host) throw new DriverError('not-configured', NOT_CONFIGURED);
    const bareHost = host.replace(/^\[|\]$/g, '');
    const secure = url.protocol === 'https:';
    if (!secure && !(url.protocol === 'http:' && isLoopback(bareHost)))
      throw new DriverError('not-configured', HTTPS_ONLY);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    try {
      // The addresses checked are the ones connected to (no second resolution in between).
      const resolved: string[] = [];
      try {
        await assertOutboundResolved(host, options.allow, async (name) => {
          const answer = await lookup(name);
          resolved.push(...answer.map((a) => a.address));
          return answer;
        });
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('outbound host refused'))
          throw new DriverError('not-configured', outboundRefusal('供应商接口地址'));
        throw new DriverError('unavailable', UNAVAILABLE);
      }
      if (timedOut) throw new DriverError('timeout', TIMEOUT);
      const address = net.isIP(bareHost) ? bareHost : resolved[0];
      if (!address) throw new DriverError('unavailable', UNAVAILABLE);

      const body = JSON.stringify(payload);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(16).toString('hex');
      const headers = {
        Host: url.host,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        'X-App-Key': key,
        'X-Timestamp': timestamp,
        'X-Nonce': nonce,
        'X-Sign': signRequest(secret, timestamp, nonce, body),
      };
      const { status, raw } = await new Promise<{ status: number; raw: Buffer }>(
        (resolve, reject) => {
          const request = (secure ? https : http).request(
            {
              host: address,
              port: url.port || (secure ? 443 : 80),
              path: `${url.pathname}${url.search}`,
              method: 'POST',
              headers,
              signal: controller.signal,
              ...(secure && !net.isIP(bareHost) ? { servername: bareHost } : {}),
            },
            (response) => {
              const chunks: Buffer[] = [];
              let size = 0;
              response.on('data', (chunk: Buffer) => {
                size += chunk.length;
                if (size > MAX_ANSWER_BYTES) {
                  response.destroy();
                  reject(new DriverError('bad-answer', BAD_ANSWER));
                } else chunks.push(chunk);
              });
              response.on('end', () =>
                resolve({ status: response.statusCode ?? 0, raw: Buffer.concat(chunks) }),
              );
              response.on('error', reject);
            },
          );
          request.on('error', reject);
          request.end(body);
        },
      ).catch((error: unknown) => {
        if (error instanceof DriverError) throw error;
        if (timedOut) throw new DriverError('timeout', TIMEOUT);
        throw new DriverError('unavailable', UNAVAILABLE);
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
    } finally {
      clearTimeout(timer);
    }
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
