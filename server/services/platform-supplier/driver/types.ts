/**
 * Supplier interface drivers (issue 17 item 4, domain.md "External systems are drivers"). A
 * supplier's `driver` column picks one: `sandbox` (embedded default: deterministic data,
 * configurable latency and failure rate) or `http` (JSON over HTTPS, HMAC-signed). Callers never
 * know which; they get answers or a DriverError with a clear zh message.
 */

/** What a driver needs of a supplier: its identity and its interface settings, decrypted. */
export interface DriverSupplier {
  id: string;
  tenantId: string;
  supCode: string;
  driver: string;
  interfaceEndpoint: string | null;
  interfaceKey: string | null;
  /** Plain text here only: stored encrypted, never answered or logged unmasked. */
  interfaceSecret: string | null;
}

/** The good a call is about: its own code and the code the supplier's interface knows it by. */
export interface DriverGood {
  goodCode: string;
  /** The supplier-side code (good-interface-set); the good's own code when unset. */
  interfaceGoodCode?: string | null;
}

/** A card (coupon code) the supplier delivered. */
export interface DriverCard {
  code: string;
  pin?: string;
  /** 'yyyy-MM-dd HH:mm:ss' */
  validEnd?: string;
}

export type DriverCodeState = 'unused' | 'used' | 'invalid';

/**
 * A store as the supplier's interface lists it. Region codes as blade_region holds them (the
 * national codes, BladeX lengths): province 2 digits ('44'), city 4 ('4403'), district 6 ('440305').
 */
export interface DriverStore {
  storeCode: string;
  storeName: string;
  provinceCode: string;
  cityCode: string;
  districtCode?: string;
  address?: string;
  phone?: string;
}

export interface SupplierDriver {
  readonly name: 'sandbox' | 'http';
  /** The supplier's account balance with us, in fen (query-third-actual-balance). */
  queryBalance(supplier: DriverSupplier): Promise<{ balanceFen: number }>;
  /** Unused stock of a good at the supplier (query-third-good-stock). */
  queryStock(supplier: DriverSupplier, good: DriverGood): Promise<{ stock: number }>;
  /** Cards for an order (auto/import, manual-obtain-card, fulfilment): exactly `quantity`. */
  fetchCards(
    supplier: DriverSupplier,
    good: DriverGood,
    request: { quantity: number; orderNo: string },
  ): Promise<DriverCard[]>;
  /** The state of issued codes (renew-status, batch refresh of verification status). */
  queryCodeStatus(
    supplier: DriverSupplier,
    codes: readonly string[],
  ): Promise<{ code: string; state: DriverCodeState; usedTime?: string }[]>;
  /** Every store the supplier lists (load-store). */
  loadStores(supplier: DriverSupplier): Promise<DriverStore[]>;
}

/**
 * A driver call that did not give an answer. `kind` says why; `message` is the zh text a user
 * sees (no credentials, no raw response body).
 */
export class DriverError extends Error {
  constructor(
    readonly kind: 'timeout' | 'refused' | 'unavailable' | 'bad-answer' | 'not-configured',
    message: string,
  ) {
    super(message);
    this.name = 'DriverError';
  }
}
