import { Box, Text } from '@mantine/core';
import { IconChevronRight, IconFolder, IconFolderOpen } from '@tabler/icons-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';

/** A node of the folder tree: the library's top level is the root, folders below it. */
export interface FolderItem {
  id: string;
  label: string;
  children: FolderItem[];
}

interface Visible {
  item: FolderItem;
  parentId: string | undefined;
}

/** The nodes a keyboard user can reach, in screen order: the expanded branches only. */
export function visibleItems(root: FolderItem, expanded: ReadonlySet<string>): Visible[] {
  const out: Visible[] = [];
  const walk = (item: FolderItem, parentId: string | undefined) => {
    out.push({ item, parentId });
    if (expanded.has(item.id)) for (const child of item.children) walk(child, item.id);
  };
  walk(root, undefined);
  return out;
}

interface TreeProps {
  root: FolderItem;
  selected: string;
  onSelect(id: string): void;
  expanded: ReadonlySet<string>;
  onExpandedChange(expanded: ReadonlySet<string>): void;
  /** The tree's accessible name. */
  label: string;
}

/**
 * The folder tree (WAI-ARIA tree view): one tab stop; Up/Down move, Right opens or enters a
 * folder, Left closes it or goes to its parent, Home/End, Enter or Space chooses the folder.
 * A click chooses; the chevron opens and closes.
 */
export function FolderTree({
  root,
  selected,
  onSelect,
  expanded,
  onExpandedChange,
  label,
}: TreeProps) {
  const [focused, setFocused] = useState<string>();
  const elements = useRef(new Map<string, HTMLLIElement>());
  const visible = visibleItems(root, expanded);
  const isVisible = (id: string | undefined) => visible.some((v) => v.item.id === id);
  const tabStop = isVisible(focused) ? focused! : isVisible(selected) ? selected : root.id;

  const focus = (id: string) => {
    setFocused(id);
    elements.current.get(id)?.focus();
  };
  const toggle = (id: string, open: boolean) => {
    const next = new Set(expanded);
    if (open) next.add(id);
    else next.delete(id);
    onExpandedChange(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, item: FolderItem) => {
    const index = visible.findIndex((v) => v.item.id === item.id);
    const open = expanded.has(item.id);
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        if (visible[index + 1]) focus(visible[index + 1]!.item.id);
        break;
      case 'ArrowUp':
        if (index > 0) focus(visible[index - 1]!.item.id);
        break;
      case 'ArrowRight':
        if (item.children.length > 0) {
          if (!open) toggle(item.id, true);
          else focus(item.children[0]!.id);
        }
        break;
      case 'ArrowLeft': {
        const parentId = visible[index]?.parentId;
        if (open && item.children.length > 0) toggle(item.id, false);
        else if (parentId !== undefined) focus(parentId);
        break;
      }
      case 'Home':
        focus(visible[0]!.item.id);
        break;
      case 'End':
        focus(visible[visible.length - 1]!.item.id);
        break;
      case 'Enter':
      case ' ':
        onSelect(item.id);
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  return (
    <Box component="ul" role="tree" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      <Branch
        item={root}
        level={1}
        selected={selected}
        tabStop={tabStop}
        expanded={expanded}
        register={(id, el) => {
          if (el) elements.current.set(id, el);
          else elements.current.delete(id);
        }}
        onKeyDown={onKeyDown}
        onChoose={(id) => {
          setFocused(id);
          onSelect(id);
        }}
        onToggle={toggle}
      />
    </Box>
  );
}

interface BranchProps {
  item: FolderItem;
  level: number;
  selected: string;
  tabStop: string;
  expanded: ReadonlySet<string>;
  register(id: string, el: HTMLLIElement | null): void;
  onKeyDown(e: KeyboardEvent<HTMLLIElement>, item: FolderItem): void;
  onChoose(id: string): void;
  onToggle(id: string, open: boolean): void;
}

function Branch(props: BranchProps) {
  const { item, level, selected, tabStop, expanded, register, onKeyDown, onChoose, onToggle } =
    props;
  const hasChildren = item.children.length > 0;
  const open = hasChildren && expanded.has(item.id);
  const isSelected = item.id === selected;
  const Icon = open ? IconFolderOpen : IconFolder;
  // Named by its own label only (not by the folders inside it).
  const labelId = useId();
  return (
    <li
      role="treeitem"
      aria-labelledby={labelId}
      aria-level={level}
      aria-selected={isSelected}
      aria-expanded={hasChildren ? open : undefined}
      tabIndex={item.id === tabStop ? 0 : -1}
      ref={(el) => register(item.id, el)}
      onKeyDown={(e) => onKeyDown(e, item)}
      onClick={(e) => {
        e.stopPropagation();
        onChoose(item.id);
      }}
      style={{ listStyle: 'none', outlineOffset: -2, borderRadius: 4 }}
    >
      <Box
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 6,
          padding: '4px 8px',
          paddingLeft: 8 + (level - 1) * 18,
          borderRadius: 4,
          cursor: 'pointer',
          background: isSelected ? 'var(--mantine-primary-color-light)' : undefined,
          color: isSelected ? 'var(--mantine-primary-color-light-color)' : undefined,
        }}
      >
        <span
          aria-hidden
          style={{
            display: 'inline-flex',
            width: 16,
            visibility: hasChildren ? 'visible' : 'hidden',
          }}
          onClick={(e) => {
            e.stopPropagation();
            onToggle(item.id, !open);
          }}
        >
          <IconChevronRight
            size={14}
            style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
          />
        </span>
        <Icon size={16} aria-hidden />
        <Text id={labelId} size="sm" truncate title={item.label} style={{ minWidth: 0 }}>
          {item.label}
        </Text>
      </Box>
      {open && (
        <ul role="group" style={{ margin: 0, padding: 0 }}>
          {item.children.map((child) => (
            <Branch key={child.id} {...props} item={child} level={level + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
