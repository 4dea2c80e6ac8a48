import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOutboundAllowlist } from './outbound.js';
import { OutboundError, outboundRequest, type OutboundRequest } from './outbound-request.js';

/** The one outbound call every driver makes (supplier, parking, WeChat pay, Dingxin). */
describe('outboundRequest', () => {
  let server: Server;
  let base = '';
  const seen: { body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ body });
        if (req.url === '/slow') return; // never answers
        if (req.url === '/big') return res.end('x'.repeat(5000));
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const allow = parseOutboundAllowlist('127.0.0.1');
  const call = (over: Partial<OutboundRequest>) =>
    outboundRequest({
      url: `${base}/ok`,
      method: 'POST',
      timeoutMs: 2000,
      maxBytes: 1000,
      allow,
      ...over,
    });
  const kindOf = (p: Promise<unknown>) =>
    p.then(
      () => 'answered',
      (e: unknown) => (e instanceof OutboundError ? e.kind : String(e)),
    );

  it('posts the body with its length and answers status and bytes', async () => {
    const answer = await call({ body: '{"a":1}', headers: () => ({ 'X-Sign': 's' }) });
    expect(answer.status).toBe(200);
    expect(answer.raw.toString()).toBe('{"ok":true}');
    expect(seen.at(-1)?.body).toBe('{"a":1}');
  });

  it('refuses what it must not call, and says why', async () => {
    expect(await kindOf(call({ url: 'not a url' }))).toBe('bad-url');
    expect(await kindOf(call({ url: 'https://user:pw@partner.example/' }))).toBe('bad-url');
    expect(await kindOf(call({ url: 'http://partner.example/ok' }))).toBe('https-only');
    // A public-looking name that resolves to a private address today.
    expect(
      await kindOf(
        call({ url: 'https://shop.example/ok', lookup: async () => [{ address: '10.0.0.8' }] }),
      ),
    ).toBe('host-refused');
    expect(
      await kindOf(
        call({
          url: 'https://gone.example/ok',
          lookup: async () => {
            throw new Error('ENOTFOUND');
          },
        }),
      ),
    ).toBe('unresolved');
  });

  it('gives up at the deadline and past the size bound', async () => {
    expect(await kindOf(call({ url: `${base}/slow`, timeoutMs: 200 }))).toBe('timeout');
    expect(await kindOf(call({ url: `${base}/big`, method: 'GET' }))).toBe('too-large');
    expect(await kindOf(call({ url: 'http://127.0.0.1:1/ok' }))).toBe('unavailable');
  });
});
