import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useResourceListQuery } from '../../api/resource';
import type { Param as ParamRecord } from '../blade-system/param';
import { defineResource, type ResourceDef } from '../types';
import { ResourceTable } from './resource-table';
import type { Row } from './table-row';
import { renderSignedIn, reply, scriptFetch, type Answer, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';

type Param = Omit<ParamRecord, 'createTime'>;

const def = defineResource<Param>({
  service: 'blade-system/param',
  route: '/system/param',
  title: { zh: '参数', en: 'Parameter' },
  permissions: {},
  columns: [
    { field: 'paramName', label: { zh: '参数名称', en: 'Name' }, width: 200 },
    {
      field: 'paramValue',
      label: { zh: '参数键值', en: 'Value' },
      width: 260,
      edit: {
        kind: 'text',
        extraFields: ['id', 'version', 'paramName', 'paramKey', 'remark'],
        hiddenFor: ['locked'],
      },
    },
    { field: 'remark', label: { zh: '备注', en: 'Remark' } },
  ],
  recordLabel: (p) => p.paramName,
}) as unknown as ResourceDef;

/** The rows the server holds; the list call answers them as they are then. */
let serverRows: Param[] = [];
/** Answers for the next submits (a pending one when the queue is empty). */
let submitAnswers: Answer[] = [];
let pendingSubmit: ((answer: Answer) => void) | undefined;
let requests: Call[] = [];

const envelope = (data: unknown, msg = '操作成功', code = 200) => ({
  code,
  success: code === 200,
  data,
  msg,
});

beforeAll(() => giveTableAViewport(3 * 61 + 120));

beforeEach(() => {
  serverRows = [
    {
      id: '1',
      paramName: '站点名称',
      paramKey: 'site.name',
      paramValue: '权益平台',
      remark: null,
      version: 3,
    },
    {
      id: '2',
      paramName: '注册开关',
      paramKey: 'account.registerUser',
      paramValue: 'true',
      remark: '是否开放注册',
      version: 1,
    },
    {
      id: '3',
      paramName: '锁定项',
      paramKey: 'locked.item',
      paramValue: 'locked',
      remark: null,
      version: 1,
    },
  ];
  submitAnswers = [];
  pendingSubmit = undefined;
  onRowKey.mockClear();
  requests = scriptFetch(async (call) =>
    call.url.includes('/list')
      ? { records: serverRows.map((r) => ({ ...r })), total: 3 }
      : reply(submitAnswers.shift() ?? (await new Promise<Answer>((r) => (pendingSubmit = r)))),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The table over a real list query, with inline editing on as the screen gives it. */
function ParamTable({ editable }: { editable?: (row: Row) => boolean }) {
  const list = useResourceListQuery({ service: def.service, params: { current: 1, size: 10 } });
  const page = list.data && !Array.isArray(list.data) ? list.data : undefined;
  return (
    <ResourceTable
      def={def}
      rows={page?.records ?? (NO_ROWS as Row[])}
      total={page?.total ?? 0}
      loading={list.isLoading}
      fetching={list.isFetching}
      pagination={{ pageIndex: 0, pageSize: 10 }}
      onPaginationChange={() => undefined}
      sorting={[]}
      onSortingChange={() => undefined}
      selectable={false}
      rowSelection={{}}
      onRowSelectionChange={() => undefined}
      actions={editable ? { editable } : {}}
      onRowKeyDown={onRowKey}
      inlineEdit={{ reload: () => list.refetch() }}
    />
  );
}
const NO_ROWS: Row[] = [];
const onRowKey = vi.fn();

async function renderTable(editable?: (row: Row) => boolean) {
  renderSignedIn(<ParamTable {...(editable ? { editable } : {})} />);
  await screen.findByText('权益平台');
}

const listCalls = () => requests.filter((r) => r.url.includes('/list')).length;
const submits = () => requests.filter((r) => r.method === 'POST');
const editButton = (name: string) =>
  screen.getByRole('button', { name: `编辑 ${name} 的参数键值` });
const editor = () => screen.getByRole('textbox', { name: '编辑参数键值' });
const editors = () => screen.queryAllByRole('textbox', { name: '编辑参数键值' });
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}
function press(el: HTMLElement, key: string) {
  fireEvent.keyDown(el, { key });
}

describe('inline editing of a resource table cell', () => {
  it('shows an edit button beside each value except the configured ones', async () => {
    await renderTable();
    expect(editButton('站点名称')).toBeTruthy();
    expect(editButton('注册开关')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '编辑 锁定项 的参数键值' })).toBeNull();
  });

  it('rows the screen may not edit (its editable rule) show no edit button and ignore F2', async () => {
    await renderTable((row) => row.id !== '2');
    expect(editButton('站点名称')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '编辑 注册开关 的参数键值' })).toBeNull();
    const tr = rowOf('注册开关');
    tr.focus();
    press(tr, 'F2');
    expect(editors()).toHaveLength(0);
  });

  it('opens on the button with the value, focused; Esc cancels and gives focus back', async () => {
    await renderTable();
    fireEvent.click(editButton('站点名称'));
    const input = editor() as HTMLInputElement;
    expect(input.value).toBe('权益平台');
    await waitFor(() => expect(document.activeElement).toBe(input));
    type(input, '别的');
    press(input, 'Escape');
    expect(editors()).toHaveLength(0);
    expect(screen.getByText('权益平台')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(editButton('站点名称')));
    expect(submits()).toHaveLength(0);
  });

  it('F2 on a focused row edits its first editable cell; Esc returns to the row', async () => {
    await renderTable();
    const tr = rowOf('注册开关');
    tr.focus();
    press(tr, 'F2');
    const input = editor() as HTMLInputElement;
    expect(input.value).toBe('true');
    expect(onRowKey).not.toHaveBeenCalled();
    press(input, 'Escape');
    await waitFor(() => expect(document.activeElement).toBe(rowOf('注册开关')));
    // Other keys still reach the screen's row handler (Enter opens the details there).
    press(rowOf('注册开关'), 'Enter');
    expect(onRowKey).toHaveBeenCalledTimes(1);
  });

  it('Enter saves the typed value with the configured row fields and reloads the list', async () => {
    await renderTable();
    expect(listCalls()).toBe(1);
    fireEvent.click(editButton('站点名称'));
    type(editor(), ' 权益中心 ');
    serverRows[0] = { ...serverRows[0]!, paramValue: '权益中心', version: 4 };
    submitAnswers.push({ status: 200, body: envelope({ id: '1' }, '修改成功') });
    press(editor(), 'Enter');
    await screen.findByText('权益中心');
    expect(submits()).toEqual([
      {
        method: 'POST',
        url: '/api/blade-system/param/submit',
        // remark is null on this row: left out rather than sent as null.
        body: {
          id: '1',
          version: 3,
          paramName: '站点名称',
          paramKey: 'site.name',
          paramValue: '权益中心',
        },
      },
    ]);
    expect(editors()).toHaveLength(0);
    // The write's own refetch and the machine's reload are one request.
    expect(listCalls()).toBe(2);
    await waitFor(() => expect(document.activeElement).toBe(editButton('站点名称')));
  });

  it('says it is saving with the input disabled, until the answer comes', async () => {
    await renderTable();
    fireEvent.click(editButton('注册开关'));
    type(editor(), 'false');
    press(editor(), 'Enter');
    await waitFor(() => expect(pendingSubmit).toBeDefined());
    expect((editor() as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('保存中…');
    // A second Enter while saving sends nothing more.
    press(editor(), 'Enter');
    await act(async () => pendingSubmit?.({ status: 200, body: envelope({ id: '2' }) }));
    await waitFor(() => expect(editors()).toHaveLength(0));
    expect(submits()).toHaveLength(1);
  });

  it('an empty or unchanged value saves nothing and closes', async () => {
    await renderTable();
    fireEvent.click(editButton('站点名称'));
    press(editor(), 'Enter');
    expect(editors()).toHaveLength(0);
    fireEvent.click(editButton('站点名称'));
    type(editor(), '   ');
    press(editor(), 'Enter');
    expect(editors()).toHaveLength(0);
    expect(submits()).toHaveLength(0);
    expect(screen.getByText('权益平台')).toBeTruthy();
  });

  it('a failed save keeps the typed text and shows the server message', async () => {
    await renderTable();
    fireEvent.click(editButton('站点名称'));
    type(editor(), 'x'.repeat(12));
    submitAnswers.push({ status: 400, body: envelope(null, '参数键值格式不正确', 400) });
    press(editor(), 'Enter');
    expect((await screen.findByRole('alert')).textContent).toBe('参数键值格式不正确');
    const input = editor() as HTMLInputElement;
    expect(input.value).toBe('x'.repeat(12));
    expect(input.disabled).toBe(false);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(listCalls()).toBe(1);
  });

  it('a 409 says another user changed it; Reload refetches the list and closes', async () => {
    await renderTable();
    fireEvent.click(editButton('站点名称'));
    type(editor(), '我的值');
    serverRows[0] = { ...serverRows[0]!, paramValue: '他人的值', version: 4 };
    submitAnswers.push({ status: 409, body: envelope(null, '数据已被修改', 409) });
    press(editor(), 'Enter');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('数据已被其他用户修改，请刷新后重试');
    expect((editor() as HTMLInputElement).value).toBe('我的值');
    expect(listCalls()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await screen.findByText('他人的值');
    expect(listCalls()).toBe(2);
    expect(editors()).toHaveLength(0);
    expect(submits()).toHaveLength(1);
  });

  it('leaving the input saves (the spec: blur saves); moving onto Reload does not', async () => {
    await renderTable();
    fireEvent.click(editButton('注册开关'));
    type(editor(), 'false');
    submitAnswers.push({ status: 200, body: envelope({ id: '2' }) });
    fireEvent.blur(editor(), { relatedTarget: null });
    await waitFor(() => expect(editors()).toHaveLength(0));
    expect(submits().map((r) => (r.body as { paramValue: string }).paramValue)).toEqual(['false']);

    fireEvent.click(editButton('站点名称'));
    type(editor(), '我的值');
    submitAnswers.push({ status: 409, body: envelope(null, '数据已被修改', 409) });
    press(editor(), 'Enter');
    const reload = await screen.findByRole('button', { name: '刷新' });
    fireEvent.blur(editor(), { relatedTarget: reload });
    expect(submits()).toHaveLength(2);
  });

  it('edits one cell at a time: opening another closes an unchanged one', async () => {
    await renderTable();
    fireEvent.click(editButton('站点名称'));
    expect(editors()).toHaveLength(1);
    fireEvent.click(editButton('注册开关'));
    expect(editors()).toHaveLength(1);
    expect((editor() as HTMLInputElement).value).toBe('true');
    expect(within(rowOf('站点名称')).getByText('权益平台')).toBeTruthy();
    expect(submits()).toHaveLength(0);
  });
});
