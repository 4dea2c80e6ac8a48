import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOutboundAllowlist } from '../../../lib/outbound.js';
import { signRequest } from '../../platform-supplier/driver/http.js';
import { httpParkingDriver } from './http.js';
import { sandboxParkingDriver } from './sandbox.js';
import { DriverError } from './types.js';

/** The parking operator drivers (issue 28 item 1): the sandbox and the signed HTTP interface. */
describe('sandbox parking driver', () => {
  it('answers the same lots and bills every time, paid amounts adding up', async () => {
    const d = sandboxParkingDriver({ timeoutMs: 1000 });
    expect(await d.listLots()).toEqual(await d.listLots());
    const a = await d.listBills('P0001', '2026-11-01', '2026-11-03');
    expect(a).toEqual(await d.listBills('P0001', '2026-11-01', '2026-11-03'));
    expect(a.length).toBeGreaterThanOrEqual(9);
    expect(new Set(a.map((b) => b.billNo)).size).toBe(a.length);
    for (const b of a) {
      expect(
        b.billTime.slice(0, 10) >= '2026-11-01' && b.billTime.slice(0, 10) <= '2026-11-03',
      ).toBe(true);
      if (b.state === 'paid')
        expect(b.paidAmount).toBe(b.amountDue - b.discountAmount - b.rightDeduction);
      else expect(b.paidAmount).toBe(0);
    }
    expect(await d.listBills('P0002', '2026-11-01', '2026-11-01')).not.toEqual(
      await d.listBills('P0001', '2026-11-01', '2026-11-01'),
    );
  });

  it('fails, times out and refuses on request (PARKING_SANDBOX)', async () => {
    const settings = 'sandbox://?failureRate=1';
    const d = sandboxParkingDriver({ timeoutMs: 1000, settings });
    await expect(d.refund({ billNo: 'X', lotCode: 'P1' }, 100, 'PR1')).rejects.toMatchObject({
      kind: 'unavailable',
      message: '停车场接口暂不可用，请稍后重试',
    });
    const slow = sandboxParkingDriver({ timeoutMs: 10, settings: 'sandbox://?latency=50' });
    await expect(slow.listLots()).rejects.toMatchObject({ kind: 'timeout' });
    const refusing = sandboxParkingDriver({ timeoutMs: 1000, settings: 'sandbox://?refuse=1' });
    await expect(refusing.refund({ billNo: 'X', lotCode: 'P1' }, 1, 'PR1')).rejects.toMatchObject({
      kind: 'refused',
    });
  });

  it('answers one refund number per number of ours, however often it is asked', async () => {
    const d = sandboxParkingDriver({ timeoutMs: 1000 });
    const bill = { billNo: 'T1', lotCode: 'P1' };
    const first = await d.refund(bill, 100, 'PR1');
    expect(await d.refund(bill, 100, 'PR1')).toEqual(first);
    expect(await d.refund(bill, 100, 'PR2')).not.toEqual(first);
  });
});

describe('http parking driver', () => {
  let server: Server;
  let endpoint: string;
  const seen: { path: string; body: string; headers: Record<string, unknown> }[] = [];
  const allow = parseOutboundAllowlist('127.0.0.1');

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', body, headers: req.headers });
        const h = req.headers;
        const good =
          h['x-sign'] ===
          signRequest('s3cret', String(h['x-timestamp']), String(h['x-nonce']), body);
        if (!good) return void res.writeHead(401).end();
        res.setHeader('Content-Type', 'application/json');
        if (req.url === '/op/list-lots')
          return void res.end(
            JSON.stringify({ lots: [{ lotCode: 'L1', lotName: '一号', spaces: 10 }] }),
          );
        if (req.url === '/op/refund') return void res.end(JSON.stringify({ refundNo: 'R-1' }));
        res.end(JSON.stringify({ bills: [{ billNo: 'B1' }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/op`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const driver = (
    settings: Partial<{ endpoint: string; key: string; secret: string }> = {},
    list = allow,
  ) =>
    httpParkingDriver({
      timeoutMs: 2000,
      allow: list,
      settings: { endpoint, key: 'k1', secret: 's3cret', ...settings },
    });

  it('signs each call and reads the answers', async () => {
    expect(await driver().listLots()).toEqual([{ lotCode: 'L1', lotName: '一号', spaces: 10 }]);
    expect(await driver().refund({ billNo: 'B9', lotCode: 'L1' }, 250, 'PR7')).toEqual({
      refundNo: 'R-1',
    });
    const last = seen.at(-1)!;
    expect(JSON.parse(last.body)).toEqual({
      billNo: 'B9',
      lotCode: 'L1',
      amount: 250,
      outRefundNo: 'PR7',
    });
    expect(last.headers['x-app-key']).toBe('k1');
  });

  it('refuses a bad signature, a malformed answer, no settings and a private host', async () => {
    await expect(driver({ secret: 'wrong' }).listLots()).rejects.toMatchObject({ kind: 'refused' });
    await expect(driver().listBills('L1', '2026-11-01', '2026-11-01')).rejects.toMatchObject({
      kind: 'bad-answer',
    });
    await expect(driver({ endpoint: '' }).listLots()).rejects.toMatchObject({
      message: '停车场接口未配置',
    });
    const refused = driver({}, parseOutboundAllowlist(undefined)).listLots();
    await expect(refused).rejects.toBeInstanceOf(DriverError);
    await expect(refused).rejects.toMatchObject({ kind: 'not-configured' });
    await expect(driver({ endpoint: 'http://example.com/op' }).listLots()).rejects.toMatchObject({
      message: '停车场接口地址须使用 HTTPS',
    });
  });
});
