import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOutboundAllowlist } from '../../../lib/outbound.js';
import { httpPayDriver, readHttpNotice } from './http.js';
import { sandboxNotice, sandboxPayDriver } from './sandbox.js';
import { PayDriverError, type PayMerchant } from './types.js';

/**
 * The WeChat pay drivers (issue 28 item 4): the sandbox (deterministic, failures on request,
 * signed notices) and the http driver against a loopback stand-in of API v3 (signed requests,
 * the outbound host check, failures mapped), and a v3 notice (platform signature, sealed
 * resource). No call leaves the machine.
 */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PUBLIC = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const KEY = '0123456789abcdef0123456789abcdef'; // 32 bytes: the API v3 key

const merchant = (over: Partial<PayMerchant> = {}): PayMerchant => ({
  id: '1',
  tenantId: '000000',
  driver: 'sandbox',
  mchId: '1900000109',
  appId: 'wx1',
  serialNo: 'SERIAL',
  apiV3Key: KEY,
  privateKey: PRIVATE,
  platformCert: PUBLIC,
  ...over,
});
const kindOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof PayDriverError ? e.kind : String(e)),
  );

describe('sandbox pay driver', () => {
  it('answers the same ids for the same numbers and fails on request', async () => {
    const r = { outTradeNo: 'WX1', amountFen: 100, subject: 's', channel: 'mini', notifyUrl: '' };
    const a = await sandboxPayDriver.createPayment(merchant(), r);
    expect(await sandboxPayDriver.createPayment(merchant(), r)).toEqual(a);
    expect(await kindOf(sandboxPayDriver.createPayment(merchant({ mchId: 'FAIL1' }), r))).toBe(
      'unavailable',
    );
    expect(await kindOf(sandboxPayDriver.testConnection(merchant({ apiV3Key: null })))).toBe(
      'notConfigured',
    );
    const refund = { outTradeNo: 'WX1', outRefundNo: 'RF1', amountFen: 101, totalFen: 100 };
    expect(await kindOf(sandboxPayDriver.refund(merchant(), refund))).toBe('refused');
  });

  it('reads its own signed notices and refuses tampered or stale ones', () => {
    const paid = {
      outTradeNo: 'WX1',
      transactionId: 'T1',
      amountFen: 100,
      payerOpenId: 'o1',
      paidTime: '2026-11-28 10:00:00',
    };
    const n = sandboxNotice(merchant(), paid, 1_000_000);
    expect(sandboxPayDriver.readNotice(merchant(), { ...n, now: 1_000_010 })).toEqual(paid);
    const tampered = { ...n, body: n.body.replace('100', '1'), now: 1_000_010 };
    expect(() => sandboxPayDriver.readNotice(merchant(), tampered)).toThrow(PayDriverError);
    expect(() => sandboxPayDriver.readNotice(merchant(), { ...n, now: 1_001_000 })).toThrow(
      PayDriverError,
    );
    expect(() =>
      sandboxPayDriver.readNotice(merchant({ apiV3Key: 'other' }), { ...n, now: 1_000_010 }),
    ).toThrow(PayDriverError);
  });
});

describe('http pay driver', () => {
  let server: http.Server;
  let base: string;
  const seen: { path: string; body: string; authorised: boolean }[] = [];
  let status = 200;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const auth = req.headers.authorization ?? '';
        const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(auth)?.[1] ?? '';
        const message = `${req.method}\n${req.url}\n${field('timestamp')}\n${field('nonce_str')}\n${body}\n`;
        const authorised =
          auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
          field('mchid') === '1900000109' &&
          createVerify('RSA-SHA256').update(message).verify(PUBLIC, field('signature'), 'base64');
        seen.push({ path: req.url ?? '', body, authorised });
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(
          req.url?.includes('refund')
            ? JSON.stringify({ refund_id: '5000' })
            : JSON.stringify({ prepay_id: 'wx-prepay' }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const driver = (allow = '127.0.0.1') =>
    httpPayDriver({ baseUrl: base, timeoutMs: 2_000, allow: parseOutboundAllowlist(allow) });
  const request = {
    outTradeNo: 'WX9',
    amountFen: 990,
    subject: '停车',
    channel: 'native',
    notifyUrl: 'https://x/n',
  };

  it('signs its requests with the merchant key and reads the answers', async () => {
    expect(await driver().createPayment(merchant({ driver: 'http' }), request)).toEqual({
      prepayId: 'wx-prepay',
    });
    const refund = await driver().refund(merchant(), {
      outTradeNo: 'WX9',
      outRefundNo: 'RF9',
      amountFen: 90,
      totalFen: 990,
    });
    expect(refund).toEqual({ refundId: '5000' });
    expect(seen.map((s) => s.path)).toEqual([
      '/v3/pay/transactions/native',
      '/v3/refund/domestic/refunds',
    ]);
    expect(seen.every((s) => s.authorised)).toBe(true);
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ amount: { total: 990, currency: 'CNY' } });
  });

  it('refuses a host OUTBOUND_ALLOWLIST does not name and maps failures', async () => {
    const before = seen.length;
    expect(await kindOf(driver('').createPayment(merchant(), request))).toBe('notConfigured');
    expect(seen.length).toBe(before);
    status = 500;
    expect(await kindOf(driver().testConnection(merchant()))).toBe('unavailable');
    status = 403;
    expect(await kindOf(driver().testConnection(merchant()))).toBe('refused');
    status = 200;
    expect(await kindOf(driver().testConnection(merchant({ privateKey: null })))).toBe(
      'notConfigured',
    );
  });

  it('reads a v3 notice: platform-signed, its resource sealed with the API v3 key', () => {
    const resource = JSON.stringify({
      out_trade_no: 'WX9',
      transaction_id: '4200009',
      trade_state: 'SUCCESS',
      success_time: '2026-11-28T10:00:00+08:00',
      amount: { total: 990 },
      payer: { openid: 'oOPEN' },
    });
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(KEY), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const sealed = Buffer.concat([cipher.update(resource), cipher.final(), cipher.getAuthTag()]);
    const body = JSON.stringify({
      event_type: 'TRANSACTION.SUCCESS',
      resource: { ciphertext: sealed.toString('base64'), nonce, associated_data: 'transaction' },
    });
    const ts = '1000000';
    const headers = {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': 'n1',
      'wechatpay-signature': createSign('RSA-SHA256')
        .update(`${ts}\nn1\n${body}\n`)
        .sign(PRIVATE, 'base64'),
    };
    expect(readHttpNotice(merchant(), { headers, body, now: 1_000_001 })).toEqual({
      outTradeNo: 'WX9',
      transactionId: '4200009',
      amountFen: 990,
      payerOpenId: 'oOPEN',
      paidTime: '2026-11-28 10:00:00',
    });
    expect(() =>
      readHttpNotice(merchant(), {
        headers,
        body: body.replace('TRANSACTION', 'X'),
        now: 1_000_001,
      }),
    ).toThrow(PayDriverError);
    expect(() =>
      readHttpNotice(merchant({ platformCert: null }), { headers, body, now: 1_000_001 }),
    ).toThrow(PayDriverError);
  });
});
