import { Alert, Button, Center, Drawer, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { IconFileExport, IconPlus, IconTrash } from '@tabler/icons-react';
import type { MRT_RowSelectionState } from 'mantine-react-table';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLang, useT } from '../../state/hooks';
import { useConfirm } from '../../components/confirm-dialog';
import { useUserInfoQuery } from '../../api/auth';
import {
  useResourceExportMutation,
  useResourceListQuery,
  useResourceRemoveMutation,
  useResourceSubmitMutation,
} from '../../api/resource';
import { takeScreenAction, useScreenAction, type ScreenAction } from '../../lib/screen-actions';
import { usePageVisible } from '../../lib/page-visibility';
import { usePermissions } from '../../state/permissions-context';
import { isShortcutKey } from '../../lib/shortcuts';
import { useShortcut } from '../../components/use-shortcut';
import type { ResourceDef } from '../types';
import { SELECT_ONE_MESSAGE } from '../../lib/patterns';
import { Cell, useCellTexts } from './cells';
import { FilterBar } from './filter-bar';
import type { FilterDef } from './filters';
import { useResourceActions } from './resource-actions';
import { callOf } from './calls';
import {
  flattenTree,
  shownTreeRows,
  TreeChildren,
  withChildren,
  type ChildRows,
} from './tree-rows';
import { ResourceTable } from './resource-table';
import type { Row } from './table-row';
import { useListView } from './use-list-view';
import { useScreenCommands } from './use-screen-commands';
import { toast } from '../../components/toast';
import { announceExport } from '../../api/export-centre';
import { lazyComponent } from '../../lib/lazy-component';

// The add/edit form (and its date and number inputs) loads when it first opens, not with the list.
const ResourceForm = lazyComponent(() =>
  import('./resource-form').then((m) => ({ default: m.ResourceForm })),
);

const NO_ROWS: Row[] = [];
const NO_FILTERS: readonly FilterDef[] = [];
const NO_PARAMS: Readonly<Record<string, string>> = {};

/** `key` grows with every opening, so each opening starts a fresh form. */
interface FormState {
  opened: boolean;
  record: Row | undefined;
  key: number;
}

/**
 * The list screen of a declared resource: filter bar, toolbar (new, bulk delete), the table
 * with its row actions, the create/edit form and the detail drawer, each shown only with its
 * permission. The palette's "New ..." command (lib/screen-actions.ts) opens the create form.
 */
export interface ResourceScreenProps {
  def: ResourceDef;
  /** The menu route showing it (a resource may sit at two); default the declared one. */
  route?: string;
  /** Added to every list call and every submit body (e.g. a dictionary entry's parentId). */
  fixedParams?: Readonly<Record<string, string>>;
  /**
   * Inside a dialog or beside another list: no page title, no page-level keys, no URL mirror
   * (the page's own screen owns those).
   */
  embedded?: boolean;
  /** Choosing a row (click or Enter) hands it to the caller instead of opening its details. */
  onRowOpen?(row: Row): void;
  /**
   * An embedded list that still offers its commands to the palette (its focused row's actions
   * among them), e.g. a batch's codes below the batches: the list that offered last is listed.
   */
  offersCommands?: boolean;
  /**
   * Drawn between the toolbar and the table with the list's answer as it is (e.g. a report's
   * chart from the same answer, so it always follows the applied filters).
   */
  aboveTable?(list: { data: unknown; loading: boolean }): ReactNode;
}

export function ResourceScreen({
  def,
  route = def.route,
  fixedParams = NO_PARAMS,
  embedded = false,
  onRowOpen,
  aboveTable,
  offersCommands = false,
}: ResourceScreenProps) {
  const t = useT();
  const lang = useLang();
  const permissions = usePermissions();
  const cellTexts = useCellTexts();
  const can = (code: string | undefined) => Boolean(code && permissions.has(code));
  const superAdmin = useUserInfoQuery().data?.is_super_admin === true;
  // Writes to a super-administrator table are hidden from everyone else (the server refuses them).
  const writable = def.writes !== 'superAdmin' || superAdmin;
  const canWrite = (code: string | undefined) => writable && can(code);
  // Rows can be selected for a bulk delete or for a toolbar action that works on selected rows.
  const selectable =
    canWrite(def.permissions.remove) ||
    (def.toolbarActions ?? []).some(
      (a) => a.selection !== 'none' && can(a.permission) && (writable || a.readsOnly === true),
    );
  const filters = def.filters ?? NO_FILTERS;
  // Filters, page, sort and hidden columns, mirrored in the URL, and the list query from them.
  const view = useListView({ def, route, fixedParams, embedded });
  const [rowSelection, setRowSelection] = useState<MRT_RowSelectionState>({});
  const [form, setForm] = useState<FormState>({ opened: false, record: undefined, key: 0 });
  const [detail, setDetail] = useState<Row>();
  const [confirmDialog, confirm, asking] = useConfirm();
  const [submitRecord] = useResourceSubmitMutation();
  // The form mounts already open, so Mantine has no element to give focus back to: the screen
  // keeps it (the row or the button that opened the form) and returns focus on close.
  const opener = useRef<HTMLElement | null>(null);
  const openForm = (record: Row | undefined) => {
    if (def.formDialog) {
      declared.openForm(record);
      return;
    }
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setForm((f) => ({ opened: true, record, key: f.key + 1 }));
  };
  const closeForm = () => {
    setForm((f) => ({ ...f, opened: false }));
    const back = opener.current;
    opener.current = null;
    setTimeout(() => {
      if (back?.isConnected) back.focus();
    }, 0);
  };
  const [removeRecords] = useResourceRemoveMutation();

  const lazyTree = def.tree?.lazy === true;
  // Asked for once the layout is known, so a saved page size does not cost a second request.
  const listCall = callOf(def.paths, 'list');
  const listPath = listCall.path ?? (lazyTree ? 'lazy-list' : undefined);
  const list = useResourceListQuery(
    { service: def.service, path: listPath, method: listCall.method, params: view.query.list },
    { skip: !view.query.ready },
  );
  const declared = useResourceActions({
    def,
    can,
    writable,
    confirm,
    onChanged: () => void list.refetch(),
  });
  // A lazy tree's opened nodes: their children, loaded by <TreeChildren> and kept fresh by it.
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [childRows, setChildRows] = useState<ChildRows>({});

  // "New post" from the palette: open the form once per request (React's pattern for state
  // that follows a change), then spend the request.
  const request = useScreenAction(route);
  const [handled, setHandled] = useState<ScreenAction>();
  if (request && request !== handled) {
    setHandled(request);
    if (request.alias === 'add' && canWrite(def.permissions.add)) {
      if (def.formDialog) declared.openForm(undefined);
      else setForm((f) => ({ opened: true, record: undefined, key: f.key + 1 }));
    }
  }
  useEffect(() => {
    if (request) takeScreenAction(request);
  }, [request]);

  // A new search or a reset starts again at page 1 (spec section 4), with nothing selected.
  const search = () => {
    view.apply();
    setRowSelection({});
  };
  const resetFilters = () => {
    view.reset();
    setRowSelection({});
  };

  const remove = async (ids: string[]) => {
    if (ids.length === 0) {
      toast('warning', t(SELECT_ONE_MESSAGE));
      return;
    }
    if (!(await confirm(t('messages.confirmDelete')))) return;
    try {
      await removeRecords({
        service: def.service,
        ...callOf(def.paths, 'remove'),
        ids,
        refreshes: def.refreshes,
      }).unwrap();
      setRowSelection({});
      toast('success', t('messages.deleted'));
    } catch {
      // The API layer has shown the server's message.
    }
  };

  /** Export the list as it is filtered and sorted now (spec section 8 texts). */
  const [startExport, exporting] = useResourceExportMutation();
  const exportList = async () => {
    if (!def.export || exporting.isLoading) return;
    if (!(await confirm(t('resource.export.confirm')))) return;
    try {
      const started = (await startExport({
        service: def.service,
        ...callOf(def.paths, 'export'),
        excelType: def.export.excelType,
        params: view.query.export,
      }).unwrap()) as { id?: string | number; sourceFileName?: string } | null;
      toast('success', t('resource.export.created'));
      // Followed to its end: a toast with the file says so once, wherever the user is then.
      if (started?.id !== undefined)
        announceExport(String(started.id), started.sourceFileName ?? '', t);
    } catch {
      // The API layer has shown the server's message.
    }
  };

  const save = async (values: Record<string, string>) => {
    const record = form.record;
    const body: Record<string, unknown> = { ...values };
    if (record) {
      body.id = record.id;
      if (record.version !== undefined) body.version = record.version;
    }
    const result = await submitRecord({
      service: def.service,
      ...callOf(def.paths, record ? 'update' : 'submit'),
      body: { ...body, ...fixedParams },
      refreshes: def.refreshes,
    });
    // The form shows the refusal: each refused field at that field, the rest as a toast.
    if ('error' in result) throw result.error;
    toast('success', t(record ? 'messages.updated' : 'messages.added'));
    closeForm();
  };

  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const listed = list.data ? (Array.isArray(list.data) ? list.data : list.data.records) : NO_ROWS;
  const total = list.data ? (Array.isArray(list.data) ? list.data.length : list.data.total) : 0;
  const answered = list.data as { sums?: unknown } | undefined;
  const answerSums =
    def.sumsFromAnswer && answered && typeof answered.sums === 'object' && answered.sums !== null
      ? (answered.sums as Record<string, unknown>)
      : undefined;
  const rows = useMemo(
    () => (lazyTree ? withChildren(listed, childRows) : listed),
    [lazyTree, listed, childRows],
  );
  const selectedRows = () => {
    const chosen = new Set(selectedIds);
    return (def.tree ? flattenTree(rows) : rows).filter((r) => chosen.has(String(r.id)));
  };

  // Keyboard-first lists: live on the visible screen while no dialog or drawer is open.
  const visible = usePageVisible();
  const keysOn =
    visible && !embedded && !form.opened && detail === undefined && !asking && !declared.dialogOpen;
  const [focusedRow, setFocusedRow] = useState(-1);
  const filterRef = useRef<HTMLFormElement>(null);
  // The rows on screen: in a tree, the opened nodes' children too.
  const shownCount = def.tree ? shownTreeRows(rows, expanded) : rows.length;
  const moveRow = (step: number) =>
    setFocusedRow((i) => Math.min(Math.max(i + step, 0), Math.max(shownCount - 1, 0)));
  useShortcut('list.next', () => moveRow(1), { enabled: keysOn && rows.length > 0 });
  useShortcut('list.prev', () => moveRow(-1), { enabled: keysOn && rows.length > 0 });
  const focusFilters = () =>
    filterRef.current?.querySelector<HTMLElement>('input:not([type=hidden])')?.focus();
  useShortcut('list.filter', focusFilters, { enabled: keysOn && filters.length > 0 });
  useShortcut('list.new', () => openForm(undefined), {
    enabled: keysOn && canWrite(def.permissions.add),
  });
  const canRemove = canWrite(def.permissions.remove);
  const canExport = Boolean(def.export) && can(def.permissions.export);
  // The row j/k (or the arrow keys) last moved to: its row actions are palette commands.
  const focused = def.tree ? undefined : rows[focusedRow];
  const hasFilters = filters.length > 0;
  // What this screen offers the command palette while it is on display.
  useScreenCommands(
    def,
    route,
    visible && (!embedded || offersCommands),
    { canRemove, hasFilters, canExport },
    {
      removeSelected: () => void remove(selectedIds),
      focusFilters,
      resetFilters,
      reload: () => void list.refetch(),
      exportList: () => void exportList(),
      runRowAction: (id) => {
        if (focused) declared.runRowAction(id, focused);
      },
    },
    declared.rowActionsFor(focused).map((a) => ({
      id: a.id,
      label: a.label,
      record: focused ? def.recordLabel(focused) : '',
    })),
  );

  const { editableWhen, removableWhen } = def;
  const who = { superAdmin };
  const actions = {
    // A resource without a view code has no detail view (spec screen 12: tenant packages).
    ...(def.permissions.view && (can(def.permissions.view) || can(def.permissions.edit))
      ? { view: (row: Row) => (def.openDetail ? def.openDetail(row) : setDetail(row)) }
      : {}),
    ...(canWrite(def.permissions.edit) ? { edit: (row: Row) => openForm(row) } : {}),
    ...(canWrite(def.permissions.remove)
      ? { remove: (row: Row) => void remove([String(row.id)]) }
      : {}),
    ...(declared.rowActions.length ? { extra: declared.rowActions } : {}),
    ...(editableWhen ? { editable: (row: Row) => editableWhen(row, who) } : {}),
    ...(removableWhen ? { removable: (row: Row) => removableWhen(row, who) } : {}),
  };
  // A link may ask for one record's details (`#...&open=<id>`, e.g. the palette's o: look-up):
  // they open once the first list answer holds that record, for a user who may view it.
  const [linkedId] = useState(() =>
    embedded ? null : new URLSearchParams(window.location.hash.replace(/^#/, '')).get('open'),
  );
  const openId = useRef(linkedId);
  const viewRow = actions.view;
  useEffect(() => {
    const id = openId.current;
    if (!id || !list.data) return;
    openId.current = null;
    const row = listed.find((r) => String((r as { id?: unknown }).id) === id);
    if (row && viewRow) viewRow(row);
  }, [list.data, listed, viewRow]);
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    const key = (id: Parameters<typeof isShortcutKey>[1]) => isShortcutKey(event, id);
    let consumed = true;
    if (event.key === 'ArrowDown') moveRow(1);
    else if (event.key === 'ArrowUp') moveRow(-1);
    else if (key('list.toggle') && selectable) {
      const id = String(row.id);
      setRowSelection((sel) => ({ ...sel, [id]: !sel[id] }));
    } else if (key('list.open') && onRowOpen) onRowOpen(row);
    else if (key('list.open') && actions.view) actions.view(row);
    else if (key('list.edit') && actions.edit && actions.editable?.(row) !== false)
      actions.edit(row);
    else if (key('list.remove') && actions.remove && actions.removable?.(row) !== false)
      actions.remove(row);
    else consumed = false;
    if (consumed) event.preventDefault();
  };
  const title = def.title[lang];
  const toolbarButtons: ReactNode[] = declared.toolbar(selectedRows());

  const toolbar = (
    <Group gap="xs">
      {canWrite(def.permissions.add) && (
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => openForm(undefined)}
        >
          {t('table.add')}
        </Button>
      )}
      {canWrite(def.permissions.remove) && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => void remove(selectedIds)}
        >
          {t('table.bulkRemove')}
        </Button>
      )}
      {canExport && (
        <Button
          variant="light"
          leftSection={<IconFileExport size={16} aria-hidden />}
          loading={exporting.isLoading}
          onClick={() => void exportList()}
        >
          {t('resource.export.button')}
        </Button>
      )}
      {toolbarButtons}
    </Group>
  );
  const hasToolbar =
    canWrite(def.permissions.add) ||
    canWrite(def.permissions.remove) ||
    canExport ||
    toolbarButtons.length > 0;
  // The page's title and the toolbar share one line (issue 25 item 12: the height is the rows').
  return (
    <Stack gap="sm" className="resource-screen">
      {(!embedded || hasToolbar) && (
        <Group gap="md" justify="space-between" wrap="wrap" className="resource-screen-head">
          {!embedded ? (
            <Title order={1} size="h3">
              {title}
            </Title>
          ) : (
            <span />
          )}
          {hasToolbar && toolbar}
        </Group>
      )}
      {def.banner && <def.banner />}
      {filters.length > 0 && (
        <FilterBar
          ref={filterRef}
          filters={filters}
          values={view.draft}
          onChange={view.setDraft}
          onSearch={search}
          onReset={resetFilters}
        />
      )}
      {list.isError && (
        // The API layer has said why in a toast (and logged it); the screen says the list is not
        // current, or for an answer it cannot read, spec section 8's 'data loading error'.
        <Alert
          color="red"
          variant="light"
          title={t(
            (list.error as { status?: unknown } | undefined)?.status === 'malformed'
              ? 'errors.dataLoading'
              : 'table.loadFailed',
          )}
        >
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {aboveTable?.({ data: list.data, loading: list.isFetching })}
      {/* The declared columns would flash before the user's saved layout replaced them. */}
      {view.layout.ready ? (
        <ResourceTable
          def={def}
          rows={rows}
          total={total}
          loading={list.isLoading}
          fetching={list.isFetching}
          pagination={view.pagination}
          onPaginationChange={view.setPagination}
          layout={view.layout}
          sorting={view.sorting}
          onSortingChange={view.setSorting}
          selectable={selectable}
          {...(onRowOpen ? { onRowClick: onRowOpen } : {})}
          rowSelection={rowSelection}
          onRowSelectionChange={setRowSelection}
          actions={actions}
          focusedIndex={focusedRow}
          onRowFocus={setFocusedRow}
          onRowKeyDown={onRowKeyDown}
          answerSums={answerSums}
          fill={!embedded}
          inlineEdit={can(def.permissions.edit) ? { reload: () => list.refetch() } : undefined}
          {...(def.tree ? { tree: { expanded, onExpandedChange: setExpanded } } : {})}
        />
      ) : (
        <Center h={200}>
          <Loader aria-label={t('layout.page.loading')} />
        </Center>
      )}
      {form.opened && (
        <ResourceForm
          key={form.key}
          def={def}
          record={form.record}
          opened
          onClose={() => closeForm()}
          onSubmit={save}
        />
      )}
      <Drawer
        opened={detail !== undefined}
        onClose={() => setDetail(undefined)}
        position="right"
        size={632}
        title={detail ? t('table.detailTitle', { name: def.recordLabel(detail) }) : ''}
      >
        {detail && (
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              {def.columns.map((column) => (
                <Table.Tr key={column.field}>
                  <Table.Th w={160}>{column.label[lang]}</Table.Th>
                  <Table.Td>
                    <Cell column={column} value={detail[column.field]} texts={cellTexts} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {detail && def.detailSection && <def.detailSection row={detail} />}
      </Drawer>
      {lazyTree &&
        Object.keys(expanded)
          .filter((id) => expanded[id])
          .map((id) => (
            <TreeChildren
              key={id}
              service={def.service}
              path={listPath ?? 'lazy-list'}
              method={listCall.method}
              parentId={id}
              fixedParams={fixedParams}
              onRows={(parentId, children) =>
                setChildRows((all) => ({ ...all, [parentId]: children }))
              }
            />
          ))}
      {declared.dialog}
      {confirmDialog}
    </Stack>
  );
}
