import { COMMON_REFUSALS } from '../../src/contracts/server-messages.js';
import { conflict, notFound } from './errors.js';

/**
 * Shapes shared by the resources: BladeX's null-to-empty serialisation and trees.
 */

/** BladeX writes null strings as "" (contract.md 1.4); the console treats both as empty. */
export function wire<T extends object>(row: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v === null ? '' : v;
  return out as T;
}

export type TreeNode<T> = T & { children?: TreeNode<T>[]; hasChildren: boolean };

/**
 * A forest from flat rows: a node whose parent is not in the set becomes a root (BladeX
 * ForestNodeMerger). `children` is omitted when empty; `hasChildren` is always written.
 */
export function buildTree<T extends { id: string; parentId: string }>(rows: T[]): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  for (const row of rows) nodes.set(row.id, { ...row, hasChildren: false });
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId !== '0' ? nodes.get(node.parentId) : undefined;
    if (parent && parent !== node) {
      (parent.children ??= []).push(node);
      parent.hasChildren = true;
    } else {
      roots.push(node);
    }
  }
  return roots;
}

/** The TreeNode shape of tree endpoints: {id, parentId, title, key, value, hasChildren, children}. */
export interface SelectNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: SelectNode[];
}

export function selectTree<T extends { id: string; parentId: string }>(
  rows: T[],
  title: (row: T) => string,
): SelectNode[] {
  return buildTree(
    rows.map((r) => ({ id: r.id, parentId: r.parentId, title: title(r), key: r.id, value: r.id })),
  ) as SelectNode[];
}

export const STALE_VERSION = COMMON_REFUSALS.stale.zh;

/**
 * Optimistic locking for an update: `updated` is the number of rows the conditional update
 * changed (`where version = given`). 0 rows: the record is gone (404) or moved on (409).
 */
export function assertUpdated(updated: bigint | number, exists: boolean): void {
  if (Number(updated) === 1) return;
  if (!exists) throw notFound();
  throw conflict(STALE_VERSION);
}

/** Integer from a body field, or the fallback. */
export function intField(value: unknown, fallback: number): number {
  const n = Number(value);
  return value === undefined || value === null || value === '' || !Number.isFinite(n)
    ? fallback
    : Math.trunc(n);
}

/** Trimmed string from a body field limited to `max` characters; undefined when absent or empty. */
export function textField(value: unknown, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  const s = String(value).trim();
  if (s === '') return undefined;
  return s.slice(0, max);
}

/**
 * Audit columns of a new row (contract.md 4.0: on insert, create and update user are the
 * caller, create dept the caller's first department, status 1, not deleted).
 */
export function insertAudit(user: { userId: string; deptIds: string[] } | null, now: string) {
  return {
    createUser: user?.userId ?? null,
    createDept: user?.deptIds[0] ?? null,
    createTime: now,
    updateUser: user?.userId ?? null,
    updateTime: now,
    status: 1,
    isDeleted: 0,
  };
}
