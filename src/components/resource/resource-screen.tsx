import { Alert, Button, Center, Drawer, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type {
  MRT_PaginationState,
  MRT_RowSelectionState,
  MRT_SortingState,
} from 'mantine-react-table';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLang, useT } from '../../app/hooks';
import { useConfirm } from '../../app/layout/top-bar/confirm-dialog';
import {
  useResourceListQuery,
  useResourceRemoveMutation,
  useResourceSubmitMutation,
} from '../../api/resource';
import { takeScreenAction, useScreenAction, type ScreenAction } from '../../lib/screen-actions';
import { translate, type MessageKey } from '../../i18n';
import { usePageVisible } from '../../lib/page-visibility';
import { offerScreenCommands, type ScreenCommand } from '../../lib/screen-commands';
import { usePermissions } from '../../palette/permissions-context';
import { isShortcutKey } from '../../palette/shortcuts';
import { useShortcut } from '../../palette/use-shortcut';
import type { ResourceDef } from '../../resources/types';
import { SELECT_ONE_MESSAGE } from '../../lib/patterns';
import { Cell, useCellTexts } from './cells';
import { FilterBar } from './filter-bar';
import {
  initialFilterValues,
  resetFilterValues,
  toQueryParams,
  type FilterDef,
  type FilterValues,
} from './filters';
import { ResourceForm } from './resource-form';
import { PAGE_SIZES, ResourceTable, type Row } from './resource-table';
import { ACTIONS_COLUMN, SELECT_COLUMN, useTableLayout } from './use-table-layout';

const NO_ROWS: Row[] = [];
const NO_FILTERS: readonly FilterDef[] = [];

/** BladeX sorting: `ascs` / `descs`, comma-separated column names. */
function sortParams(sorting: MRT_SortingState): Record<string, string> {
  const ascs = sorting.filter((s) => !s.desc).map((s) => s.id);
  const descs = sorting.filter((s) => s.desc).map((s) => s.id);
  return {
    ...(ascs.length ? { ascs: ascs.join(',') } : {}),
    ...(descs.length ? { descs: descs.join(',') } : {}),
  };
}

interface ScreenHandlers {
  removeSelected(): void;
  focusFilters(): void;
  resetFilters(): void;
  reload(): void;
}

/** The palette commands of a resource screen; they call the screen's latest handlers. */
function offeredCommands(
  def: ResourceDef,
  canRemove: boolean,
  hasFilters: boolean,
  handlers: { readonly current: ScreenHandlers },
): ScreenCommand[] {
  const both = (key: MessageKey) => ({
    zh: translate('zh', key, { name: def.title.zh }),
    en: translate('en', key, { name: def.title.en }),
  });
  const commands: ScreenCommand[] = [];
  if (canRemove)
    commands.push({
      id: `${def.route}:remove-selected`,
      label: both('table.cmd.removeSelected'),
      run: () => handlers.current.removeSelected(),
    });
  if (hasFilters)
    commands.push(
      {
        id: `${def.route}:filter`,
        label: both('table.cmd.focusFilters'),
        shortcut: 'list.filter',
        run: () => handlers.current.focusFilters(),
      },
      {
        id: `${def.route}:reset`,
        label: both('table.cmd.resetFilters'),
        run: () => handlers.current.resetFilters(),
      },
    );
  commands.push({
    id: `${def.route}:reload`,
    label: both('table.cmd.reload'),
    run: () => handlers.current.reload(),
  });
  return commands;
}

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
export function ResourceScreen({ def }: { def: ResourceDef }) {
  const t = useT();
  const lang = useLang();
  const permissions = usePermissions();
  const cellTexts = useCellTexts();
  const can = (code: string | undefined) => Boolean(code && permissions.has(code));
  const filters = def.filters ?? NO_FILTERS;
  const [draft, setDraft] = useState<FilterValues>(() => initialFilterValues(filters, new Date()));
  const [applied, setApplied] = useState(draft);
  const [pagination, setPagination] = useState<MRT_PaginationState>({
    pageIndex: 0,
    pageSize: PAGE_SIZES[def.paging ?? 'resource'].initial,
  });
  const [sorting, setSorting] = useState<MRT_SortingState>([]);
  const [rowSelection, setRowSelection] = useState<MRT_RowSelectionState>({});
  const [form, setForm] = useState<FormState>({ opened: false, record: undefined, key: 0 });
  const [detail, setDetail] = useState<Row>();
  const [confirmDialog, confirm, asking] = useConfirm();
  const [submitRecord] = useResourceSubmitMutation();
  // The form mounts already open, so Mantine has no element to give focus back to: the screen
  // keeps it (the row or the button that opened the form) and returns focus on close.
  const opener = useRef<HTMLElement | null>(null);
  const openForm = (record: Row | undefined) => {
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

  const params = useMemo(
    () => ({
      ...toQueryParams(filters, applied),
      ...sortParams(sorting),
      current: pagination.pageIndex + 1,
      size: pagination.pageSize,
    }),
    [filters, applied, sorting, pagination],
  );

  // The user's column layout, saved per table; the page size they chose comes back with it.
  const columnIds = useMemo(
    () => [SELECT_COLUMN, 'serial', ...def.columns.map((c) => c.field), ACTIONS_COLUMN],
    [def.columns],
  );
  const hiddenByDefault = useMemo(
    () => def.columns.filter((c) => c.hiddenByDefault).map((c) => c.field),
    [def.columns],
  );
  const layout = useTableLayout(def.route.replace(/^\//, ''), columnIds, hiddenByDefault);
  const [adoptedPageSize, setAdoptedPageSize] = useState(false);
  if (!adoptedPageSize && layout.ready) {
    setAdoptedPageSize(true);
    if (layout.savedPageSize && layout.savedPageSize !== pagination.pageSize)
      setPagination({ pageIndex: 0, pageSize: layout.savedPageSize });
  }
  // Asked for once the layout is known, so a saved page size does not cost a second request.
  const list = useResourceListQuery({ service: def.service, params }, { skip: !layout.ready });

  // "New post" from the palette: open the form once per request (React's pattern for state
  // that follows a change), then spend the request.
  const request = useScreenAction(def.route);
  const [handled, setHandled] = useState<ScreenAction>();
  if (request && request !== handled) {
    setHandled(request);
    if (request.alias === 'add' && can(def.permissions.add))
      setForm((f) => ({ opened: true, record: undefined, key: f.key + 1 }));
  }
  useEffect(() => {
    if (request) takeScreenAction(request);
  }, [request]);

  const applyFilters = (values: FilterValues) => {
    setApplied(values);
    // A new filter starts again at page 1 (spec section 4).
    setPagination((p) => ({ ...p, pageIndex: 0 }));
    setRowSelection({});
  };

  const remove = async (ids: string[]) => {
    if (ids.length === 0) {
      notifications.show({ color: 'orange', message: t(SELECT_ONE_MESSAGE) });
      return;
    }
    if (!(await confirm(t('messages.confirmDelete')))) return;
    try {
      await removeRecords({ service: def.service, ids }).unwrap();
      setRowSelection({});
      notifications.show({ color: 'green', message: t('messages.deleted') });
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
    const result = await submitRecord({ service: def.service, body });
    if ('error' in result) throw new Error((result.error as { message?: string }).message);
    notifications.show({ color: 'green', message: t('table.saved') });
    closeForm();
  };

  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const rows = list.data?.records ?? NO_ROWS;

  // Keyboard-first lists: live on the visible screen while no dialog or drawer is open.
  const visible = usePageVisible();
  const keysOn = visible && !form.opened && detail === undefined && !asking;
  const [focusedRow, setFocusedRow] = useState(-1);
  const filterRef = useRef<HTMLFormElement>(null);
  const moveRow = (step: number) =>
    setFocusedRow((i) => Math.min(Math.max(i + step, 0), Math.max(rows.length - 1, 0)));
  useShortcut('list.next', () => moveRow(1), { enabled: keysOn && rows.length > 0 });
  useShortcut('list.prev', () => moveRow(-1), { enabled: keysOn && rows.length > 0 });
  const focusFilters = () =>
    filterRef.current?.querySelector<HTMLElement>('input:not([type=hidden])')?.focus();
  /** Reset: the initial values again, the createTime range kept (spec section 5). */
  const resetFilters = () => {
    const values = resetFilterValues(filters, draft, new Date());
    setDraft(values);
    applyFilters(values);
  };
  useShortcut('list.filter', focusFilters, { enabled: keysOn && filters.length > 0 });
  useShortcut('list.new', () => openForm(undefined), {
    enabled: keysOn && can(def.permissions.add),
  });
  // What this screen offers the command palette while it is on display.
  const latest = useRef<ScreenHandlers>({
    removeSelected: () => {},
    focusFilters: () => {},
    resetFilters: () => {},
    reload: () => {},
  });
  useLayoutEffect(() => {
    latest.current = {
      removeSelected: () => void remove(selectedIds),
      focusFilters,
      resetFilters,
      reload: () => void list.refetch(),
    };
  });
  const canRemove = can(def.permissions.remove);
  const hasFilters = filters.length > 0;
  useEffect(() => {
    if (!visible) return;
    return offerScreenCommands(offeredCommands(def, canRemove, hasFilters, latest));
  }, [visible, def, canRemove, hasFilters]);

  const actions = {
    ...(can(def.permissions.view) || can(def.permissions.edit)
      ? { view: (row: Row) => setDetail(row) }
      : {}),
    ...(can(def.permissions.edit) ? { edit: (row: Row) => openForm(row) } : {}),
    ...(can(def.permissions.remove) ? { remove: (row: Row) => void remove([String(row.id)]) } : {}),
  };
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    const key = (id: Parameters<typeof isShortcutKey>[1]) => isShortcutKey(event, id);
    let consumed = true;
    if (event.key === 'ArrowDown') moveRow(1);
    else if (event.key === 'ArrowUp') moveRow(-1);
    else if (key('list.toggle') && can(def.permissions.remove)) {
      const id = String(row.id);
      setRowSelection((sel) => ({ ...sel, [id]: !sel[id] }));
    } else if (key('list.open') && actions.view) actions.view(row);
    else if (key('list.edit') && actions.edit) actions.edit(row);
    else if (key('list.remove') && actions.remove) actions.remove(row);
    else consumed = false;
    if (consumed) event.preventDefault();
  };
  const title = def.title[lang];

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {title}
      </Title>
      {filters.length > 0 && (
        <FilterBar
          ref={filterRef}
          filters={filters}
          values={draft}
          onChange={setDraft}
          onSearch={() => applyFilters(draft)}
          onReset={resetFilters}
        />
      )}
      <Group gap="xs">
        {can(def.permissions.add) && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => openForm(undefined)}
          >
            {t('table.add')}
          </Button>
        )}
        {can(def.permissions.remove) && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void remove(selectedIds)}
          >
            {t('table.bulkRemove')}
          </Button>
        )}
      </Group>
      {list.isError && (
        // The API layer has said why in a toast; the screen says the list is not current.
        <Alert color="red" variant="light" title={t('table.loadFailed')}>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {/* The declared columns would flash before the user's saved layout replaced them. */}
      {layout.ready ? (
        <ResourceTable
          def={def}
          rows={rows}
          total={list.data?.total ?? 0}
          loading={list.isLoading}
          fetching={list.isFetching}
          pagination={pagination}
          onPaginationChange={(next) => {
            if (next.pageSize !== pagination.pageSize) layout.savePageSize(next.pageSize);
            setPagination(next);
          }}
          layout={layout}
          sorting={sorting}
          onSortingChange={(next) => {
            setSorting(next);
            setPagination((p) => ({ ...p, pageIndex: 0 }));
          }}
          selectable={can(def.permissions.remove)}
          rowSelection={rowSelection}
          onRowSelectionChange={setRowSelection}
          actions={actions}
          focusedIndex={focusedRow}
          onRowFocus={setFocusedRow}
          onRowKeyDown={onRowKeyDown}
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
      </Drawer>
      {confirmDialog}
    </Stack>
  );
}
