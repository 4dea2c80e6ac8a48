import { BlockList, isIP } from 'node:net';
import {
  IP_ALLOWLIST_MAX,
  PSCLIENT_APP_REFUSALS,
} from '../../../../src/contracts/platform-client/psclient-app.js';

/**
 * An app's IP allowlist (blade_psclient_app.ip_allowlist): one IPv4 or IPv6 address or CIDR
 * range per line (commas separate too); blank lines are ignored; an empty list admits every
 * address. The app's save checks it (`parseIpAllowlist`), the open API asks `ipAllowed` for each
 * call. An IPv4-mapped IPv6 address ('::ffff:1.2.3.4') is its IPv4 address, on either side.
 */

const MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An address as compared: IPv4-mapped IPv6 as IPv4, IPv6 lower-cased without a zone. */
function normalAddress(address: string): string {
  const bare = address.trim().replace(/%.*$/, '');
  const mapped = MAPPED.exec(bare);
  return mapped ? mapped[1]! : bare.toLowerCase();
}

/** One entry in its normal form, or undefined when it is neither an address nor a range. */
function normalEntry(entry: string): string | undefined {
  const slash = entry.indexOf('/');
  if (slash < 0) {
    const address = normalAddress(entry);
    return isIP(address) ? address : undefined;
  }
  const address = entry.slice(0, slash).trim().toLowerCase();
  const bits = entry.slice(slash + 1).trim();
  const family = isIP(address);
  if (!family || !/^\d{1,3}$/.test(bits)) return undefined;
  const prefix = Number(bits);
  if (prefix > (family === 4 ? 32 : 128)) return undefined;
  return `${address}/${prefix}`;
}

export interface ParsedAllowlist {
  /** The entries in their normal form, each once, in the order given. */
  entries: string[];
  /** Why the text is refused (zh, the server's answer), when it is. */
  error?: string;
}

/** Reads an allowlist: its entries, or the refusal of the first entry that is not one. */
export function parseIpAllowlist(text: string | null): ParsedAllowlist {
  const parts = (text ?? '')
    .split(/[\r\n,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const entries: string[] = [];
  for (const part of parts) {
    const entry = normalEntry(part);
    if (!entry) return { entries, error: PSCLIENT_APP_REFUSALS.ipAllowlist.zh };
    if (!entries.includes(entry)) entries.push(entry);
  }
  if (entries.length > IP_ALLOWLIST_MAX)
    return { entries, error: PSCLIENT_APP_REFUSALS.ipAllowlistTooLong.zh };
  return { entries };
}

/** Parsed lists by their text (the open API asks per call): a few hundred apps' lists. */
const cache = new Map<string, BlockList | null | 'any'>();
const CACHE_MAX = 500;

/**
 * The list's BlockList; 'any' when it has no entries, null when the text is refused (then
 * nothing is admitted).
 */
function blockListOf(text: string): BlockList | null | 'any' {
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const { entries, error } = parseIpAllowlist(text);
  let list: BlockList | null | 'any' = null;
  if (!error && entries.length === 0) list = 'any';
  else if (!error) {
    list = new BlockList();
    for (const entry of entries) {
      const [address, bits] = entry.split('/') as [string, string | undefined];
      const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
      if (bits === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(bits), type);
    }
  }
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(text, list);
  return list;
}

/**
 * Whether `ip` may call for an app with this allowlist: every address when the list is empty or
 * blank; otherwise an address or range of the list must hold it. A list that does not parse
 * (never saved so, but a hand-edited row) admits nothing.
 */
export function ipAllowed(text: string | null, ip: string): boolean {
  if (!text || text.trim() === '') return true;
  const list = blockListOf(text);
  if (list === 'any') return true;
  if (!list) return false;
  const address = normalAddress(ip);
  const family = isIP(address);
  if (!family) return false;
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
