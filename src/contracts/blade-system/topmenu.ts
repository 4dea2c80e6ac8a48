/** A top-bar entry of the caller's tenant (blade-system/topmenu, contract.md 4.4). */
export interface TopMenu {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  /** A Tabler icon component name. */
  source: string;
  path: string;
  sort: number;
  /** Optimistic lock: sent back on edit, a stale one answers 409. */
  version: number;
  createTime: string;
}
