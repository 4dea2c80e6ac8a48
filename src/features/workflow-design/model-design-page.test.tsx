import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowModelDetail } from '../../contracts/blade-flow/model';
import { fail, renderSignedIn, reply, scriptFetch, type Call } from '../../test/signed-in';
import { ShortcutCheatSheet } from '../shortcuts/cheat-sheet';
import { closeShortcutHelp, openShortcutHelp } from '../shortcuts/shortcut-help-store';
import { ModelDesignPage } from './model-design-page';
import { createActor } from 'xstate';
import { tabsMachine } from '../../../machines/tabs-machine';
import { ShellContext, type Shell } from '../../state/shell-context';

// bpmn-js does not render in jsdom: the modeller chunk is replaced by a stand-in that keeps the
// page's contract with it (the handle exports XML with the process key; an edit calls onChange).
const opened: string[] = [];
vi.mock('./bpmn-modeler', async () => {
  const { useEffect, useImperativeHandle } = await import('react');
  return {
    default: function FakeModeler({
      xml,
      handle,
      onChange,
    }: {
      xml: string;
      handle: import('react').Ref<import('./bpmn-modeler').ModelerHandle>;
      onChange(): void;
    }) {
      // The real modeller imports a diagram each time `xml` changes.
      useEffect(() => void opened.push(xml), [xml]);
      useImperativeHandle(handle, () => ({
        xml: (key: string, name: string) =>
          Promise.resolve(`<diagram key="${key}" name="${name}"/>`),
        focus: () => undefined,
      }));
      return (
        <button type="button" onClick={onChange}>
          edit the diagram
        </button>
      );
    },
  };
});

afterEach(() => {
  act(() => closeShortcutHelp());
  cleanup();
  vi.unstubAllGlobals();
  opened.length = 0;
});

const ALL = [
  'flow_model',
  'flow_model_add',
  'flow_model_edit',
  'flow_model_view',
  'flow_model_deploy',
];
const MODEL: FlowModelDetail = {
  id: '7',
  modelKey: 'leave',
  name: '请假流程',
  description: null,
  version: 3,
  createTime: '2026-11-29 08:00:00',
  updateTime: '2026-11-29 08:00:00',
  xml: '<definitions id="saved"/>',
};

function renderPage(path: string, answer: (call: Call) => unknown, permissions = ALL) {
  const calls = scriptFetch(answer);
  renderSignedIn(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/flow/model/design/:id" element={<ModelDesignPage />} />
        <Route path="/flow/model" element={<p>model list</p>} />
        <Route path="/403" element={<p>forbidden</p>} />
      </Routes>
      <ShortcutCheatSheet />
    </MemoryRouter>,
    { permissions },
  );
  return calls;
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: '保存' }));
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('ModelDesignPage', () => {
  it('a new model starts with one start event and is checked before sending', async () => {
    const calls = renderPage('/flow/model/design/new', () => ({ id: '12' }));
    await screen.findByRole('button', { name: 'edit the diagram' });
    // The stand-in records the diagram in an effect, which may run after the button shows.
    await waitFor(() => expect(opened[0]).toContain('<bpmn:startEvent id="StartEvent_1"'));
    expect(opened[0]!.match(/<bpmn:startEvent/g)).toHaveLength(1);

    save();
    expect(await screen.findByText('请输入模型标识')).toBeTruthy();
    expect(screen.getByText('请输入模型名称')).toBeTruthy();
    type('模型标识', '1bad key');
    save();
    expect(
      await screen.findByText('模型标识须以字母或_开头，只能包含字母、数字、_和-'),
    ).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('saves the form with the diagram (process key = model key) and opens the saved model', async () => {
    const calls = renderPage('/flow/model/design/new', (call) =>
      call.url.includes('/detail') ? { ...MODEL, id: '12', modelKey: 'trip' } : { id: '12' },
    );
    await screen.findByRole('button', { name: 'edit the diagram' });
    type('模型标识', 'trip');
    type('模型名称', '出差审批');
    save();
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const post = posts(calls)[0]!;
    expect(post.url).toBe('/api/blade-flow/model/submit');
    expect(post.body).toEqual({
      modelKey: 'trip',
      name: '出差审批',
      description: null,
      xml: '<diagram key="trip" name="出差审批"/>',
    });
    // The new model's page: its detail is loaded by id.
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/blade-flow/model/detail?id=12')).toBe(true),
    );
  });

  it("shows the server's refusal as text beside the canvas and loses nothing", async () => {
    const calls = renderPage('/flow/model/design/7', (call) =>
      call.method === 'GET' ? MODEL : reply(fail(400, '不支持脚本任务：Task_1')),
    );
    await screen.findByRole('button', { name: 'edit the diagram' });
    await waitFor(() => expect((field('模型名称') as HTMLInputElement).value).toBe('请假流程'));
    expect(opened).toEqual(['<definitions id="saved"/>']);
    fireEvent.click(screen.getByRole('button', { name: 'edit the diagram' }));
    type('模型描述', '改过的描述');
    save();
    const refusal = await screen.findByText('不支持脚本任务：Task_1');
    expect(refusal.closest('[role="alert"]')?.textContent).toContain('保存失败');
    expect(posts(calls)[0]?.body).toMatchObject({ id: '7', version: 3, description: '改过的描述' });
    // Still unsaved, the form kept, the canvas not re-opened.
    expect((field('模型描述') as HTMLTextAreaElement).value).toBe('改过的描述');
    expect(screen.getByText('（未保存）')).toBeTruthy();
    expect(opened).toEqual(['<definitions id="saved"/>']);
  });

  it('puts a field refusal at its field (a key taken)', async () => {
    renderPage('/flow/model/design/new', () => reply(fail(409, 'modelKey:模型标识已存在')));
    await screen.findByRole('button', { name: 'edit the diagram' });
    type('模型标识', 'leave');
    type('模型名称', '请假');
    save();
    expect(await screen.findByText('模型标识已存在')).toBeTruthy();
    expect(screen.queryByText('保存失败')).toBeNull();
  });

  it('saves on Ctrl+S from the canvas', async () => {
    const calls = renderPage('/flow/model/design/7', (call) =>
      call.method === 'GET' ? MODEL : { id: '7' },
    );
    const canvas = await screen.findByRole('button', { name: 'edit the diagram' });
    await waitFor(() => expect((field('模型名称') as HTMLInputElement).value).toBe('请假流程'));
    fireEvent.click(canvas);
    expect(screen.getByText('（未保存）')).toBeTruthy();
    fireEvent.keyDown(canvas, { key: 's', ctrlKey: true });
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('（未保存）')).toBeNull());
    // The reload after saving brings the new version, not a re-opened canvas.
    expect(opened).toEqual(['<definitions id="saved"/>']);
  });

  it('the tab says when the model has unsaved changes', async () => {
    const tabs = createActor(tabsMachine, {
      input: { home: { key: '/wel/index', path: '/wel/index', label: '首页' } },
    }).start();
    tabs.send({
      type: 'tab.open',
      tab: { path: '/flow/model/design/7', label: '/flow/model/design/7' },
    });
    const label = () =>
      tabs.getSnapshot().context.tabs.find((x) => x.path === '/flow/model/design/7')?.meta?.title;
    scriptFetch(() => MODEL);
    renderSignedIn(
      <ShellContext value={{ tabs } as unknown as Shell}>
        <MemoryRouter initialEntries={['/flow/model/design/7']}>
          <Routes>
            <Route path="/flow/model/design/:id" element={<ModelDesignPage />} />
          </Routes>
        </MemoryRouter>
      </ShellContext>,
      { permissions: ALL },
    );
    await waitFor(() =>
      expect(label()).toEqual({ zh: '模型设计：请假流程', en: 'Model design: 请假流程' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'edit the diagram' }));
    await waitFor(() => expect(label()?.zh).toBe('模型设计：请假流程 *'));
    tabs.stop();
  });

  it('asks before leaving with unsaved changes', async () => {
    renderPage('/flow/model/design/7', () => MODEL);
    const canvas = await screen.findByRole('button', { name: 'edit the diagram' });
    fireEvent.click(canvas);
    fireEvent.click(screen.getByRole('link', { name: '返回模型列表' }));
    const ask = await screen.findByRole('dialog', { name: '提示' });
    expect(ask.textContent).toContain('模型有未保存的修改，确定离开吗？');
    fireEvent.click(within(ask).getByRole('button', { name: '取消' }));
    expect(screen.queryByText('model list')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '返回模型列表' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '提示' })).getByRole('button', {
        name: '确定',
      }),
    );
    expect(await screen.findByText('model list')).toBeTruthy();
  });

  it('lists the modeller shortcuts in the ? sheet while the page is open only', async () => {
    renderPage('/flow/model/design/new', () => null);
    await screen.findByRole('button', { name: 'edit the diagram' });
    act(() => openShortcutHelp());
    const sheet = await screen.findByRole('dialog', { name: '快捷键' });
    const table = within(sheet).getByRole('table', { name: '流程设计器' });
    for (const action of [
      '保存模型',
      '撤销',
      '重做',
      '全选',
      '删除所选元素',
      '抓手工具（拖动画布）',
      '套索工具（框选）',
      '空间工具（插入或移除空白）',
      '连线工具',
      '编辑所选元素的名称',
      '查找元素',
      '放大 / 缩小 / 恢复原始大小',
    ])
      expect(within(table).getByText(action)).toBeTruthy();
    expect(within(table).getByText('Ctrl+S')).toBeTruthy();
    expect(within(table).getByText('Ctrl+Y')).toBeTruthy();
    act(() => closeShortcutHelp());
    cleanup();
    // Another page: the sheet has no modeller section.
    renderSignedIn(<ShortcutCheatSheet />);
    act(() => openShortcutHelp());
    const other = await screen.findByRole('dialog', { name: '快捷键' });
    expect(within(other).queryByRole('table', { name: '流程设计器' })).toBeNull();
  });

  it('without the add button a new model is forbidden', async () => {
    renderPage('/flow/model/design/new', () => null, ['flow_model', 'flow_model_view']);
    expect(await screen.findByText('forbidden')).toBeTruthy();
  });

  it('waits for the button codes before it forbids (the menu codes come first)', async () => {
    let answerButtons: (value: unknown) => void = () => undefined;
    renderPage(
      '/flow/model/design/new',
      (call) =>
        call.url.includes('menu/buttons') ? new Promise((r) => (answerButtons = r)) : null,
      ['flow_model'],
    );
    expect(await screen.findByLabelText('设计器加载中')).toBeTruthy();
    expect(screen.queryByText('forbidden')).toBeNull();
    // The buttons arrive (the provider's codes stand for them here): still no add, now a 403.
    answerButtons([]);
    expect(await screen.findByText('forbidden')).toBeTruthy();
  });
});
