import { createHash } from 'node:crypto';
import { FAILURE_REASONS } from '../../../../src/contracts/server-texts.js';
import {
  DriverError,
  type DriverCard,
  type DriverCodeState,
  type DriverGood,
  type DriverStore,
  type DriverSupplier,
  type SupplierDriver,
} from './types.js';

/**
 * The embedded supplier interface (driver `sandbox`, the default): answers made up from the
 * supplier's code and the good's code, the same every time, so screens and tests have data
 * without a real supplier.
 * - balance, stock: drawn from supCode (+ the good's interface code);
 * - cards: `SBX` + 16 digits and a 6-digit pin, from supCode, good, orderNo and the card's index:
 *   the same order gets the same cards again, another order other cards;
 * - code states: drawn from the code itself (a code the sandbox did not issue is invalid);
 * - stores: 20 to 40 per supplier in the seed's districts (national region codes as the region
 *   table has them: province 2 digits, city 4, district 6).
 * Latency and failures are set per supplier in its endpoint: `sandbox://?latency=200&failureRate=0.1`
 * (milliseconds; 0 to 1). Anything else as endpoint: no latency, no failures. A latency beyond the
 * driver's timeout ends in DriverError `timeout`; a failure is DriverError `unavailable`.
 */

// The texts are the catalogue's (src/contracts/server-texts.ts): the console shows them in en.
export const UNAVAILABLE = FAILURE_REASONS.unavailable.zh;
export const TIMEOUT = FAILURE_REASONS.timeout.zh;
export const REFUSED = FAILURE_REASONS.refused.zh;

/** The most cards one call may ask for (the http driver's answer is checked against the same). */
export const MAX_CARDS = 1000;

export interface SandboxSettings {
  latencyMs: number;
  failureRate: number;
}

/** Latency and failure rate of a `sandbox://?latency=..&failureRate=..` endpoint; else 0/0. */
export function sandboxSettings(endpoint: string | null | undefined): SandboxSettings {
  const none = { latencyMs: 0, failureRate: 0 };
  const value = endpoint?.trim() ?? '';
  if (!/^sandbox:/i.test(value)) return none;
  const query = new URLSearchParams(value.includes('?') ? value.slice(value.indexOf('?') + 1) : '');
  const latency = Number(query.get('latency') ?? 0);
  const rate = Number(query.get('failureRate') ?? 0);
  return {
    latencyMs: Number.isFinite(latency) && latency > 0 ? Math.min(Math.floor(latency), 600_000) : 0,
    failureRate: Number.isFinite(rate) ? Math.min(Math.max(rate, 0), 1) : 0,
  };
}

/** 32 bits at a time from sha-256 of the seed parts. */
function draws(...parts: string[]): () => number {
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  const seed = parts.join('\n');
  return () => {
    if (offset + 4 > block.length) {
      block = createHash('sha256').update(`${seed}\n${counter++}`).digest();
      offset = 0;
    }
    const n = block.readUInt32BE(offset);
    offset += 4;
    return n;
  };
}

/** An integer in [min, max] from a draw. */
const between = (n: number, min: number, max: number) => min + (n % (max - min + 1));

/** Decimal digits drawn from the seed parts (sha-256 read as a big integer). */
function digits(count: number, ...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\n')).digest('hex');
  return (BigInt(`0x${hex}`) % 10n ** BigInt(count)).toString().padStart(count, '0');
}

const goodKey = (good: DriverGood) => good.interfaceGoodCode || good.goodCode;

/** The districts of the seed's region tree: [province, city, district, names]. */
const DISTRICTS: readonly [string, string, string, string, string, string][] = [
  ['11', '1101', '110101', '北京市', '', '东城区'],
  ['11', '1101', '110105', '北京市', '', '朝阳区'],
  ['11', '1101', '110108', '北京市', '', '海淀区'],
  ['31', '3101', '310101', '上海市', '', '黄浦区'],
  ['31', '3101', '310115', '上海市', '', '浦东新区'],
  ['44', '4401', '440104', '广东省', '广州市', '越秀区'],
  ['44', '4401', '440106', '广东省', '广州市', '天河区'],
  ['44', '4403', '440304', '广东省', '深圳市', '福田区'],
  ['44', '4403', '440305', '广东省', '深圳市', '南山区'],
];
const AREA_CODE: Record<string, string> = {
  '1101': '010',
  '3101': '021',
  '4401': '020',
  '4403': '0755',
};
const STREETS = ['人民路', '中山路', '解放路', '建设路', '和平路', '新华路', '文化路', '长安街'];
const KINDS = ['旗舰店', '体验店', '便利店', '服务中心', '门店'];

/** The sandbox's state of a code: not one of its codes is invalid, the others by a draw. */
export function sandboxCodeState(code: string): { state: DriverCodeState; usedTime?: string } {
  if (!/^SBX\d{16}$/.test(code)) return { state: 'invalid' };
  const draw = draws('code', code);
  const pick = draw() % 100;
  if (pick < 60) return { state: 'unused' };
  if (pick >= 92) return { state: 'invalid' };
  // Used some time in the 180 days before 2026-06-30 (fixed, so answers do not move with time).
  const seconds = Date.UTC(2026, 5, 30) / 1000 - (draw() % (180 * 86400));
  const usedTime = new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
  return { state: 'used', usedTime };
}

export interface SandboxOptions {
  /** Milliseconds a call may take before it ends in DriverError `timeout`. */
  timeoutMs: number;
  /** Decides a failure for 0 < failureRate < 1; Math.random by default. */
  random?: () => number;
}

export function sandboxDriver(options: SandboxOptions): SupplierDriver {
  const random = options.random ?? Math.random;

  /** The supplier's configured latency (bounded by the timeout) and failure rate. */
  async function behave(supplier: DriverSupplier): Promise<void> {
    const { latencyMs, failureRate } = sandboxSettings(supplier.interfaceEndpoint);
    const wait = Math.min(latencyMs, options.timeoutMs);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (latencyMs > options.timeoutMs) throw new DriverError('timeout', TIMEOUT);
    if (failureRate >= 1 || (failureRate > 0 && random() < failureRate))
      throw new DriverError('unavailable', UNAVAILABLE);
  }

  return {
    name: 'sandbox',

    async queryBalance(supplier) {
      await behave(supplier);
      const draw = draws('balance', supplier.supCode);
      // Whole fen up to 500,000.00 yuan.
      return { balanceFen: between(draw(), 0, 50_000_000) };
    },

    async queryStock(supplier, good) {
      await behave(supplier);
      const draw = draws('stock', supplier.supCode, goodKey(good));
      // One good in ten is sold out, the others have up to 2000 codes.
      return { stock: draw() % 10 === 0 ? 0 : between(draw(), 1, 2000) };
    },

    async fetchCards(supplier, good, { quantity, orderNo }) {
      await behave(supplier);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_CARDS || !orderNo)
        throw new DriverError('refused', REFUSED);
      const key = goodKey(good);
      const cards: DriverCard[] = [];
      for (let i = 0; i < quantity; i++) {
        const seed = ['card', supplier.supCode, key, orderNo, String(i)];
        cards.push({ code: `SBX${digits(16, ...seed)}`, pin: digits(6, ...seed, 'pin') });
      }
      return cards;
    },

    async queryCodeStatus(supplier, codes) {
      await behave(supplier);
      return codes.map((code) => ({ code, ...sandboxCodeState(code) }));
    },

    async loadStores(supplier) {
      await behave(supplier);
      const draw = draws('stores', supplier.supCode);
      const count = between(draw(), 20, 40);
      const stores: DriverStore[] = [];
      const names = new Set<string>();
      for (let i = 1; i <= count; i++) {
        const [provinceCode, cityCode, districtCode, province, city, district] =
          DISTRICTS[draw() % DISTRICTS.length]!;
        const street = STREETS[draw() % STREETS.length]!;
        const kind = KINDS[draw() % KINDS.length]!;
        const seq = String(i).padStart(3, '0');
        let storeName = `${district}${street}${kind}`;
        if (names.has(storeName)) storeName += `（${seq}）`;
        names.add(storeName);
        stores.push({
          storeCode: `${supplier.supCode}-S${seq}`,
          storeName,
          provinceCode,
          cityCode,
          districtCode,
          address: `${province}${city}${district}${street}${between(draw(), 1, 999)}号`,
          phone: `${AREA_CODE[cityCode] ?? '010'}-${between(draw(), 10_000_000, 89_999_999)}`,
        });
      }
      return stores;
    },
  };
}
