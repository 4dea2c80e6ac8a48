import { lookup as dnsLookup } from 'node:dns/promises';
import net from 'node:net';

/**
 * The one check for addresses a console user may enter for the server to connect to (object
 * storage endpoints, data-source JDBC urls): loopback, link-local (cloud metadata), private,
 * shared and unspecified targets are refused unless OUTBOUND_ALLOWLIST names them. Hosts are
 * read as the WHATWG URL parser reads them, so numeric forms (`2130706433`, `0x7f000001`,
 * `0177.0.0.1`, `127.1`) and IPv4-mapped IPv6 (`[::ffff:127.0.0.1]`) are the addresses they stand
 * for. Saving checks the host as written (no DNS); a driver that connects calls
 * `assertOutboundResolved` right before connecting, since a name can resolve elsewhere later.
 */

/** What OUTBOUND_ALLOWLIST names: host names (exact) and addresses or CIDR ranges. */
export interface OutboundAllowlist {
  names: ReadonlySet<string>;
  ranges: net.BlockList;
}

const REFUSED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (Alibaba Cloud's metadata is 100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: 169.254.169.254 is the metadata service of most clouds
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  REFUSED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  REFUSED.addSubnet(address, prefix, 'ipv6');
// IPv4-mapped IPv6 (::ffff:a.b.c.d) is matched against the IPv4 rules by BlockList itself.

/** Names that mean this machine or a cloud's metadata service whatever DNS says. */
const REFUSED_NAME = /(^|\.)(localhost|internal|local)$|^(metadata|instance-data)$/;

/** Parses OUTBOUND_ALLOWLIST: comma-separated host names, addresses and CIDR ranges. */
export function parseOutboundAllowlist(
  value: string | readonly string[] | undefined,
): OutboundAllowlist {
  const names = new Set<string>();
  const ranges = new net.BlockList();
  const items = typeof value === 'string' ? value.split(',') : (value ?? []);
  for (const raw of items) {
    const item = raw.trim().toLowerCase();
    if (!item) continue;
    const [address = '', bits] = item.split('/');
    const plain = address.replace(/^\[|\]$/g, '');
    const family = net.isIP(plain);
    if (family) {
      const type = family === 4 ? 'ipv4' : 'ipv6';
      const max = family === 4 ? 32 : 128;
      const prefix = bits === undefined ? max : Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > max)
        throw new Error(`OUTBOUND_ALLOWLIST: bad range ${raw.trim()}`);
      ranges.addSubnet(plain, prefix, type);
    } else {
      names.add(normalHost(item) ?? item);
    }
  }
  return { names, ranges };
}

/** A host as the URL parser reads it (numeric IPv4 forms resolved, lower case, no dot at the end). */
export function normalHost(host: string): string | undefined {
  const trimmed = host.trim();
  if (!trimmed || /[\s/?#@]/.test(trimmed)) return undefined;
  try {
    const name = new URL(`http://${trimmed}/`).hostname.replace(/\.$/, '');
    return name || undefined;
  } catch {
    return undefined;
  }
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '');

function addressRefused(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function allowed(host: string, allow: OutboundAllowlist): boolean {
  if (allow.names.has(host)) return true;
  const address = bare(host);
  const family = net.isIP(address);
  return family !== 0 && allow.ranges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether a host (as written by a user: name, numeric IPv4 form, [IPv6]) is refused: this
 * machine, link-local, private or a metadata name, and not on the allowlist. An unreadable host
 * is refused too.
 */
export function isRefusedHost(host: string, allow: OutboundAllowlist): boolean {
  const normal = normalHost(host);
  if (!normal) return true;
  if (allowed(normal, allow)) return false;
  return addressRefused(bare(normal)) || REFUSED_NAME.test(normal);
}

/** The host of an endpoint written with or without its http(s) scheme; undefined if unreadable. */
export function endpointHost(endpoint: string): string | undefined {
  const value = endpoint.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  try {
    return new URL(withScheme).hostname || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The hosts a JDBC url connects to: `jdbc:<sub>://[user@]host[:port][,host2...]/...` (and
 * MySQL's `address=(host=...)` form); a url without `//` names no host (SQLite's file, or the
 * driver's default: this machine, given as `localhost`).
 */
export function jdbcHosts(url: string): string[] {
  const m = /^jdbc:([a-z0-9]+):(.*)$/i.exec(url.trim());
  if (!m) return [];
  const [, sub = '', rest = ''] = m;
  if (sub.toLowerCase() === 'sqlite') return [];
  if (!rest.startsWith('//')) return ['localhost'];
  const authority = rest.slice(2).split(/[/?;]/, 1)[0] ?? '';
  const hosts = authority.includes('(')
    ? [...authority.matchAll(/host=([^)]*)/gi)].map((h) => h[1] ?? '')
    : authority.split(',').map((part) => {
        const h = part.slice(part.lastIndexOf('@') + 1).trim();
        return h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : (h.split(':')[0] ?? '');
      });
  return hosts.length
    ? hosts.map((h) => (h.trim() === '' ? 'localhost' : h.trim()))
    : ['localhost'];
}

/** The zh refusal of a field (`<label>不能指向...`). */
export const outboundRefusal = (label: string) =>
  `${label}不能指向本机、内网或云元数据地址（可由管理员加入 OUTBOUND_ALLOWLIST）`;

type Lookup = (host: string) => Promise<{ address: string }[]>;
const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * For a driver, right before it connects: the host and every address it resolves to now must be
 * allowed (a name checked when saved may resolve to 127.0.0.1 today). Throws otherwise.
 */
export async function assertOutboundResolved(
  host: string,
  allow: OutboundAllowlist,
  lookup: Lookup = systemLookup,
): Promise<void> {
  const normal = normalHost(host);
  if (!normal || isRefusedHost(normal, allow)) throw new Error(`outbound host refused: ${host}`);
  if (allowed(normal, allow) || net.isIP(bare(normal))) return;
  const addresses = await lookup(normal);
  if (addresses.length === 0) throw new Error(`outbound host refused: ${host}`);
  for (const { address } of addresses)
    if (
      addressRefused(address) &&
      !allowed(address.includes(':') ? `[${address}]` : address, allow)
    )
      throw new Error(`outbound host refused: ${host} (${address})`);
}
