import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { assertOutboundResolved, normalHost, type OutboundAllowlist } from './outbound.js';

/**
 * One call to a system outside (a supplier's interface, the parking operator, WeChat pay,
 * Dingxin), the way every driver must make it:
 * - HTTPS, or plain http to a loopback address only (the tests' servers);
 * - the host and every address it resolves to now pass `assertOutboundResolved` (no private,
 *   loopback or metadata target unless OUTBOUND_ALLOWLIST names it), and the connection goes to
 *   the address that was checked (no second resolution an attacker's DNS could answer
 *   differently), with the name kept for the Host header and TLS;
 * - one deadline from the start, DNS included, and a bound on the answer's size.
 * Failures are an `OutboundError` whose `kind` each driver turns into its own zh message; no
 * credentials, headers or answer bodies go into them.
 */

export type OutboundFailure =
  /** Not a URL, credentials in it, or no host. */
  | 'bad-url'
  /** Plain http to anything but loopback. */
  | 'https-only'
  /** The host or an address it resolves to is refused (lib/outbound.ts). */
  | 'host-refused'
  /** The name did not resolve. */
  | 'unresolved'
  | 'timeout'
  /** No connection, or it broke. */
  | 'unavailable'
  /** The answer was longer than `maxBytes`. */
  | 'too-large';

export class OutboundError extends Error {
  constructor(readonly kind: OutboundFailure) {
    super(`outbound call failed: ${kind}`);
  }
}

export type Lookup = (host: string) => Promise<{ address: string }[]>;
const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface OutboundRequest {
  url: string;
  method: 'GET' | 'POST';
  /** Sent as is (UTF-8); its Content-Length is set here. */
  body?: string;
  /** Besides Host and Content-Length; given the parsed URL (a signature may cover its path). */
  headers?: (url: URL) => Record<string, string>;
  /** From the start of the call (DNS included) to the whole answer. */
  timeoutMs: number;
  maxBytes: number;
  allow: OutboundAllowlist;
  /** Name resolution (tests); the system's by default. */
  lookup?: Lookup;
}

const isLoopback = (address: string) =>
  net.isIP(address) === 4 ? address.startsWith('127.') : address === '::1';

export async function outboundRequest(
  r: OutboundRequest,
): Promise<{ status: number; raw: Buffer; url: URL }> {
  let url: URL;
  try {
    url = new URL(r.url);
  } catch {
    throw new OutboundError('bad-url');
  }
  const host = normalHost(url.hostname);
  if (!host || url.username || url.password) throw new OutboundError('bad-url');
  const bare = host.replace(/^\[|\]$/g, '');
  const secure = url.protocol === 'https:';
  if (!secure && !(url.protocol === 'http:' && isLoopback(bare)))
    throw new OutboundError('https-only');

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, r.timeoutMs);
  try {
    // The addresses checked are the ones connected to.
    const resolved: string[] = [];
    try {
      await assertOutboundResolved(host, r.allow, async (name) => {
        const answer = await (r.lookup ?? systemLookup)(name);
        resolved.push(...answer.map((a) => a.address));
        return answer;
      });
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('outbound host refused'))
        throw new OutboundError('host-refused');
      throw new OutboundError(timedOut ? 'timeout' : 'unresolved');
    }
    if (timedOut) throw new OutboundError('timeout');
    const address = net.isIP(bare) ? bare : resolved[0];
    if (!address) throw new OutboundError('unresolved');

    const body = r.body ?? '';
    const headers = {
      ...r.headers?.(url),
      Host: url.host,
      ...(r.method === 'POST' ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}),
    };
    const answer = await new Promise<{ status: number; raw: Buffer }>((resolve, reject) => {
      const request = (secure ? https : http).request(
        {
          host: address,
          port: url.port || (secure ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          method: r.method,
          headers,
          signal: controller.signal,
          ...(secure && !net.isIP(bare) ? { servername: bare } : {}),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > r.maxBytes) {
              response.destroy();
              reject(new OutboundError('too-large'));
            } else chunks.push(chunk);
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, raw: Buffer.concat(chunks) }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(r.method === 'POST' ? body : undefined);
    }).catch((error: unknown) => {
      if (error instanceof OutboundError) throw error;
      throw new OutboundError(timedOut ? 'timeout' : 'unavailable');
    });
    return { ...answer, url };
  } finally {
    clearTimeout(timer);
  }
}
