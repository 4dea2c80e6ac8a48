import { Button, Center, Loader, Modal } from '@mantine/core';
import { createElement, useState, type ComponentType, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { useLang, useT } from '../../state/hooks';
import { useResourceCallMutation } from '../../api/resource';
import { SELECT_ONE_MESSAGE } from '../../lib/patterns';
import type { ActionDef, ActionDialogProps, ResourceDef } from '../types';
import type { ExtraRowAction, Row } from './table-row';
import { toast } from '../../components/toast';

type Dialog = ComponentType<ActionDialogProps<Row>>;

/**
 * One lazy component per declared dialog, made once (React must see the same component). Until
 * its code arrives it shows an empty modal of the action's title with a loader.
 */
const dialogs = new WeakMap<ActionDef<Row>, Dialog>();

function dialogOf(action: ActionDef<Row>): Dialog {
  let dialog = dialogs.get(action);
  if (!dialog) {
    dialog = lazyComponent(action.dialog!, ({ onClose }) => (
      <DialogLoading label={action.label} onClose={() => onClose()} />
    ));
    dialogs.set(action, dialog);
  }
  return dialog;
}

/** The modal shown while an action's dialog loads; closing it closes the action. */
function DialogLoading({ label, onClose }: { label: ActionDef<Row>['label']; onClose(): void }) {
  const t = useT();
  const lang = useLang();
  return (
    <Modal opened onClose={onClose} title={label[lang]}>
      <Center h={120}>
        <Loader aria-label={t('resource.action.loading')} />
      </Center>
    </Modal>
  );
}

/** A declaration's own form as an action, made once per declaration (see dialogOf). */
const formActions = new WeakMap<ResourceDef, ActionDef<Row>>();

function formActionOf(def: ResourceDef): ActionDef<Row> | undefined {
  if (!def.formDialog) return undefined;
  let action = formActions.get(def);
  if (!action) {
    action = { id: 'form', label: def.title, permission: '', dialog: def.formDialog };
    formActions.set(def, action);
  }
  return action;
}

interface Options {
  def: ResourceDef;
  can(code: string | undefined): boolean;
  /** False on a super-administrator resource for anyone else: only `readsOnly` actions show. */
  writable: boolean;
  confirm(message: string): Promise<boolean>;
  /** After a dialog reports a change or a call succeeded. */
  onChanged(): void;
}

/**
 * The declared row and toolbar actions the user holds: a dialog loaded on first use, or a
 * confirmed call. Returns the row buttons for the table, the toolbar buttons (run over the
 * selected rows, checking how many the action needs) and the open dialog to render.
 */
export function useResourceActions({ def, can, writable, confirm, onChanged }: Options) {
  const t = useT();
  const lang = useLang();
  const [open, setOpen] = useState<{ action: ActionDef<Row>; rows: readonly Row[] }>();
  const [call] = useResourceCallMutation();
  const held = (actions: readonly ActionDef<Row>[] | undefined) =>
    (actions ?? []).filter((a) => can(a.permission) && (writable || a.readsOnly === true));

  const run = async (action: ActionDef<Row>, rows: readonly Row[]) => {
    if (action.dialog) {
      setOpen({ action, rows });
      return;
    }
    if (!action.call) return;
    if (!(await confirm(action.call.confirm[lang]))) return;
    const params = action.call.params?.(rows) ?? { ids: rows.map((r) => String(r.id)).join(',') };
    try {
      await call({
        service: def.service,
        path: action.call.path,
        params,
        refreshes: def.refreshes,
      }).unwrap();
      toast('success', action.call.done[lang]);
      onChanged();
    } catch {
      // The API layer has shown the server's message.
    }
  };

  const heldRowActions = held(def.rowActions as ActionDef<Row>[] | undefined);
  const rowActions: ExtraRowAction[] = heldRowActions.map((action) => ({
    id: action.id,
    label: action.label[lang],
    color: action.color,
    when: action.when,
    run: (row) => void run(action, [row]),
  }));

  /** Toolbar buttons over the selected rows. */
  const toolbar = (selected: readonly Row[]): ReactNode[] =>
    held(def.toolbarActions as ActionDef<Row>[] | undefined)
      .filter(
        (action) =>
          !action.when ||
          action.selection === 'none' ||
          selected.length === 0 ||
          selected.every((row) => action.when!(row)),
      )
      .map((action) => (
        <Button
          key={action.id}
          variant="light"
          color={action.color}
          onClick={() => {
            const need = action.selection ?? 'some';
            if (need === 'some' && selected.length === 0) {
              toast('warning', t(SELECT_ONE_MESSAGE));
            } else if (need === 'one' && selected.length !== 1) {
              toast('warning', t('resource.action.selectExactlyOne'));
            } else {
              void run(action, need === 'none' ? [] : selected);
            }
          }}
        >
          {action.label[lang]}
        </Button>
      ));

  let dialog: ReactNode = null;
  if (open) {
    const rows = open.rows;
    const onClose = (changed?: boolean) => {
      setOpen(undefined);
      if (changed) onChanged();
    };
    // dialogOf returns the same component for an action every time (made once, cached), which
    // the JSX lint rule cannot see; createElement says what happens without tripping it.
    dialog = createElement(dialogOf(open.action), { rows, onClose });
  }

  /** The declaration's own form (`formDialog`): no rows to create, the record to edit. */
  const openForm = (record: Row | undefined) => {
    const action = formActionOf(def);
    if (action) setOpen({ action, rows: record ? [record] : [] });
  };

  /** The held row actions that apply to `row` (the palette's commands on the focused row). */
  const rowActionsFor = (row: Row | undefined): readonly ActionDef<Row>[] =>
    row ? heldRowActions.filter((a) => !a.when || a.when(row)) : [];
  /** Runs a held row action on a row, as its button would. */
  const runRowAction = (id: string, row: Row) => {
    const action = heldRowActions.find((a) => a.id === id);
    if (action && (!action.when || action.when(row))) void run(action, [row]);
  };

  return {
    rowActions,
    rowActionsFor,
    runRowAction,
    toolbar,
    dialog,
    dialogOpen: open !== undefined,
    openForm,
  };
}
