import { ActionIcon, Button, Group, Popover, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import {
  memo,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import type { CellValue, InlineEditError, RowId } from '../../../machines/inline-edit-machine';
import { useT } from '../../state/hooks';
import type { ColumnDef } from '../types';
import { Cell, DASH, type CellTexts, type PreviewImage } from './cells';
import {
  editableValue,
  InlineEditContext,
  isCell,
  rangeOf,
  type InlineEditActor,
} from './use-inline-edit';

type Row = Record<string, unknown>;
type Column = ColumnDef<Row>;

const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body;
};

/** What the editing cell shows of the machine; undefined for every other cell. */
interface EditView {
  buffer: CellValue;
  saving: boolean;
  error: InlineEditError | undefined;
}

/**
 * A cell of an inline-editable column: the value with an edit button beside it (none for the
 * column's `hiddenFor` values), or the input while this cell is the one being edited. Each cell
 * selects only whether the table's edit machine is on its own row and field, so starting,
 * typing and saving redraw the editing cell alone.
 */
export const EditableCell = memo(function EditableCell({
  column,
  row,
  rowId,
  value,
  texts,
  editLabel,
  onPreview,
}: {
  column: Column;
  row: Row;
  rowId: RowId;
  value: unknown;
  texts: CellTexts;
  /** The edit button's name, e.g. '编辑 site.name 的参数键值'. */
  editLabel: string;
  onPreview?: ((image: PreviewImage) => void) | undefined;
}) {
  const controller = useContext(InlineEditContext);
  const wrapper = useRef<HTMLDivElement>(null);
  const view = useSelector(
    controller?.actor,
    (snap): EditView | undefined =>
      snap && isCell(snap.context.cell, rowId, column.field)
        ? {
            buffer: snap.context.buffer ?? '',
            saving: snap.matches('saving'),
            error: snap.context.error,
          }
        : undefined,
    sameView,
  );
  // A closing editor (Esc, a save, a reload) takes the focus with it: give it back to this
  // cell's edit button, or to the row when the edit began there (F2), unless the user has
  // already put it somewhere else. The next render has the button back, hence the timeout.
  const onEditorClosed = useCallback(() => {
    setTimeout(() => {
      const box = wrapper.current;
      if (!box?.isConnected || !focusLost()) return;
      const button = box.querySelector<HTMLElement>('[data-inline-edit-button]');
      const tr = box.closest<HTMLElement>('tr');
      const target = controller?.returnsFocusTo() === 'row' ? tr : (button ?? tr);
      target?.focus();
    }, 0);
  }, [controller]);

  const showButton =
    controller !== null && editableValue(column, value) && controller.rowEditable(row);
  return (
    <Group ref={wrapper} gap={4} wrap="nowrap" w="100%" style={{ minWidth: 0 }}>
      {view && controller ? (
        <InlineEditor
          actor={controller.actor}
          column={column}
          label={column.label[texts.lang]}
          view={view}
          onClosed={onEditorClosed}
        />
      ) : (
        <>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
            {column.edit?.kind === 'dateRange' && column.edit.rangeFields ? (
              rangeText(column, row)
            ) : (
              <Cell column={column} value={value} texts={texts} onPreview={onPreview} />
            )}
          </span>
          {showButton && (
            <ActionIcon
              data-inline-edit-button
              variant="subtle"
              size="sm"
              aria-label={editLabel}
              onClick={() => controller.start(column, row, rowId, 'button')}
            >
              <IconPencil size={14} aria-hidden />
            </ActionIcon>
          )}
        </>
      )}
    </Group>
  );
});

/** The input after the focused one inside the editor (the end of a range), if any. */
function nextInput(e: KeyboardEvent<HTMLInputElement>): Element | null {
  const inputs = [
    ...(e.currentTarget.closest('[data-inline-editor]')?.querySelectorAll('input') ?? []),
  ];
  return inputs[inputs.indexOf(e.currentTarget) + 1] ?? null;
}

function sameView(a: EditView | undefined, b: EditView | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const sameBuffer =
    typeof a.buffer === 'string' || typeof b.buffer === 'string'
      ? a.buffer === b.buffer
      : a.buffer[0] === b.buffer[0] && a.buffer[1] === b.buffer[1];
  return sameBuffer && a.saving === b.saving && a.error === b.error;
}

function rangeText(column: Column, row: Row): string {
  const [start, end] = rangeOf(column, row);
  return start || end ? `${start || DASH} ~ ${end || DASH}` : DASH;
}

/**
 * The input of the cell being edited. Enter saves, Esc cancels, leaving the cell (blur) saves
 * as the spec says; an empty or unchanged value saves nothing (the machine decides). While
 * saving the input is disabled and a status says so; a failed save keeps the text and shows
 * why, with a Reload button when another user changed the row (409).
 */
function InlineEditor({
  actor,
  column,
  label,
  view,
  onClosed,
}: {
  actor: InlineEditActor;
  column: Column;
  label: string;
  view: EditView;
  onClosed: () => void;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const dropdown = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const { buffer, saving, error } = view;

  // Focus the input on opening and again after a failed save (it was disabled meanwhile).
  useEffect(() => {
    if (!saving) first.current?.focus();
  }, [saving]);
  useEffect(() => onClosed, [onClosed]);

  const reload = useRef<HTMLButtonElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
    // The status sits in a portal (a cell clips what overflows it): Tab from the last input
    // goes on to its Reload button rather than to the next cell.
    if (e.key === 'Tab' && !e.shiftKey && reload.current && nextInput(e) === null) {
      e.preventDefault();
      reload.current.focus();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      actor.send({ type: 'edit.commit' });
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      actor.send({ type: 'edit.cancel' });
    }
  };
  // Moving between the inputs of a range, or onto the Reload button, is not leaving the cell.
  const onBlur = (e: FocusEvent<HTMLInputElement>) => {
    const next = e.relatedTarget;
    if (next instanceof Node && (box.current?.contains(next) || dropdown.current?.contains(next)))
      return;
    actor.send({ type: 'edit.commit' });
  };

  const message = error
    ? error.kind === 'server'
      ? error.message
      : t(error.messageKey)
    : saving
      ? t('inlineEdit.saving')
      : undefined;
  const common = {
    size: 'xs',
    disabled: saving,
    error: error !== undefined,
    'aria-describedby': message ? statusId : undefined,
    'aria-busy': saving || undefined,
    onKeyDown,
    onBlur,
    style: { flex: 1, minWidth: 0 },
  } as const;
  const kind = column.edit?.kind ?? 'text';
  const type = kind === 'text' ? 'text' : 'date';
  const range = typeof buffer === 'string' ? undefined : buffer;

  return (
    <Popover
      opened={message !== undefined}
      position="bottom-start"
      withRoles={false}
      trapFocus={false}
      returnFocus={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      shadow="md"
    >
      <Popover.Target>
        <Group ref={box} data-inline-editor gap={4} wrap="nowrap" w="100%">
          {range ? (
            <>
              <TextInput
                {...common}
                ref={first}
                type="date"
                aria-label={t('inlineEdit.start', { label })}
                value={range[0]}
                onChange={(e) =>
                  actor.send({ type: 'edit.change', value: [e.currentTarget.value, range[1]] })
                }
              />
              <TextInput
                {...common}
                type="date"
                aria-label={t('inlineEdit.end', { label })}
                value={range[1]}
                onChange={(e) =>
                  actor.send({ type: 'edit.change', value: [range[0], e.currentTarget.value] })
                }
              />
            </>
          ) : (
            <TextInput
              {...common}
              ref={first}
              type={type}
              aria-label={t('inlineEdit.editCell', { label })}
              value={typeof buffer === 'string' ? buffer : ''}
              onChange={(e) => actor.send({ type: 'edit.change', value: e.currentTarget.value })}
            />
          )}
        </Group>
      </Popover.Target>
      <Popover.Dropdown ref={dropdown} p="xs" maw={320}>
        <div id={statusId} role={error ? 'alert' : 'status'}>
          <Text size="sm" c={error ? 'red' : 'dimmed'}>
            {message}
          </Text>
        </div>
        {error?.kind === 'stale' && (
          <Button
            ref={reload}
            mt="xs"
            size="compact-sm"
            variant="light"
            onClick={() => actor.send({ type: 'edit.reload' })}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                actor.send({ type: 'edit.cancel' });
              } else if (e.key === 'Tab' && e.shiftKey) {
                e.preventDefault();
                first.current?.focus();
              }
            }}
          >
            {t('inlineEdit.reload')}
          </Button>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
