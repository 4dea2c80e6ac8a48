import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronRight, IconSearch } from '@tabler/icons-react';
import {
  memo,
  useCallback,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useT } from '../state/hooks';
import {
  checkStates,
  indexTree,
  parentIds,
  toggleChecked,
  visibleRows,
  type CheckState,
  type CheckTreeNode,
  type TreeIndex,
  type VisibleRow,
} from './check-tree-model';
import classes from './check-tree.module.css';

export type { CheckTreeNode } from './check-tree-model';

export interface CheckTreeProps {
  /** The tree (BladeX TreeNode fits: `{id, title, children}`). */
  nodes: readonly CheckTreeNode[];
  /** The checked ids (a controlled value). */
  checked: readonly string[];
  /** The new checked ids after a toggle (tree order; ids outside the tree are kept). */
  onChange(ids: string[]): void;
  /** Accessible name of the tree. */
  label: string;
  /**
   * Checking a node also checks its ancestors (the value then holds the half-checked parents
   * too, as a menu grant needs); see toggleChecked.
   */
  linkAncestors?: boolean;
  /** Show the filter box; default when the tree has more than 20 nodes. */
  filterable?: boolean;
  /** How many levels start open: 0 none, 1 the roots (default), Infinity all. */
  defaultExpandDepth?: number;
  /** Height limit of the scrolling list (default 360 px). */
  maxHeight?: number | string;
  /** Marks the filter box (or the tree) with data-autofocus, for a dialog's first field. */
  autoFocus?: boolean;
}

const INDENT_PX = 18;

const ariaChecked = (state: CheckState) =>
  state === 'mixed' ? 'mixed' : state === 'checked' ? 'true' : 'false';

interface RowProps {
  id: string;
  title: string;
  level: number;
  setSize: number;
  posInSet: number;
  hasChildren: boolean;
  expanded: boolean;
  state: CheckState;
  active: boolean;
  autoFocus: boolean;
  register(id: string, el: HTMLElement | null): void;
}

/** One tree item; redrawn only when what it shows changes (long trees stay cheap). */
const TreeRow = memo(function TreeRow(props: RowProps) {
  const { id, register } = props;
  return (
    <div
      role="treeitem"
      ref={(el) => register(id, el)}
      data-tree-id={id}
      aria-level={props.level}
      aria-setsize={props.setSize}
      aria-posinset={props.posInSet}
      aria-checked={ariaChecked(props.state)}
      aria-expanded={props.hasChildren ? props.expanded : undefined}
      tabIndex={props.active ? 0 : -1}
      data-autofocus={props.autoFocus || undefined}
      className={classes.item}
      style={{ paddingLeft: 4 + (props.level - 1) * INDENT_PX }}
    >
      <span
        className={classes.twisty}
        data-part="twisty"
        data-expanded={props.expanded}
        aria-hidden="true"
      >
        {props.hasChildren ? <IconChevronRight size={14} /> : null}
      </span>
      <span className={classes.box} data-state={props.state} aria-hidden="true" />
      <span className={classes.title}>{props.title}</span>
    </div>
  );
});

/** Focuses the marked field once, when the tree mounts (a dialog whose tree loads after opening). */
const focusMarked = (el: HTMLElement | null) => {
  el?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
};

function initialExpanded(index: TreeIndex, depth: number): Set<string> {
  return new Set(parentIds(index).filter((id) => index.byId.get(id)!.level <= depth));
}

/** The row that holds the tab stop: the active one, else its nearest shown ancestor, else the first. */
function tabStop(active: string | undefined, rows: VisibleRow[], index: TreeIndex) {
  const shown = new Set(rows.map((r) => r.id));
  for (let id = active; id !== undefined; id = index.byId.get(id)?.parent)
    if (shown.has(id)) return id;
  return rows[0]?.id;
}

/**
 * A checkbox tree (WAI-ARIA tree with aria-checked): checking a parent checks its subtree, a
 * partly checked parent shows the indeterminate box. Keyboard: Up/Down move, Right opens or
 * goes to the first child, Left closes or goes to the parent, Home/End, Space toggles. A filter
 * box for long trees, 'expand all' / 'collapse all'. Collapsed subtrees are not rendered, and
 * rows redraw only when their own state changes, so a 300-node tree stays fast.
 */
export function CheckTree({
  nodes,
  checked,
  onChange,
  label,
  linkAncestors = false,
  filterable,
  defaultExpandDepth = 1,
  maxHeight = 360,
  autoFocus = false,
}: CheckTreeProps) {
  const t = useT();
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const [expanded, setExpanded] = useState(() => initialExpanded(index, defaultExpandDepth));
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState<string>();
  const items = useRef(new Map<string, HTMLElement>());

  const states = useMemo(() => checkStates(index, new Set(checked)), [index, checked]);
  const rows = useMemo(() => visibleRows(index, expanded, filter), [index, expanded, filter]);
  const activeId = tabStop(active, rows, index);
  const showFilter = filterable ?? index.order.length > 20;

  const register = useCallback((id: string, el: HTMLElement | null) => {
    if (el) items.current.set(id, el);
    else items.current.delete(id);
  }, []);

  const focusRow = (id: string | undefined) => {
    if (id === undefined) return;
    setActive(id);
    items.current.get(id)?.focus();
  };

  const setOpen = (id: string, open: boolean) =>
    setExpanded((prev) => {
      if (prev.has(id) === open) return prev;
      const next = new Set(prev);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggle = (id: string) => onChange(toggleChecked(index, checked, id, linkAncestors));

  const rowOf = (target: EventTarget) =>
    (target as HTMLElement).closest<HTMLElement>('[data-tree-id]')?.dataset.treeId;

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const id = rowOf(e.target);
    if (id === undefined) return;
    setActive(id);
    const row = rows.find((r) => r.id === id);
    if (row?.hasChildren && (e.target as HTMLElement).closest('[data-part="twisty"]')) {
      setOpen(id, !row.expanded);
    } else {
      toggle(id);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const id = rowOf(e.target);
    if (id === undefined) return;
    const at = rows.findIndex((r) => r.id === id);
    const row = rows[at];
    if (!row) return;
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        focusRow(rows[at + 1]?.id);
        break;
      case 'ArrowUp':
        focusRow(rows[at - 1]?.id);
        break;
      case 'Home':
        focusRow(rows[0]?.id);
        break;
      case 'End':
        focusRow(rows[rows.length - 1]?.id);
        break;
      case 'ArrowRight':
        if (row.hasChildren && !row.expanded) setOpen(id, true);
        else if (row.expanded) focusRow(rows[at + 1]?.id);
        break;
      case 'ArrowLeft':
        if (row.expanded && expanded.has(id)) setOpen(id, false);
        else focusRow(index.byId.get(id)?.parent);
        break;
      case ' ':
        toggle(id);
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const onFilterKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter or Down in the filter box goes to the first match (not to the ancestors shown above
    // it) instead of submitting a dialog.
    if (e.key === 'Enter' || e.key === 'ArrowDown') {
      e.preventDefault();
      const query = filter.trim().toLowerCase();
      const match = query ? rows.find((r) => r.title.toLowerCase().includes(query)) : undefined;
      focusRow((match ?? rows[0])?.id);
    }
  };

  return (
    <Stack gap="xs" ref={autoFocus ? focusMarked : undefined}>
      <Group gap="xs" wrap="nowrap">
        {showFilter ? (
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            onKeyDown={onFilterKey}
            placeholder={t('checkTree.filter')}
            aria-label={`${label}: ${t('checkTree.filter')}`}
            leftSection={<IconSearch size={14} />}
            data-autofocus={autoFocus || undefined}
          />
        ) : null}
        <Button size="xs" variant="subtle" onClick={() => setExpanded(new Set(parentIds(index)))}>
          {t('checkTree.expandAll')}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setExpanded(new Set())}>
          {t('checkTree.collapseAll')}
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {filter.trim() ? t('checkTree.noMatch') : t('common.empty')}
        </Text>
      ) : (
        <div
          role="tree"
          aria-label={label}
          className={classes.tree}
          style={{ maxHeight }}
          onClick={onClick}
          onKeyDown={onKeyDown}
        >
          {rows.map((r) => (
            <TreeRow
              key={r.id}
              id={r.id}
              title={r.title}
              level={r.level}
              setSize={r.setSize}
              posInSet={r.posInSet}
              hasChildren={r.hasChildren}
              expanded={r.expanded}
              state={states.get(r.id) ?? 'unchecked'}
              active={r.id === activeId}
              autoFocus={autoFocus && !showFilter && r.id === activeId}
              register={register}
            />
          ))}
        </div>
      )}
    </Stack>
  );
}
