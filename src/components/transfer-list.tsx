import { ActionIcon, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

/** One movable item: its id, what it is called, and a second line (a code, a place). */
export interface TransferItem {
  id: string;
  label: string;
  description?: string;
}

export type TransferSide = 'left' | 'right';

/** The visible texts (the caller translates them): titles, filter labels, buttons, hints. */
export interface TransferTexts {
  leftTitle: string;
  rightTitle: string;
  filter: string;
  moveRight: string;
  moveLeft: string;
  /** Counts under a list: '{selected}/{total}' is filled in. */
  count: string;
  empty: string;
  /** Said to screen readers with each list (how its keys work). */
  help: string;
}

export interface TransferListProps {
  /** Items not chosen (already narrowed by the caller's own search, if any). */
  left: readonly TransferItem[];
  /** Items chosen. */
  right: readonly TransferItem[];
  texts: TransferTexts;
  /** Moves items to a side; the caller updates `left` and `right`. */
  onMove(ids: readonly string[], to: TransferSide): void;
  /** The filter text of a side as typed (a caller that searches its source listens). */
  onFilter?(side: TransferSide, text: string): void;
  /** The lists' height in px (default 280). */
  height?: number;
  /** While the left items load (shown as busy). */
  loading?: boolean;
}

const matches = (item: TransferItem, text: string) => {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return (
    item.label.toLowerCase().includes(needle) ||
    (item.description ?? '').toLowerCase().includes(needle)
  );
};

interface SideState {
  filter: string;
  selected: ReadonlySet<string>;
  active: number;
}

const EMPTY: SideState = { filter: '', selected: new Set(), active: 0 };

/**
 * A transfer list usable from the keyboard alone. Each side is a filter box and a listbox
 * (multi-select, `aria-activedescendant`): ArrowUp/ArrowDown/Home/End move the active item,
 * Space (or Ctrl+click) selects it, Ctrl+A selects every shown item, Enter moves the selected
 * items (or the active one) to the other side, Alt+ArrowRight / Alt+ArrowLeft move them right /
 * left. The two move buttons between the lists are in the tab order. Focus stays on the list a
 * move came from, its active item at the same place.
 */
export function TransferList({
  left,
  right,
  texts,
  onMove,
  onFilter,
  height = 280,
  loading = false,
}: TransferListProps) {
  const [state, setState] = useState<Record<TransferSide, SideState>>({
    left: EMPTY,
    right: EMPTY,
  });
  const items = { left, right };
  const shown = {
    left: useMemo(
      () => left.filter((i) => matches(i, state.left.filter)),
      [left, state.left.filter],
    ),
    right: useMemo(
      () => right.filter((i) => matches(i, state.right.filter)),
      [right, state.right.filter],
    ),
  };

  const update = (side: TransferSide, change: Partial<SideState>) =>
    setState((s) => ({ ...s, [side]: { ...s[side], ...change } }));

  /** The ids a move from `side` takes: the selected ones still there, else the active one. */
  const picked = (side: TransferSide): string[] => {
    const present = new Set(items[side].map((i) => i.id));
    const selected = [...state[side].selected].filter((id) => present.has(id));
    if (selected.length > 0) return selected;
    const active = shown[side][state[side].active];
    return active ? [active.id] : [];
  };

  const move = (from: TransferSide, given?: readonly string[]) => {
    const ids = given ?? picked(from);
    if (ids.length === 0) return;
    const to: TransferSide = from === 'left' ? 'right' : 'left';
    onMove(ids, to);
    const remaining = shown[from].length - ids.length;
    update(from, {
      selected: new Set(),
      active: Math.max(0, Math.min(state[from].active, remaining - 1)),
    });
  };

  return (
    <Group align="stretch" gap="sm" wrap="nowrap">
      <TransferSideBox
        side="left"
        title={texts.leftTitle}
        texts={texts}
        items={shown.left}
        total={left.length}
        state={state.left}
        height={height}
        busy={loading}
        onState={(change) => update('left', change)}
        onFilter={(text) => {
          update('left', { filter: text, active: 0 });
          onFilter?.('left', text);
        }}
        onMove={(ids) => move('left', ids)}
        onMoveTo={(to) => (to === 'right' ? move('left') : undefined)}
      />
      <Stack justify="center" gap="xs">
        <Tooltip label={texts.moveRight}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={texts.moveRight}
            aria-disabled={picked('left').length === 0 || undefined}
            onClick={() => move('left')}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={texts.moveLeft}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={texts.moveLeft}
            aria-disabled={picked('right').length === 0 || undefined}
            onClick={() => move('right')}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
      </Stack>
      <TransferSideBox
        side="right"
        title={texts.rightTitle}
        texts={texts}
        items={shown.right}
        total={right.length}
        state={state.right}
        height={height}
        busy={false}
        onState={(change) => update('right', change)}
        onFilter={(text) => {
          update('right', { filter: text, active: 0 });
          onFilter?.('right', text);
        }}
        onMove={(ids) => move('right', ids)}
        onMoveTo={(to) => (to === 'left' ? move('right') : undefined)}
      />
    </Group>
  );
}

function TransferSideBox({
  side,
  title,
  texts,
  items,
  total,
  state,
  height,
  busy,
  onState,
  onFilter,
  onMove,
  onMoveTo,
}: {
  side: TransferSide;
  title: string;
  texts: TransferTexts;
  items: readonly TransferItem[];
  total: number;
  state: SideState;
  height: number;
  busy: boolean;
  onState(change: Partial<SideState>): void;
  onFilter(text: string): void;
  /** Moves the given ids, else the selected (or active) ones, to the other side. */
  onMove(ids?: readonly string[]): void;
  /** Alt+Arrow: moves to that side when it is the other one. */
  onMoveTo(to: TransferSide): void;
}) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const titleId = `${base}-title`;
  const helpId = `${base}-help`;
  const optionId = (index: number) => `${base}-option-${index}`;
  const active = Math.min(state.active, Math.max(0, items.length - 1));
  const selectedShown = items.filter((i) => state.selected.has(i.id)).length;

  const toggle = (index: number) => {
    const item = items[index];
    if (!item) return;
    const next = new Set(state.selected);
    if (next.has(item.id)) next.delete(item.id);
    else next.add(item.id);
    onState({ selected: next, active: index });
  };

  const go = (index: number) => {
    const clamped = Math.max(0, Math.min(index, items.length - 1));
    onState({ active: clamped });
    document.getElementById(optionId(clamped))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
      event.preventDefault();
      onMoveTo(event.key === 'ArrowRight' ? 'right' : 'left');
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        go(active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        go(active - 1);
        break;
      case 'Home':
        event.preventDefault();
        go(0);
        break;
      case 'End':
        event.preventDefault();
        go(items.length - 1);
        break;
      case ' ':
        event.preventDefault();
        toggle(active);
        break;
      case 'Enter':
        event.preventDefault();
        onMove();
        break;
      case 'a':
      case 'A':
        if (event.ctrlKey || event.metaKey) {
          event.preventDefault();
          const all = items.every((i) => state.selected.has(i.id));
          onState({ selected: all ? new Set() : new Set(items.map((i) => i.id)) });
        }
        break;
      default:
    }
  };

  return (
    <Paper withBorder p="xs" style={{ flex: 1, minWidth: 0 }}>
      <Stack gap={6}>
        <Text id={titleId} fw={600} size="sm">
          {title}
        </Text>
        <TextInput
          size="xs"
          aria-label={`${title} ${texts.filter}`}
          placeholder={texts.filter}
          leftSection={<IconSearch size={14} />}
          value={state.filter}
          onChange={(e) => onFilter(e.currentTarget.value)}
          onKeyDown={(e) => {
            // ArrowDown from the filter goes to the list.
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              listRef.current?.focus();
            }
          }}
        />
        <span id={helpId} hidden>
          {texts.help}
        </span>
        <div
          ref={listRef}
          role="listbox"
          tabIndex={0}
          aria-multiselectable="true"
          aria-labelledby={titleId}
          aria-describedby={helpId}
          aria-busy={busy || undefined}
          aria-activedescendant={items.length > 0 ? optionId(active) : undefined}
          data-side={side}
          onKeyDown={onKeyDown}
          style={{
            height,
            overflowY: 'auto',
            outlineOffset: 2,
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 4,
          }}
        >
          {items.length === 0 && (
            <Text size="sm" c="dimmed" p="xs">
              {texts.empty}
            </Text>
          )}
          {items.map((item, index) => {
            const selected = state.selected.has(item.id);
            const current = index === active;
            return (
              <div
                key={item.id}
                id={optionId(index)}
                role="option"
                aria-selected={selected}
                data-active={current || undefined}
                onClick={(e) => {
                  listRef.current?.focus();
                  if (e.ctrlKey || e.metaKey || e.shiftKey) toggle(index);
                  else onState({ selected: new Set(selected ? [] : [item.id]), active: index });
                }}
                onDoubleClick={() => onMove([item.id])}
                style={{
                  padding: '4px 8px',
                  cursor: 'pointer',
                  background: selected
                    ? 'var(--mantine-primary-color-light)'
                    : current
                      ? 'var(--mantine-color-default-hover)'
                      : undefined,
                  outline: current ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                  outlineOffset: -2,
                }}
              >
                <Text size="sm" lh={1.3}>
                  {item.label}
                </Text>
                {item.description && (
                  <Text size="xs" c="dimmed" lh={1.3}>
                    {item.description}
                  </Text>
                )}
              </div>
            );
          })}
        </div>
        <Text size="xs" c="dimmed" aria-live="polite">
          {texts.count
            .replace('{selected}', String(selectedShown))
            .replace('{total}', String(total))}
        </Text>
      </Stack>
    </Paper>
  );
}
