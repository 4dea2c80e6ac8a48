import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/support.js';

/** What the sender meant to send: far more than any of the limits below. */
const INTENDED = 48 * 1024 * 1024;
const CHUNK = 64 * 1024;

interface Outcome {
  status: number;
  body: string;
  /** The answer's Connection header. */
  connection: string | undefined;
  /** Whether the server closed the connection after answering (rather than reading on). */
  closed: Promise<boolean>;
  /** Bytes the sender had handed over (and the connection had taken) when the answer came. */
  sent: number;
}

/**
 * POSTs one multipart file of INTENDED bytes over a real connection with chunked transfer
 * encoding (no Content-Length, as a streaming client sends it), writing only as fast as the
 * server reads, and stops writing when the answer arrives.
 */
function sendOversized(port: number, url: string, token: string, fileName: string) {
  return new Promise<Outcome>((resolve, reject) => {
    const boundary = 'limit-test-boundary';
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: url,
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'blade-auth': `bearer ${token}`,
      },
    });
    let sent = 0;
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      const at = sent - request.writableLength;
      const closed = new Promise<boolean>((done) => {
        if (request.socket?.destroyed) done(true);
        else request.socket?.once('close', () => done(true));
      });
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          connection: response.headers.connection,
          closed,
          sent: at,
        }),
      );
      response.on('error', reject);
    });
    // The server closes the connection after its answer; writes cut off then are expected.
    request.on('error', (err) => {
      if (!answered) reject(err);
    });

    const write = (chunk: Buffer) =>
      new Promise<void>((done) => {
        sent += chunk.length;
        if (request.write(chunk)) return done();
        const go = () => {
          request.off('drain', go);
          request.off('response', go);
          request.off('close', go);
          done();
        };
        request.on('drain', go);
        request.on('response', go);
        request.on('close', go);
      });

    void (async () => {
      await write(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
      );
      const chunk = Buffer.alloc(CHUNK, 0x41);
      for (let n = 0; n < INTENDED && !answered && !request.destroyed; n += CHUNK) {
        await write(chunk);
      }
      if (!answered && !request.destroyed) request.end(`\r\n--${boundary}--\r\n`);
    })();
  });
}

describe('oversized uploads stop at the limit (issue 15 item 13)', () => {
  let t: TestApp;
  let port: number;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { uploadMaxMb: 1 } });
    admin = await t.adminToken();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it.each([
    ['/api/blade-resource/oss/endpoint/put-file', 'big.png', '单个文件不能超过1M'],
    ['/api/blade-resource/oss/endpoint/put-file-avatar', 'big.png', '头像大小不能超过500KB'],
    ['/api/blade-system/pic-stock/put-file', 'big.png', undefined],
    ['/api/blade-user/import-user', 'big.xlsx', '单个文件不能超过1M'],
  ])(
    '%s answers 413 while the sender still has most of its body to send',
    async (url, name, msg) => {
      const outcome = await sendOversized(port, url, admin, name);
      expect(outcome.status).toBe(413);
      const body = JSON.parse(outcome.body) as { code: number; msg: string };
      expect(body.code).toBe(413);
      if (msg) expect(body.msg).toBe(msg);
      // The server stopped reading near its limit (at most 5 MB here, plus socket buffers):
      // the sender had not got rid of even half of its 48 MB when the answer came.
      expect(outcome.sent).toBeLessThan(INTENDED / 2);
      // ...and closed the connection instead of reading (and discarding) the rest of the body.
      expect(outcome.connection).toBe('close');
      expect(await outcome.closed).toBe(true);
    },
  );

  it('keeps answering on a new connection afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/blade-user/info`, {
      headers: { 'blade-auth': `bearer ${admin}` },
    });
    expect(res.status).toBe(200);
  });
});
