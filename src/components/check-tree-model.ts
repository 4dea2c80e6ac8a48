/**
 * The pure half of the checkbox tree (check-tree.tsx): an index of the nodes, the state each
 * node shows for a set of checked ids, and what a toggle does to that set. No React here.
 */

/** One node of a checkbox tree (the TreeNode of BladeX's tree endpoints fits: id, title, children). */
export interface CheckTreeNode {
  id: string;
  title: string;
  children?: readonly CheckTreeNode[] | undefined;
}

/** What a node shows: 'mixed' is the indeterminate box (aria-checked="mixed"). */
export type CheckState = 'checked' | 'mixed' | 'unchecked';

export interface IndexedNode {
  id: string;
  title: string;
  parent: string | undefined;
  /** 1 for roots (aria-level). */
  level: number;
  children: readonly string[];
}

export interface TreeIndex {
  byId: ReadonlyMap<string, IndexedNode>;
  roots: readonly string[];
  /** Every id, depth first, parents before their children. */
  order: readonly string[];
}

/**
 * Indexes a tree once (O(n)). An id met twice keeps its first place: a tree is not a graph, and
 * a repeated id would otherwise be checked and shown twice.
 */
export function indexTree(nodes: readonly CheckTreeNode[]): TreeIndex {
  const byId = new Map<string, IndexedNode>();
  const order: string[] = [];
  const add = (list: readonly CheckTreeNode[], parent: string | undefined, level: number) => {
    const ids: string[] = [];
    for (const node of list) {
      const id = String(node.id);
      if (byId.has(id)) continue;
      const entry: IndexedNode = {
        id,
        title: String(node.title ?? id),
        parent,
        level,
        children: [],
      };
      byId.set(id, entry);
      order.push(id);
      ids.push(id);
      if (node.children?.length) entry.children = add(node.children, id, level + 1);
    }
    return ids;
  };
  const roots = add(nodes, undefined, 1);
  return { byId, roots, order };
}

/**
 * The state of every node for a set of checked ids: a leaf is checked when its id is in the
 * set; a parent is checked when all its children are, indeterminate ('mixed') when some of its
 * subtree is checked or its own id is in the set without all its children (a screen granted
 * without its buttons), unchecked otherwise. O(n).
 */
export function checkStates(
  index: TreeIndex,
  checked: ReadonlySet<string>,
): Map<string, CheckState> {
  const states = new Map<string, CheckState>();
  for (let i = index.order.length - 1; i >= 0; i--) {
    const node = index.byId.get(index.order[i]!)!;
    if (node.children.length === 0) {
      states.set(node.id, checked.has(node.id) ? 'checked' : 'unchecked');
      continue;
    }
    let all = true;
    let some = false;
    for (const c of node.children) {
      const s = states.get(c);
      if (s !== 'checked') all = false;
      if (s !== 'unchecked') some = true;
    }
    states.set(node.id, all ? 'checked' : some || checked.has(node.id) ? 'mixed' : 'unchecked');
  }
  return states;
}

/** The id and every id below it. */
export function subtreeIds(index: TreeIndex, id: string): string[] {
  const out: string[] = [];
  const walk = (current: string) => {
    out.push(current);
    for (const c of index.byId.get(current)?.children ?? []) walk(c);
  };
  if (index.byId.has(id)) walk(id);
  return out;
}

/** The ancestors of an id, nearest first. */
export function ancestorIds(index: TreeIndex, id: string): string[] {
  const out: string[] = [];
  for (let p = index.byId.get(id)?.parent; p !== undefined; p = index.byId.get(p)?.parent)
    out.push(p);
  return out;
}

/** Ids of the nodes without children (scope trees: the scopes themselves). */
export function leafIds(index: TreeIndex): Set<string> {
  return new Set(index.order.filter((id) => index.byId.get(id)!.children.length === 0));
}

/**
 * The checked ids after the user toggles `id`. A node that is not fully checked becomes checked
 * with its whole subtree; a checked one is cleared with its subtree.
 *
 * - Plain (`linkAncestors` false, like an el-tree's checked keys): the set holds exactly the
 *   fully checked nodes; a parent joins when its last child is checked and leaves when any is
 *   cleared.
 * - `linkAncestors` (menu grants): checking a node also puts every ancestor in the set, i.e. the
 *   half-checked parents travel with the checked keys, as BladeX sends them, so a screen whose
 *   buttons are granted is granted itself. Clearing a node drops the ancestors left with nothing
 *   checked below them.
 *
 * Only the toggled node's subtree and ancestors change; ids outside the tree are kept.
 */
export function toggleChecked(
  index: TreeIndex,
  checked: readonly string[],
  id: string,
  linkAncestors = false,
): string[] {
  if (!index.byId.has(id)) return [...checked];
  const set = new Set(checked);
  const states = checkStates(index, set);
  const turnOn = states.get(id) !== 'checked';
  const subtree = subtreeIds(index, id);
  const ancestors = ancestorIds(index, id);

  if (turnOn) {
    for (const s of subtree) set.add(s);
    if (linkAncestors) {
      for (const a of ancestors) set.add(a);
    } else {
      // A parent joins when every child is now fully checked (siblings keep their state).
      let from = id;
      for (const a of ancestors) {
        const siblings = index.byId.get(a)!.children.filter((c) => c !== from);
        if (!siblings.every((c) => states.get(c) === 'checked')) break;
        set.add(a);
        from = a;
      }
    }
  } else {
    for (const s of subtree) set.delete(s);
    if (!linkAncestors) {
      for (const a of ancestors) set.delete(a);
    } else {
      // An ancestor stays while anything else below it is still in the set.
      let from = id;
      for (const a of ancestors) {
        const siblings = index.byId.get(a)!.children.filter((c) => c !== from);
        if (siblings.some((c) => states.get(c) !== 'unchecked')) break;
        set.delete(a);
        from = a;
      }
    }
  }

  const inTree = index.order.filter((x) => set.has(x));
  const outside = checked.filter((x) => !index.byId.has(x) && set.has(x));
  return [...inTree, ...[...new Set(outside)]];
}

/** Every id of the tree that has children (for 'expand all'). */
export function parentIds(index: TreeIndex): string[] {
  return index.order.filter((id) => index.byId.get(id)!.children.length > 0);
}

/** A row of the visible (expanded, filtered) tree. */
export interface VisibleRow {
  id: string;
  title: string;
  level: number;
  /** aria-setsize / aria-posinset among the visible siblings. */
  setSize: number;
  posInSet: number;
  hasChildren: boolean;
  expanded: boolean;
}

/**
 * The rows on screen. Without a filter: the roots and the children of expanded nodes. With
 * one (case-insensitive substring of the title): the matches, their ancestors (opened) and the
 * subtrees of the matches (opened as the user opens them).
 */
export function visibleRows(
  index: TreeIndex,
  expanded: ReadonlySet<string>,
  filter: string,
): VisibleRow[] {
  const query = filter.trim().toLowerCase();
  let shown: Set<string> | undefined;
  const forcedOpen = new Set<string>();
  if (query) {
    shown = new Set();
    for (const id of index.order) {
      const node = index.byId.get(id)!;
      if (!node.title.toLowerCase().includes(query)) continue;
      for (const s of subtreeIds(index, id)) shown.add(s);
      for (const a of ancestorIds(index, id)) {
        shown.add(a);
        forcedOpen.add(a);
      }
    }
  }
  const rows: VisibleRow[] = [];
  const walk = (ids: readonly string[]) => {
    const list = shown ? ids.filter((id) => shown.has(id)) : ids;
    list.forEach((id, i) => {
      const node = index.byId.get(id)!;
      const hasChildren = node.children.length > 0;
      const open = hasChildren && (expanded.has(id) || forcedOpen.has(id));
      rows.push({
        id,
        title: node.title,
        level: node.level,
        setSize: list.length,
        posInSet: i + 1,
        hasChildren,
        expanded: open,
      });
      if (open) walk(node.children);
    });
  };
  walk(index.roots);
  return rows;
}
