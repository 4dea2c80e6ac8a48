import { Badge, Button, Group, Loader, Modal, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Command } from 'cmdk';
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
} from 'react';
import type { Lang } from '../i18n';
import type { CommandGroup } from './commands';
import { isSelectable, moveSelection, type Row, type SelectableRow } from './rows';
import { currentPlatform, shortcut, shortcutLabel } from '../lib/shortcuts';
import classes from './palette.module.css';

export interface PaletteTexts {
  title: string;
  placeholder: string;
  results: string;
  group: (group: CommandGroup) => string;
  more: (count: number) => string;
  needsPermission: (code: string) => string;
  hint: string;
  confirm: string;
  cancel: string;
  confirmTitle: string;
}

export interface PaletteViewProps {
  opened: boolean;
  lang: Lang;
  texts: PaletteTexts;
  /** Titles of the nested pages below the root (the breadcrumb). */
  trail: readonly string[];
  query: string;
  onQueryChange(query: string): void;
  rows: readonly Row[];
  activeKey: string | undefined;
  onActiveKeyChange(key: string | undefined): void;
  /** Enter or click; `secondary` = Tab / Ctrl+Enter (a record's action page). */
  onChoose(row: SelectableRow, secondary: boolean): void;
  /** Esc: the machine decides between back and close. */
  onEscape(): void;
  /** Backspace in the empty input. */
  onBack(): void;
  /** Click outside. */
  onClose(): void;
  /** Below the list: searching…, nothing found, a failed look-up (role=status). */
  status?: string | undefined;
  busy?: boolean;
  error?: string | undefined;
  confirm?: { message: string; running: boolean; onAccept(): void; onCancel(): void } | undefined;
}

const ROW_HEIGHT = { header: 28, item: 44 } as const;
const PAGE_STEP = 8;

/**
 * The palette's dialog: cmdk for the combobox/listbox semantics and pointer selection, our own
 * ranking (shouldFilter off) and keyboard handling, and a virtualised list so a group expanded
 * to 100,000 rows only renders what is on screen.
 *
 * A keystroke re-renders the host, hence this view with new props: they reach the body through
 * a context, so the Modal around it (portal, focus trap, scroll lock, transition, paper) is
 * memoised and does not render again per keystroke.
 */
export function PaletteView(props: PaletteViewProps) {
  // The host passes a new closure per render; the memoised modal calls the latest one.
  const closeRef = useRef(props.onClose);
  useLayoutEffect(() => {
    closeRef.current = props.onClose;
  });
  const onClose = useCallback(() => closeRef.current(), []);
  return (
    <ViewPropsContext.Provider value={props}>
      <PaletteModal opened={props.opened} title={props.texts.title} onClose={onClose} />
    </ViewPropsContext.Provider>
  );
}

const ViewPropsContext = createContext<PaletteViewProps | undefined>(undefined);

const PaletteModal = memo(function PaletteModal({
  opened,
  title,
  onClose,
}: {
  opened: boolean;
  title: string;
  onClose(): void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
      // The host returns focus itself: to where it was, or nowhere when a drawer took over.
      returnFocus={false}
      withCloseButton={false}
      size={640}
      yOffset="12vh"
      padding={0}
      title={<span className={classes.srOnly}>{title}</span>}
      classNames={{ header: classes.modalHeader }}
      transitionProps={{ duration: 0 }}
    >
      {PALETTE_BODY}
    </Modal>
  );
});

function PaletteBody() {
  const props = useContext(ViewPropsContext)!;
  return props.confirm ? (
    <ConfirmView {...props} confirm={props.confirm} />
  ) : (
    <ListView {...props} />
  );
}

/** One element for every render: the modal's children never change, the body reads context. */
const PALETTE_BODY = <PaletteBody />;

function ConfirmView({
  texts,
  confirm,
  onEscape,
}: PaletteViewProps & { confirm: NonNullable<PaletteViewProps['confirm']> }) {
  return (
    <div
      className={classes.confirm}
      role="alertdialog"
      aria-label={texts.confirmTitle}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onEscape();
        }
      }}
    >
      <Text fw={600}>{texts.confirmTitle}</Text>
      <Text mt="xs">{confirm.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={confirm.onCancel} disabled={confirm.running}>
          {texts.cancel}
        </Button>
        <Button onClick={confirm.onAccept} loading={confirm.running} data-autofocus autoFocus>
          {texts.confirm}
        </Button>
      </Group>
    </div>
  );
}

function ListView(props: PaletteViewProps) {
  const { rows, activeKey, onActiveKeyChange, texts, lang } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => listRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'header' ? ROW_HEIGHT.header : ROW_HEIGHT.item),
    overscan: 8,
  });

  // The first result is the selected one whenever the chosen one is not among the results (a
  // new query): worked out here rather than stored from an effect, which cost every keystroke a
  // second render and a scroll.
  const chosenIndex = activeKey === undefined ? -1 : rows.findIndex((r) => r.key === activeKey);
  const activeIndex = chosenIndex >= 0 ? chosenIndex : rows.findIndex(isSelectable);
  const currentKey = activeIndex >= 0 ? rows[activeIndex]!.key : undefined;
  useEffect(() => {
    if (activeIndex >= 0) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, virtualizer]);
  // Rows are memoised; they call the latest onChoose through this ref.
  const chooseRef = useRef(props.onChoose);
  useLayoutEffect(() => {
    chooseRef.current = props.onChoose;
  });
  const onChoose = useCallback<PaletteViewProps['onChoose']>(
    (row, secondary) => chooseRef.current(row, secondary),
    [],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // An IME is composing Chinese: its Enter and arrows pick candidates, not results.
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    const move = (step: number) => {
      e.preventDefault();
      onActiveKeyChange(moveSelection(rows, currentKey, step));
    };
    const active = rows[activeIndex];
    switch (e.key) {
      case 'ArrowDown':
        return move(1);
      case 'ArrowUp':
        return move(-1);
      case 'PageDown':
        return move(PAGE_STEP);
      case 'PageUp':
        return move(-PAGE_STEP);
      case 'Home':
      case 'End': {
        e.preventDefault();
        const selectable = rows.filter(isSelectable);
        onActiveKeyChange((e.key === 'Home' ? selectable[0] : selectable.at(-1))?.key);
        return;
      }
      case 'Enter':
        e.preventDefault();
        if (active && isSelectable(active)) props.onChoose(active, e.ctrlKey || e.metaKey);
        return;
      case 'Tab':
        if (active?.kind === 'hit' && !e.shiftKey) {
          e.preventDefault();
          props.onChoose(active, true);
        }
        return;
      case 'Escape':
        e.preventDefault();
        props.onEscape();
        return;
      case 'Backspace':
        if (props.query === '') {
          e.preventDefault();
          props.onBack();
        }
        return;
    }
  };

  const platform = currentPlatform();
  const items = virtualizer.getVirtualItems();
  return (
    <Command
      label={texts.title}
      shouldFilter={false}
      loop
      value={currentKey ?? ''}
      onValueChange={(v) => onActiveKeyChange(v || undefined)}
      onKeyDown={onKeyDown}
      className={classes.root}
    >
      {props.trail.length > 0 && (
        <Group gap={4} px="md" pt="sm" aria-label="breadcrumb">
          {props.trail.map((title, i) => (
            <Badge key={i} variant="light" size="sm" radius="sm" tt="none">
              {title}
            </Badge>
          ))}
        </Group>
      )}
      <div className={classes.inputRow}>
        <Command.Input
          autoFocus
          data-autofocus
          value={props.query}
          onValueChange={props.onQueryChange}
          placeholder={texts.placeholder}
          aria-label={texts.placeholder}
          className={classes.input}
        />
        {props.busy && <Loader size="xs" mr="md" aria-hidden="true" />}
      </div>
      <Command.List ref={listRef} className={classes.list} label={texts.results}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((v) => {
            const row = rows[v.index]!;
            return (
              <div
                key={row.key}
                className={classes.slot}
                style={{ height: v.size, transform: `translateY(${v.start}px)` }}
              >
                <RowView
                  row={row}
                  lang={lang}
                  texts={texts}
                  platform={platform}
                  onChoose={onChoose}
                />
              </div>
            );
          })}
        </div>
      </Command.List>
      {props.error && (
        <Text role="alert" c="red" size="sm" px="md" py="xs">
          {props.error}
        </Text>
      )}
      {props.status && (
        <Text role="status" c="dimmed" size="sm" px="md" py="sm">
          {props.status}
        </Text>
      )}
      <p className={classes.footer}>{texts.hint}</p>
    </Command>
  );
}

interface RowProps {
  row: Row;
  lang: Lang;
  texts: PaletteTexts;
  platform: 'mac' | 'other';
  onChoose: PaletteViewProps['onChoose'];
}

/**
 * One row; memoised, since a keystroke re-renders the list and most rows stay as they were.
 * Plain elements with the module's classes (what Mantine's Text and Kbd would draw): a row
 * mounts per new result, and the components cost more than the row itself.
 */
const RowView = memo(function RowView({ row, lang, texts, platform, onChoose }: RowProps) {
  if (row.kind === 'header') {
    return (
      <p className={classes.header} role="presentation">
        {row.label ?? texts.group(row.group)}
      </p>
    );
  }
  if (row.kind === 'more') {
    return (
      <Command.Item value={row.key} onSelect={() => onChoose(row, false)} className={classes.item}>
        <p className={classes.more}>{texts.more(row.hidden)}</p>
      </Command.Item>
    );
  }
  if (row.kind === 'hit') {
    return (
      <Command.Item value={row.key} onSelect={() => onChoose(row, false)} className={classes.item}>
        <span className={classes.label}>{row.hit.title}</span>
        {row.hit.subtitle && (
          <span className={classes.detail}>
            {typeof row.hit.subtitle === 'string' ? row.hit.subtitle : row.hit.subtitle[lang]}
          </span>
        )}
      </Command.Item>
    );
  }
  const { command } = row;
  const label = command.label[lang] || command.label.zh;
  const detail = command.detail ? command.detail[lang] || command.detail.zh : undefined;
  const disabled = command.missingPermission !== undefined;
  return (
    <Command.Item
      value={row.key}
      onSelect={() => onChoose(row, false)}
      className={classes.item}
      data-unavailable={disabled || undefined}
    >
      <span className={classes.label}>
        {label}
        {command.perform.kind === 'page' && ' ›'}
        {command.checked && ' ✓'}
      </span>
      {disabled ? (
        <span className={classes.detail}>{texts.needsPermission(command.missingPermission!)}</span>
      ) : (
        detail && <span className={classes.detail}>{detail}</span>
      )}
      {command.shortcut && (
        <kbd className={classes.kbd}>{shortcutLabel(shortcut(command.shortcut), platform)}</kbd>
      )}
      {command.perform.kind === 'prefix' && (
        <kbd className={classes.kbd}>{command.perform.prefix}</kbd>
      )}
    </Command.Item>
  );
}, sameRowProps);

/** Rows are rebuilt per keystroke; one showing the same thing need not render again. */
function sameRowProps(a: RowProps, b: RowProps): boolean {
  if (a.lang !== b.lang || a.texts !== b.texts || a.platform !== b.platform) return false;
  if (a.onChoose !== b.onChoose) return false;
  const x = a.row;
  const y = b.row;
  if (x.key !== y.key || x.kind !== y.kind) return false;
  switch (x.kind) {
    case 'header':
      return x.label === (y as typeof x).label;
    case 'command':
      return x.command === (y as typeof x).command;
    case 'hit':
      return x.hit === (y as typeof x).hit && x.lookup === (y as typeof x).lookup;
    default:
      return x.hidden === (y as typeof x).hidden;
  }
}
