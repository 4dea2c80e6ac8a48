import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FlowDefinition } from '../../contracts/blade-flow/definition';
import type { FlowModel } from '../../contracts/blade-flow/model';
import { fail, renderSignedIn, reply, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import flowManager from './flow-manager';
import flowModels from './flow-model';

// bpmn-js does not render in jsdom: the viewer chunk shows what it was given.
vi.mock('../../components/bpmn-diagram/bpmn-canvas', () => ({
  default: ({ view }: { view: { xml: string } }) => (
    <div role="img" aria-label="diagram" data-xml={view.xml} />
  ),
}));

beforeAll(() => {
  giveTableAViewport();
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const page = <R,>(records: R[]) => ({
  records,
  total: records.length,
  size: 20,
  current: 1,
  pages: 1,
});
const definition = (over: Partial<FlowDefinition> = {}): FlowDefinition => ({
  id: 'd1',
  processKey: 'leave',
  name: '请假流程',
  category: '人事',
  processVersion: 2,
  deploymentId: 'dep1',
  resourceName: 'leave.bpmn20.xml',
  suspended: 0,
  deployTime: '2026-11-29 09:00:00',
  ...over,
});
const model: FlowModel = {
  id: 'm1',
  modelKey: 'trip',
  name: '出差审批',
  description: '两级审批',
  version: 2,
  createTime: '2026-11-29 08:00:00',
  updateTime: '2026-11-29 08:30:00',
};

let calls: Call[] = [];
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
async function renderScreen(
  def: unknown,
  route: string,
  permissions: string[],
  answer: (call: Call) => unknown,
  waitFor: string,
) {
  calls = scriptFetch((call) =>
    call.url.startsWith('/api/blade-system/table-set') ? null : answer(call),
  );
  window.history.replaceState(null, '', route);
  renderSignedIn(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route
          path={route}
          element={<ResourceScreen def={def as ResourceScreenProps['def']} route={route} />}
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { permissions },
  );
  await screen.findByText(waitFor, {}, { timeout: 8000 });
}

/** Opens a row's "more" menu and picks `action`. */
async function rowAction(record: string, action: string) {
  fireEvent.click(screen.getByRole('button', { name: `${record} 的更多操作` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: `${action} ${record}` }));
}
const actionLabels = async (record: string) => {
  fireEvent.click(screen.getByRole('button', { name: `${record} 的更多操作` }));
  const items = await screen.findAllByRole('menuitem');
  const labels = items.map((i) => i.getAttribute('aria-label'));
  fireEvent.keyDown(items[0]!, { key: 'Escape' });
  await waitFor(() => expect(screen.queryAllByRole('menuitem')).toHaveLength(0));
  return labels;
};

const MANAGER_ALL = [
  'flow_manager',
  'flow_manager_view',
  'flow_manager_change_state',
  'flow_manager_delete',
];
const managerAnswer = (call: Call) => {
  if (call.url.startsWith('/api/blade-flow/manager/list'))
    return page([
      definition(),
      definition({
        id: 'd2',
        processKey: 'trip',
        name: '出差',
        suspended: 1,
        deploymentId: 'dep2',
      }),
    ]);
  if (call.url.startsWith('/api/blade-flow/process/model-view'))
    return { xml: '<definitions id="deployed"/>', flow: [], current: [] };
  return null;
};

describe('流程管理 (/flow/manager)', { timeout: 30_000 }, () => {
  it('shows the state as 激活 / 挂起 and offers suspend or activate by it', async () => {
    await renderScreen(flowManager, '/flow/manager', MANAGER_ALL, managerAnswer, '出差');
    expect(screen.getAllByText('激活').length).toBeGreaterThan(0);
    expect(screen.getAllByText('挂起').length).toBeGreaterThan(0);
    expect(await actionLabels('请假流程 v2')).toEqual([
      '挂起 请假流程 v2',
      '删除部署 请假流程 v2',
      '流程图 请假流程 v2',
    ]);
    expect(await actionLabels('出差 v2')).toEqual([
      '激活 出差 v2',
      '删除部署 出差 v2',
      '流程图 出差 v2',
    ]);
  });

  it('suspends after a confirmation', async () => {
    await renderScreen(flowManager, '/flow/manager', MANAGER_ALL, managerAnswer, '出差');
    await rowAction('请假流程 v2', '挂起');
    const ask = await screen.findByRole('dialog', { name: '提示' });
    expect(ask.textContent).toContain('挂起后不能发起新流程');
    fireEvent.click(within(ask).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.method === 'POST' &&
            c.url === '/api/blade-flow/manager/change-state?processId=d1&state=suspend',
        ),
      ).toBe(true),
    );
  });

  it('deletes a deployment after saying its running instances are cancelled', async () => {
    await renderScreen(flowManager, '/flow/manager', MANAGER_ALL, managerAnswer, '出差');
    await rowAction('出差 v2', '删除部署');
    const ask = await screen.findByRole('dialog', { name: '提示' });
    expect(ask.textContent).toContain('运行中的流程实例将被取消');
    fireEvent.click(within(ask).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.method === 'POST' &&
            c.url === '/api/blade-flow/manager/delete-deployment?deploymentIds=dep2',
        ),
      ).toBe(true),
    );
  });

  it('shows a definition diagram by its id', async () => {
    await renderScreen(flowManager, '/flow/manager', MANAGER_ALL, managerAnswer, '出差');
    await rowAction('请假流程 v2', '流程图');
    expect(await screen.findByRole('dialog', { name: '流程图展示' })).toBeTruthy();
    expect((await screen.findByRole('img', { name: 'diagram' })).getAttribute('data-xml')).toBe(
      '<definitions id="deployed"/>',
    );
    expect(
      calls.some((c) => c.url === '/api/blade-flow/process/model-view?processDefinitionId=d1'),
    ).toBe(true);
  });

  it('offers no state change or delete without their buttons', async () => {
    await renderScreen(
      flowManager,
      '/flow/manager',
      ['flow_manager', 'flow_manager_view'],
      managerAnswer,
      '出差',
    );
    // One action left: shown in the row, with no "more" menu.
    expect(screen.getAllByRole('button', { name: '流程图 请假流程 v2' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '请假流程 v2 的更多操作' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(挂起|激活|删除部署) / })).toBeNull();
  });
});

const MODEL_ALL = [
  'flow_model',
  'flow_model_add',
  'flow_model_edit',
  'flow_model_delete',
  'flow_model_view',
  'flow_model_deploy',
];
const modelAnswer = (call: Call) => {
  if (call.url.startsWith('/api/blade-flow/model/list')) return page([model]);
  if (call.url.startsWith('/api/blade-flow/model/detail'))
    return { ...model, xml: '<definitions id="trip"/>' };
  if (call.url.startsWith('/api/blade-flow/model/deploy'))
    return {
      deploymentId: 'dep9',
      definitions: [{ id: 'd9', processKey: 'trip', processVersion: 3, name: '出差审批' }],
      deployments: [],
    };
  if (call.url.startsWith('/api/blade-system/dict/dictionary'))
    return [{ dictKey: 'hr', dictValue: '人事' }];
  return null;
};

describe('模型设计 (/flow/model)', { timeout: 30_000 }, () => {
  it('deploys a model with the category asked for, and lists what was deployed', async () => {
    await renderScreen(flowModels, '/flow/model', MODEL_ALL, modelAnswer, '出差审批');
    await rowAction('出差审批（trip）', '部署');
    const dialog = await screen.findByRole('dialog', { name: '部署模型：出差审批' });
    fireEvent.click(within(dialog).getByRole('button', { name: '部署' }));
    expect(await within(dialog).findByText('请输入流程分类')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/blade-flow/model/deploy'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /流程分类/ }), {
      target: { value: '人事' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '部署' }));
    expect(await within(dialog).findByText('出差审批（trip）版本 v3')).toBeTruthy();
    const deploy = calls.filter((c) => c.url.startsWith('/api/blade-flow/model/deploy'));
    expect(deploy).toHaveLength(1);
    expect(deploy[0]!.method).toBe('POST');
    expect(deploy[0]!.url).toBe(
      '/api/blade-flow/model/deploy?modelId=m1&category=%E4%BA%BA%E4%BA%8B&tenantIds=',
    );
  });

  it("shows the server's deploy refusal in the dialog", async () => {
    await renderScreen(
      flowModels,
      '/flow/model',
      MODEL_ALL,
      (call) =>
        call.url.startsWith('/api/blade-flow/model/deploy')
          ? reply(fail(400, '不支持脚本任务：Task_1'))
          : modelAnswer(call),
      '出差审批',
    );
    await rowAction('出差审批（trip）', '部署');
    const dialog = await screen.findByRole('dialog', { name: '部署模型：出差审批' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /流程分类/ }), {
      target: { value: '人事' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '部署' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      '不支持脚本任务：Task_1',
    );
  });

  it("shows a model's own XML in the diagram dialog", async () => {
    await renderScreen(flowModels, '/flow/model', MODEL_ALL, modelAnswer, '出差审批');
    await rowAction('出差审批（trip）', '流程图');
    expect((await screen.findByRole('img', { name: 'diagram' })).getAttribute('data-xml')).toBe(
      '<definitions id="trip"/>',
    );
    expect(calls.some((c) => c.url.startsWith('/api/blade-flow/process/model-view'))).toBe(false);
  });

  it('add opens the modeller page for a new model', async () => {
    await renderScreen(flowModels, '/flow/model', MODEL_ALL, modelAnswer, '出差审批');
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    expect((await screen.findByTestId('where')).textContent).toBe('/flow/model/design/new');
  });

  it('offers no deploy without flow_model_deploy', async () => {
    await renderScreen(
      flowModels,
      '/flow/model',
      ['flow_model', 'flow_model_view'],
      modelAnswer,
      '出差审批',
    );
    expect(screen.getAllByRole('button', { name: '流程图 出差审批（trip）' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^部署 / })).toBeNull();
  });
});
