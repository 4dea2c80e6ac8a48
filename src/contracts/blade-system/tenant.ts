/** A tenant as blade-system/tenant/list answers it (contract.md 4.7; the super administrator sees all). */
export interface Tenant {
  id: string;
  /** The 6-digit tenant code, generated on creation and never changed. */
  tenantId: string;
  tenantName: string;
  domain: string | null;
  backgroundUrl: string | null;
  linkman: string | null;
  contactNumber: string | null;
  address: string | null;
  /** -1 = unlimited. */
  accountNumber: number;
  expireTime: string | null;
  packageId: string | null;
  packageName: string | null;
  datasourceId: string | null;
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  createTime: string;
}
